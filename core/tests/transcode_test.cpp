// Differential tests: fast:: at every instruction-set level this CPU reports
// (a level fast:: does not run fails every test), against baseline:: on the
// same seeded inputs. A mismatch names the level, the input kind, seed,
// size, encoding and the first differing index.

#include "fpbench/core/transcode.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cpu_levels.hpp"
#include "differential.hpp"
#include "fast/dispatch.hpp"

namespace fpbench::core {
namespace {

using fast::internal::Isa;
using testing_support::levels;
using testing_support::same_bytes;
using testing_support::same_string;

constexpr Encoding kEncodings[] = {Encoding::kUtf8,   Encoding::kUtf16le,
                                   Encoding::kLatin1, Encoding::kAscii,
                                   Encoding::kBase64, Encoding::kBase64Url,
                                   Encoding::kHex};
constexpr std::size_t kSizes[] = {0,  1,  7,  8,    15,   16,    31,     32,
                                  63, 64, 65, 4095, 4096, 65537, 1 << 20};

class Transcode : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(testing_support::fast_runs_exactly(levels()));
  }
};

// Seeds per size: many small inputs, one of each large one.
int seeds_for(std::size_t size) { return size <= 4096 ? 6 : 1; }

// ---- Inputs ----------------------------------------------------------------

enum class TextKind {
  kAscii,
  kLatin1,
  kBmp,
  kAstral,
  kLoneSurrogates,
  kBase64Text,
  kHexText
};
enum class BytesKind {
  kAscii,
  kUtf8OfLatin1,
  kUtf8OfBmp,
  kUtf8OfAstral,
  kSoup,
  kCorrupted,
  kTruncated,
  kUtf16le
};

const char* name(TextKind k) {
  constexpr const char* kNames[] = {"ascii",   "latin1",          "bmp",
                                    "astral",  "lone-surrogates", "base64-text",
                                    "hex-text"};
  return kNames[static_cast<int>(k)];
}
const char* name(BytesKind k) {
  constexpr const char* kNames[] = {
      "ascii", "utf8-of-latin1", "utf8-of-bmp", "utf8-of-astral",
      "soup",  "corrupted",      "truncated",   "utf16le"};
  return kNames[static_cast<int>(k)];
}

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}
  unsigned below(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }

  // A unit of the given flavour; runs of one flavour make the all-ASCII and
  // all-2-byte blocks the fast paths look for.
  char16_t bmp_unit(unsigned flavour) {
    switch (flavour) {
      case 0:
        return static_cast<char16_t>(below(0x80));
      case 1:
        return static_cast<char16_t>(0x80 + below(0x80));
      case 2:
        return static_cast<char16_t>(0x100 + below(0x700));
      case 3:
        return static_cast<char16_t>(0x800 + below(0xD800 - 0x800));
      default:
        return static_cast<char16_t>(0xE000 + below(0x2000));
    }
  }

  JsString text(TextKind kind, std::size_t n) {
    switch (kind) {
      case TextKind::kAscii:
        return one_byte(n, 0x80, false);
      case TextKind::kLatin1:
        return one_byte(n, 0x100, true);
      case TextKind::kBase64Text:
        return code_text(n, kBase64Chars);
      case TextKind::kHexText:
        return code_text(n, kHexChars);
      default:
        return two_byte(kind, n);
    }
  }

  std::string bytes(BytesKind kind, std::size_t n);

 private:
  static constexpr std::string_view kBase64Chars =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_";
  static constexpr std::string_view kHexChars = "0123456789abcdefABCDEF";

  JsString one_byte(std::size_t n, unsigned limit, bool runs) {
    std::string s(n, '\0');
    bool high = false;
    for (char& c : s) {
      if (runs && chance(3)) high = !high;
      c = static_cast<char>(high && limit > 0x80 ? 0x80 + below(0x80)
                                                 : below(0x80));
      if (!runs && limit > 0x80 && chance(30))
        c = static_cast<char>(below(limit));
    }
    return JsString(std::move(s));
  }

  JsString two_byte(TextKind kind, std::size_t n) {
    std::u16string s;
    unsigned flavour = 0;
    while (s.size() < n) {
      if (chance(4)) flavour = below(5);
      if (kind != TextKind::kBmp && s.size() + 2 <= n &&
          chance(kind == TextKind::kAstral ? 5 : 8)) {
        const std::uint32_t cp = below(0x100000);
        s += static_cast<char16_t>(0xD800 + cp / 0x400);
        s += static_cast<char16_t>(0xDC00 + cp % 0x400);
        continue;
      }
      if (kind == TextKind::kLoneSurrogates) {
        // Lone surrogates on or next to the 16/32/64-unit block edges.
        const std::size_t at = s.size() % 16;
        if ((at == 15 || at == 0) && chance(40)) {
          s += static_cast<char16_t>((chance(50) ? 0xD800 : 0xDC00) +
                                     below(0x400));
          continue;
        }
      }
      s += bmp_unit(flavour);
    }
    s.resize(n);
    return JsString(std::move(s));
  }

  JsString code_text(std::size_t n, std::string_view alphabet) {
    const bool wide = chance(50);
    std::u16string s(n, u'\0');
    for (char16_t& u : s) {
      u = static_cast<unsigned char>(
          alphabet[below(static_cast<unsigned>(alphabet.size()))]);
      if (chance(2)) u = u"\n \t=\x01\xFF"[below(6)];
      if (chance(1)) u = static_cast<char16_t>(below(0x100));
      if (wide && chance(3))
        u = static_cast<char16_t>(u | (1 + below(0xFF)) << 8);
    }
    if (wide) return JsString(std::move(s));
    std::string narrow(n, '\0');
    for (std::size_t i = 0; i < n; ++i)
      narrow[i] = static_cast<char>(s[i] & 0xFF);
    return JsString(std::move(narrow));
  }

  std::mt19937 rng_;
};

std::string Gen::bytes(BytesKind kind, std::size_t n) {
  std::string out;
  switch (kind) {
    case BytesKind::kAscii:
      out = text(TextKind::kAscii, n).one_byte();
      break;
    case BytesKind::kUtf8OfLatin1:
      out = baseline::encode(text(TextKind::kLatin1, n), Encoding::kUtf8);
      break;
    case BytesKind::kUtf8OfBmp:
      out = baseline::encode(text(TextKind::kBmp, n), Encoding::kUtf8);
      break;
    case BytesKind::kUtf8OfAstral:
      out = baseline::encode(text(TextKind::kAstral, n), Encoding::kUtf8);
      break;
    case BytesKind::kSoup: {
      static constexpr unsigned char kInteresting[] = {
          0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0,
          0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1,
          0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF};
      out.resize(n);
      for (char& c : out) {
        c = static_cast<char>(
            chance(50) ? kInteresting[below(sizeof kInteresting)] : below(256));
      }
      break;
    }
    case BytesKind::kCorrupted:
    case BytesKind::kTruncated: {
      out = baseline::encode(text(TextKind::kAstral, n), Encoding::kUtf8);
      if (kind == BytesKind::kCorrupted) {
        for (std::size_t k = 0; k < 1 + n / 64 && !out.empty(); ++k) {
          out[below(static_cast<unsigned>(out.size()))] =
              static_cast<char>(below(256));
        }
      } else {
        out += "\xF0\x9F\x98\x80";  // then cut 1 to 3 bytes off its end
        out.resize(out.size() - 1 - below(3));
      }
      break;
    }
    case BytesKind::kUtf16le:
      out = baseline::encode(
          text(chance(50) ? TextKind::kLatin1 : TextKind::kLoneSurrogates,
               n / 2 + 1),
          Encoding::kUtf16le);
      break;
  }
  out.resize(std::min(out.size(), n));  // sizes stay on the block edges
  return out;
}

// ---- Checks ----------------------------------------------------------------

// Encodes s in every encoding at every level, through encode and through
// encode_into with a buffer of exactly max_encoded_length plus a guard.
void check_encode(const JsString& s, const std::string& where) {
  for (Encoding e : kEncodings) {
    const std::string expected = baseline::encode(s, e);
    for (Isa isa : levels()) {
      const std::string at =
          where + " impl=" + std::string(fast::internal::isa_name(isa)) +
          " encoding=" + std::string(encoding_name(e));
      ASSERT_TRUE(same_bytes(expected, fast::internal::encode(s, e, isa),
                             at + " encode"));
      constexpr std::size_t kGuard = 64;
      const std::size_t bound = fast::max_encoded_length(s, e);
      std::string buffer(bound + kGuard, '\xA5');
      const std::size_t written = fast::internal::encode_into(
          s, e, std::span<char>(buffer.data(), bound), isa);
      ASSERT_LE(written, bound) << at;
      ASSERT_EQ(buffer.substr(bound), std::string(kGuard, '\xA5'))
          << at << " wrote past the bound";
      buffer.resize(written);
      ASSERT_TRUE(same_bytes(expected, buffer, at + " encode_into"));
    }
  }
}

void check_decode(const std::string& bytes, const std::string& where) {
  bool ascii = true;
  for (char c : bytes) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  for (Encoding e : kEncodings) {
    const JsString expected = baseline::decode(bytes, e);
    for (Isa isa : levels()) {
      const std::string at =
          where + " impl=" + std::string(fast::internal::isa_name(isa)) +
          " encoding=" + std::string(encoding_name(e));
      ASSERT_TRUE(same_string(expected, fast::internal::decode(bytes, e, isa),
                              at + " decode"));
      if (e == Encoding::kUtf8) {
        ASSERT_EQ(fast::internal::is_ascii(bytes, isa), ascii)
            << at << " is_ascii";
      }
    }
  }
}

std::string where(const char* kind, std::uint32_t seed, std::size_t size) {
  return std::string("kind=") + kind + " seed=" + std::to_string(seed) +
         " size=" + std::to_string(size);
}

// ---- Tests -----------------------------------------------------------------

TEST_F(Transcode, ReportsTheLevelsUnderTest) {
  std::string names;
  for (Isa isa : levels())
    names += std::string(fast::internal::isa_name(isa)) + " ";
  std::cout << "[ levels   ] " << names << "(best "
            << fast::internal::isa_name(fast::internal::best_isa()) << ")\n";
  EXPECT_EQ(levels().back(), fast::internal::best_isa());
}

TEST_F(Transcode, FastMatchesBaselineOnASmallMixedString) {
  const JsString s(std::u16string(u"a\u00e9\u20ac\U0001F600\xD800z"));
  check_encode(s, "small mixed");
  for (Encoding e : kEncodings)
    check_decode(baseline::encode(s, e), "small mixed");
}

TEST_F(Transcode, EncodeMatchesBaselineOnSeededStrings) {
  for (TextKind kind :
       {TextKind::kAscii, TextKind::kLatin1, TextKind::kBmp, TextKind::kAstral,
        TextKind::kLoneSurrogates, TextKind::kBase64Text, TextKind::kHexText}) {
    for (std::size_t size : kSizes) {
      for (int seed = 1; seed <= seeds_for(size); ++seed) {
        Gen gen(
            static_cast<std::uint32_t>(seed * 7919 + static_cast<int>(kind)));
        const JsString s = gen.text(kind, size);
        ASSERT_NO_FATAL_FAILURE(check_encode(
            s, where(name(kind), static_cast<std::uint32_t>(seed), size)));
      }
    }
  }
}

TEST_F(Transcode, DecodeMatchesBaselineOnSeededBytes) {
  for (BytesKind kind :
       {BytesKind::kAscii, BytesKind::kUtf8OfLatin1, BytesKind::kUtf8OfBmp,
        BytesKind::kUtf8OfAstral, BytesKind::kSoup, BytesKind::kCorrupted,
        BytesKind::kTruncated, BytesKind::kUtf16le}) {
    for (std::size_t size : kSizes) {
      for (int seed = 1; seed <= seeds_for(size); ++seed) {
        Gen gen(
            static_cast<std::uint32_t>(seed * 104729 + static_cast<int>(kind)));
        const std::string bytes = gen.bytes(kind, size);
        ASSERT_NO_FATAL_FAILURE(check_decode(
            bytes, where(name(kind), static_cast<std::uint32_t>(seed), size)));
      }
    }
  }
}

// Every UTF-8 sequence shape (valid, overlong, surrogate, truncated) placed at
// every offset around the 16-, 32- and 64-byte block edges, in ASCII and in
// 2-byte surroundings.
TEST_F(Transcode, Utf8SequencesAtEveryOffsetAcrossBlockEdges) {
  const std::string shapes[] = {"\xC3\xA9",
                                "\xC2\x80",
                                "\xDF\xBF",
                                "\xE2\x82\xAC",
                                "\xE0\xA0\x80",
                                "\xED\x9F\xBF",
                                "\xEF\xBF\xBF",
                                "\xF0\x9F\x98\x80",
                                "\xF4\x8F\xBF\xBF",
                                "\xC0\x80",
                                "\xC1\xBF",
                                "\xE0\x9F\xBF",
                                "\xED\xA0\x80",
                                "\xF0\x8F\xBF\xBF",
                                "\xF4\x90\x80\x80",
                                "\xF5",
                                "\x80",
                                "\xBF",
                                "\xC3",
                                "\xE2\x82",
                                "\xF0\x9F\x98",
                                "\xFF"};
  for (const std::string& fill : {std::string("a"), std::string("\xC3\xA9")}) {
    for (const std::string& shape : shapes) {
      for (std::size_t at = 0; at < 140; ++at) {
        std::string bytes;
        while (bytes.size() < at) bytes += fill;
        bytes.resize(at, 'a');
        const std::string prefix = bytes;
        bytes += shape;
        check_decode(bytes, "shape at end offset " + std::to_string(at));
        bytes = prefix + shape + std::string(150 - at, 'b');
        ASSERT_NO_FATAL_FAILURE(
            check_decode(bytes, "shape offset " + std::to_string(at)));
      }
    }
  }
}

// Surrogates, lone and paired, at every offset around the unit-block edges.
TEST_F(Transcode, SurrogatesAtEveryOffsetAcrossBlockEdges) {
  const std::u16string shapes[] = {u"\xD800",
                                   u"\xDBFF",
                                   u"\xDC00",
                                   u"\xDFFF",
                                   u"\xD83D\xDE00",
                                   u"\xDC00\xD800",
                                   u"\xD800\xD800\xDC00"};
  for (const std::u16string& fill :
       {std::u16string(u"a"), std::u16string(u"\u00e9"),
        std::u16string(u"\u20ac")}) {
    for (const std::u16string& shape : shapes) {
      for (std::size_t at = 0; at < 72; ++at) {
        std::u16string s(at, fill[0]);
        ASSERT_NO_FATAL_FAILURE(check_encode(
            JsString(s + shape), "surrogate at end " + std::to_string(at)));
        s += shape + std::u16string(80 - at, fill[0]);
        ASSERT_NO_FATAL_FAILURE(
            check_encode(JsString(s), "surrogate at " + std::to_string(at)));
      }
    }
  }
}

TEST_F(Transcode, RoundTripsThroughEveryLevel) {
  for (TextKind kind : {TextKind::kAscii, TextKind::kLatin1, TextKind::kBmp,
                        TextKind::kAstral}) {
    for (std::size_t size : kSizes) {
      Gen gen(static_cast<std::uint32_t>(size + 17));
      const JsString s = gen.text(kind, size);
      for (Isa isa : levels()) {
        const std::string at = where(name(kind), 0, size) + " impl=" +
                               std::string(fast::internal::isa_name(isa));
        for (Encoding e : {Encoding::kUtf8, Encoding::kUtf16le}) {
          const std::string bytes = fast::internal::encode(s, e, isa);
          ASSERT_TRUE(same_string(s, fast::internal::decode(bytes, e, isa),
                                  at + " " + std::string(encoding_name(e)),
                                  false));
        }
        if (s.is_one_byte()) {
          const std::string bytes =
              fast::internal::encode(s, Encoding::kLatin1, isa);
          ASSERT_TRUE(same_string(
              s, fast::internal::decode(bytes, Encoding::kLatin1, isa),
              at + " latin1"));
        }
        const std::string raw =
            fast::internal::encode(s, Encoding::kUtf16le, isa);
        for (Encoding e :
             {Encoding::kBase64, Encoding::kBase64Url, Encoding::kHex}) {
          const JsString text = fast::internal::decode(raw, e, isa);
          ASSERT_EQ(fast::internal::encode(text, e, isa), raw)
              << at << " " << encoding_name(e);
        }
      }
    }
  }
}

TEST_F(Transcode, UnsupportedLevelsFallBackInsteadOfCrashing) {
  const JsString s(std::u16string(u"\u00e9\u20ac"));
  EXPECT_EQ(fast::internal::encode(s, Encoding::kUtf8, Isa::kAvx512),
            "\xC3\xA9\xE2\x82\xAC");
}

}  // namespace
}  // namespace fpbench::core
