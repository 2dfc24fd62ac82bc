// Differential tests of base64 in both directions: fast:: at every
// instruction-set level this CPU reports against baseline::, on every size
// from 0 to 4096 and on 1 MiB, with whitespace, junk, '=' and wide code units
// placed on and around the 32- and 64-character steps of the vector loops.
// Text to bytes is Buffer.from(text, 'base64'), what writeFileSync(data,
// 'base64') writes; bytes to text is buf.toString('base64' | 'base64url'),
// what readFileSync(file, 'base64') returns.

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "cpu_levels.hpp"
#include "differential.hpp"
#include "fast/dispatch.hpp"
#include "fpbench/core/transcode.hpp"

namespace fpbench::core::base64_test {
namespace {

using fast::internal::Isa;
using testing_support::levels;
using testing_support::same_bytes;
using testing_support::same_string;

constexpr std::string_view kAlphabets =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_";
constexpr std::size_t kMiB = std::size_t{1} << 20;

class Base64 : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(testing_support::fast_runs_exactly(levels()));
  }
};

std::string at(const std::string& where, Isa isa) {
  return where + " impl=" + std::string(fast::internal::isa_name(isa));
}

// Text to bytes, through encode and through encode_into with a buffer of
// exactly max_encoded_length and a guard after it.
void check_text(const JsString& text, const std::string& where) {
  for (Encoding e : {Encoding::kBase64, Encoding::kBase64Url}) {
    const std::string expected = baseline::encode(text, e);
    for (Isa isa : levels()) {
      const std::string here =
          at(where, isa) + " encoding=" + std::string(encoding_name(e));
      ASSERT_TRUE(same_bytes(expected, fast::internal::encode(text, e, isa),
                             here + " encode"));
      constexpr std::size_t kGuard = 64;
      const std::size_t bound = fast::max_encoded_length(text, e);
      std::string buffer(bound + kGuard, '\xA5');
      const std::size_t written = fast::internal::encode_into(
          text, e, std::span<char>(buffer.data(), bound), isa);
      ASSERT_EQ(buffer.substr(bound), std::string(kGuard, '\xA5'))
          << here << " wrote past the bound";
      ASSERT_LE(written, bound) << here;
      buffer.resize(written);
      ASSERT_TRUE(same_bytes(expected, buffer, here + " encode_into"));
    }
  }
}

// Bytes to text in both alphabets.
void check_bytes(const std::string& bytes, const std::string& where) {
  for (Encoding e : {Encoding::kBase64, Encoding::kBase64Url}) {
    const JsString expected = baseline::decode(bytes, e);
    for (Isa isa : levels()) {
      ASSERT_TRUE(same_string(
          expected, fast::internal::decode(bytes, e, isa),
          at(where, isa) + " encoding=" + std::string(encoding_name(e))));
    }
  }
}

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}
  unsigned below(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  bool chance(unsigned per_mille) { return below(1000) < per_mille; }

  std::string bytes(std::size_t n) {
    std::string out(n, '\0');
    for (char& c : out) c = static_cast<char>(below(256));
    return out;
  }
  char16_t alphabet_char() {
    return static_cast<char16_t>(kAlphabets[below(kAlphabets.size())]);
  }
  // Base64 characters with, per mille, junk (anything outside the
  // alphabets: whitespace, controls, bytes from 0x80) and '='.
  std::u16string text(std::size_t n, unsigned junk, unsigned pads) {
    std::u16string s(n, u'\0');
    for (char16_t& u : s) {
      u = alphabet_char();
      if (chance(junk)) {
        u = chance(500) ? u"\n\r\t \x0B\x80\xFF"[below(7)]
                        : static_cast<char16_t>(below(256));
      }
      if (chance(pads)) u = u'=';
    }
    return s;
  }
  // The same low bytes, with a random high byte on some units: the low byte
  // alone counts (U+0141 reads as 'A').
  std::u16string widen_some(std::u16string s, unsigned per_mille) {
    for (char16_t& u : s) {
      if (chance(per_mille))
        u = static_cast<char16_t>(u | (1 + below(0xFF)) << 8);
    }
    return s;
  }

 private:
  std::mt19937 rng_;
};

std::string narrow(const std::u16string& s) {
  std::string out(s.size(), '\0');
  for (std::size_t i = 0; i < s.size(); ++i)
    out[i] = static_cast<char>(s[i] & 0xFF);
  return out;
}

std::string where(const char* kind, std::size_t size) {
  return std::string("kind=") + kind + " size=" + std::to_string(size);
}

TEST_F(Base64, BytesToTextAtEverySizeUpTo4096) {
  Gen gen(11);
  for (std::size_t size = 0; size <= 4096; ++size) {
    ASSERT_NO_FATAL_FAILURE(
        check_bytes(gen.bytes(size), where("random", size)));
  }
}

TEST_F(Base64, CleanTextToBytesAtEverySizeUpTo4096) {
  Gen gen(12);
  for (std::size_t size = 0; size <= 4096; ++size) {
    const std::u16string s = gen.text(size, 0, 0);
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(narrow(s)), where("clean one-byte", size)));
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(s), where("clean two-byte", size)));
  }
}

TEST_F(Base64, TextWithJunkToBytesAtEverySizeUpTo4096) {
  Gen gen(13);
  for (std::size_t size = 0; size <= 4096; ++size) {
    // Mostly junk-free text with a few stray characters, and text that is
    // a quarter junk; '=' rare enough that most texts run to their end.
    const unsigned junk = size % 2 == 0 ? 5 : 250;
    const std::u16string s = gen.text(size, junk, 1);
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(narrow(s)), where("junk one-byte", size)));
    ASSERT_NO_FATAL_FAILURE(check_text(JsString(gen.widen_some(s, 30)),
                                       where("junk two-byte", size)));
  }
}

// Padding, a single stray character, and a wide unit whose low byte is
// junk or '=' at every offset across the first three 64-character steps, in
// texts long enough to leave whole steps after them.
TEST_F(Base64, OneOddCharacterAtEveryOffset) {
  Gen gen(14);
  const std::u16string clean = gen.text(200, 0, 0);
  const char16_t odd[] = {u'=',  u'\n', u' ',      u'\x80',   u'\xFF',
                          u'\0', u'*',  u'\x0141', u'\x013D', u'\x0A0A'};
  for (char16_t c : odd) {
    for (std::size_t offset = 0; offset < 192; ++offset) {
      for (std::size_t length : {offset + 1, offset + 2, std::size_t{200}}) {
        std::u16string s = clean.substr(0, length);
        s[offset] = c;
        const std::string here = "odd U+" + std::to_string(unsigned{c}) +
                                 " offset=" + std::to_string(offset) +
                                 " length=" + std::to_string(length);
        if (c < 0x100) {
          ASSERT_NO_FATAL_FAILURE(check_text(JsString(narrow(s)), here));
        }
        ASSERT_NO_FATAL_FAILURE(check_text(JsString(s), here + " two-byte"));
      }
    }
  }
}

// Texts whose last group is short by 1 to 3 characters, padded or not,
// with the padding followed by more text that must be ignored.
TEST_F(Base64, PartialFinalGroups) {
  Gen gen(15);
  for (std::size_t groups : {0, 1, 15, 16, 17, 31, 32, 33}) {
    const std::u16string body = gen.text(4 * groups, 0, 0);
    for (std::size_t extra = 0; extra < 4; ++extra) {
      for (std::u16string tail : {u"", u"=", u"==", u"=AAAA", u"==\nQUJD"}) {
        const std::u16string s = body + gen.text(extra, 0, 0) + tail;
        const std::string here = "groups=" + std::to_string(groups) +
                                 " extra=" + std::to_string(extra);
        ASSERT_NO_FATAL_FAILURE(check_text(JsString(narrow(s)), here));
        ASSERT_NO_FATAL_FAILURE(check_text(JsString(s), here + " two-byte"));
      }
    }
  }
}

// Only junk, or junk runs longer than a step between valid characters.
TEST_F(Base64, LongRunsOfJunk) {
  Gen gen(16);
  for (std::size_t size : {1, 63, 64, 65, 200, 4096}) {
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(std::string(size, '\n')), where("all junk", size)));
    std::u16string s;
    while (s.size() < size) {
      s += gen.text(1 + gen.below(9), 0, 0);
      s += std::u16string(gen.below(150), u' ');
    }
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(narrow(s)), where("runs", size)));
    ASSERT_NO_FATAL_FAILURE(
        check_text(JsString(s), where("runs two-byte", size)));
  }
}

TEST_F(Base64, OneMebibyte) {
  Gen gen(17);
  const std::string raw = gen.bytes(kMiB);
  ASSERT_NO_FATAL_FAILURE(check_bytes(raw, "bytes 1 MiB"));
  const JsString text = baseline::decode(raw, Encoding::kBase64);
  ASSERT_NO_FATAL_FAILURE(check_text(text, "clean 1 MiB"));
  ASSERT_NO_FATAL_FAILURE(
      check_text(JsString(to_utf16(text)), "clean 1 MiB two-byte"));
  const std::u16string junk = gen.text(kMiB, 20, 0);
  ASSERT_NO_FATAL_FAILURE(check_text(JsString(narrow(junk)), "junk 1 MiB"));
  ASSERT_NO_FATAL_FAILURE(
      check_text(JsString(gen.widen_some(junk, 30)), "junk 1 MiB two-byte"));
}

TEST_F(Base64, RoundTripsAtEveryLevel) {
  Gen gen(18);
  for (std::size_t size : {0, 1, 2, 3, 47, 48, 49, 4095, 65537}) {
    const std::string raw = gen.bytes(size);
    for (Isa isa : levels()) {
      for (Encoding e : {Encoding::kBase64, Encoding::kBase64Url}) {
        const JsString text = fast::internal::decode(raw, e, isa);
        ASSERT_EQ(fast::internal::encode(text, e, isa), raw)
            << at(where("round trip", size), isa) << " " << encoding_name(e);
      }
    }
  }
}

}  // namespace
}  // namespace fpbench::core::base64_test
