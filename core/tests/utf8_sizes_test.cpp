// Differential tests of UTF-16 to UTF-8 (a two-byte string written as utf8)
// and of UTF-8 to a string (a file read as utf8) at every size from 0 to
// 4096 and at 1 MiB: fast:: at every instruction-set level this CPU reports
// against baseline::. Every size puts the end of the input at every offset
// of the 16-, 32- and 64-unit steps; the inputs mix 1-, 2- and 3-byte
// characters, pairs, lone surrogates and (for decoding) invalid sequences.

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

namespace fpbench::core::utf8_sizes_test {
namespace {

using fast::internal::Isa;
using testing_support::levels;
using testing_support::same_bytes;
using testing_support::same_string;

class Utf8Sizes : public testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(testing_support::fast_runs_exactly(levels()));
  }
};

std::string at(const std::string& where, Isa isa) {
  return where + " impl=" + std::string(fast::internal::isa_name(isa));
}

void check_encode(const JsString& s, const std::string& where) {
  const std::string expected = baseline::encode(s, Encoding::kUtf8);
  for (Isa isa : levels()) {
    const std::string here = at(where, isa);
    ASSERT_TRUE(same_bytes(
        expected, fast::internal::encode(s, Encoding::kUtf8, isa), here));
    constexpr std::size_t kGuard = 64;
    const std::size_t bound = fast::max_encoded_length(s, Encoding::kUtf8);
    std::string buffer(bound + kGuard, '\xA5');
    const std::size_t written = fast::internal::encode_into(
        s, Encoding::kUtf8, std::span<char>(buffer.data(), bound), isa);
    ASSERT_EQ(buffer.substr(bound), std::string(kGuard, '\xA5'))
        << here << " wrote past the bound";
    ASSERT_LE(written, bound) << here;
    buffer.resize(written);
    ASSERT_TRUE(same_bytes(expected, buffer, here + " encode_into"));
  }
}

void check_decode(const std::string& bytes, const std::string& where) {
  const JsString expected = baseline::decode(bytes, Encoding::kUtf8);
  for (Isa isa : levels()) {
    ASSERT_TRUE(same_string(expected,
                            fast::internal::decode(bytes, Encoding::kUtf8, isa),
                            at(where, isa)));
  }
}

class Gen {
 public:
  explicit Gen(std::uint32_t seed) : rng_(seed) {}
  unsigned below(unsigned n) { return static_cast<unsigned>(rng_() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }

  // Runs of one kind of character (so that whole steps of ASCII, of
  // 2-byte and of 3-byte characters occur) mixed with single ones, pairs
  // and, per mille, lone surrogates.
  std::u16string units(std::size_t n, unsigned lone_per_mille) {
    std::u16string s;
    unsigned kind = 0;
    while (s.size() < n) {
      if (chance(5)) kind = below(4);
      const unsigned k = chance(20) ? below(4) : kind;
      if (below(1000) < lone_per_mille) {
        s += static_cast<char16_t>((chance(50) ? 0xD800 : 0xDC00) +
                                   below(0x400));
      } else if (k == 3 && chance(30)) {
        const std::uint32_t cp = below(0x100000);
        s += static_cast<char16_t>(0xD800 + cp / 0x400);
        s += static_cast<char16_t>(0xDC00 + cp % 0x400);
      } else {
        s += unit(k);
      }
    }
    s.resize(n);  // may cut a pair in two: a lone high surrogate at the end
    return s;
  }

  // UTF-8 of units(), with, per mille, bytes replaced by random ones.
  std::string utf8(std::size_t n, unsigned corrupt_per_mille) {
    std::string out = baseline::encode(JsString(units(n, 0)), Encoding::kUtf8);
    out.resize(n);  // may cut a sequence short
    for (char& c : out) {
      if (below(1000) < corrupt_per_mille) c = static_cast<char>(below(256));
    }
    return out;
  }

 private:
  char16_t unit(unsigned kind) {
    switch (kind) {
      case 0:
        return static_cast<char16_t>(below(0x80));
      case 1:
        return static_cast<char16_t>(0x80 + below(0x780));
      default:
        return static_cast<char16_t>(chance(50) ? 0x800 + below(0xD000)
                                                : 0xE000 + below(0x2000));
    }
  }

  std::mt19937 rng_;
};

std::string where(const char* kind, std::size_t size) {
  return std::string("kind=") + kind + " size=" + std::to_string(size);
}

TEST_F(Utf8Sizes, TwoByteToUtf8AtEverySizeUpTo4096) {
  Gen gen(21);
  for (std::size_t size = 0; size <= 4096; ++size) {
    ASSERT_NO_FATAL_FAILURE(
        check_encode(JsString(gen.units(size, 0)), where("valid", size)));
    ASSERT_NO_FATAL_FAILURE(check_encode(JsString(gen.units(size, 10)),
                                         where("lone surrogates", size)));
  }
}

// Every unit at the last position of the input, where a vector step ends.
TEST_F(Utf8Sizes, EveryKindOfUnitLastAtEverySizeUpTo130) {
  Gen gen(22);
  const char16_t last[] = {u'a',      u'\x7F',   u'\x80',   u'\x7FF',
                           u'\x800',  u'\xD7FF', u'\xD800', u'\xDBFF',
                           u'\xDC00', u'\xDFFF', u'\xE000', u'\xFFFF'};
  for (std::size_t size = 1; size <= 130; ++size) {
    std::u16string s = gen.units(size, 0);
    for (char16_t u : last) {
      s.back() = u;
      ASSERT_NO_FATAL_FAILURE(check_encode(
          JsString(s),
          where("last", size) + " U+" + std::to_string(unsigned{u})));
    }
  }
}

// Long runs of one kind of unit, so that whole steps of each kind meet,
// at every offset from a step's start.
TEST_F(Utf8Sizes, RunsOfOneKindAtEveryOffset) {
  std::mt19937 rng(25);
  struct Kind {
    const char* name;
    char16_t low;
    unsigned span;  // 0: surrogate pairs
  };
  const Kind kinds[] = {{"ascii", 0x00, 0x80},
                        {"2-byte", 0x80, 0x780},
                        {"3-byte", 0x800, 0xD000},
                        {"from U+E000", 0xE000, 0x2000},
                        {"pairs", 0, 0}};
  const auto run = [&](const Kind& k, std::size_t n) {
    std::u16string s;
    while (s.size() < n) {
      if (k.span == 0) {
        s += static_cast<char16_t>(0xD800 + rng() % 0x400);
        s += static_cast<char16_t>(0xDC00 + rng() % 0x400);
      } else {
        s += static_cast<char16_t>(k.low + rng() % k.span);
      }
    }
    return s;
  };
  for (const Kind& a : kinds) {
    for (const Kind& b : kinds) {
      for (std::size_t offset = 0; offset < 64; ++offset) {
        const std::u16string s = run(kinds[0], offset) + run(a, 200) +
                                 run(b, 200) + run(kinds[0], 37);
        ASSERT_NO_FATAL_FAILURE(check_encode(
            JsString(s), std::string("runs ") + a.name + " then " + b.name +
                             " after " + std::to_string(offset)));
      }
    }
  }
}

TEST_F(Utf8Sizes, Utf8ToStringAtEverySizeUpTo4096) {
  Gen gen(23);
  for (std::size_t size = 0; size <= 4096; ++size) {
    ASSERT_NO_FATAL_FAILURE(
        check_decode(gen.utf8(size, 0), where("valid", size)));
    ASSERT_NO_FATAL_FAILURE(
        check_decode(gen.utf8(size, 5), where("corrupted", size)));
  }
}

TEST_F(Utf8Sizes, OneMebibyte) {
  Gen gen(24);
  constexpr std::size_t kOneMiB = std::size_t{1} << 20;
  ASSERT_NO_FATAL_FAILURE(
      check_encode(JsString(gen.units(kOneMiB, 0)), "valid 1 MiB"));
  ASSERT_NO_FATAL_FAILURE(
      check_encode(JsString(gen.units(kOneMiB, 2)), "lone surrogates 1 MiB"));
  ASSERT_NO_FATAL_FAILURE(check_decode(gen.utf8(kOneMiB, 0), "valid 1 MiB"));
  ASSERT_NO_FATAL_FAILURE(
      check_decode(gen.utf8(kOneMiB, 1), "corrupted 1 MiB"));
}

}  // namespace
}  // namespace fpbench::core::utf8_sizes_test
