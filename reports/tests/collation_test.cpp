#include "fpbench/reports/collation.hpp"

#include <gtest/gtest.h>
#include <unicode/ucol.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace fpbench::reports {
namespace {

TEST(Collation, PunctuationBeforeDigitsBeforeLetters) {
  EXPECT_LT(collate("_x", "1x"), 0);
  EXPECT_LT(collate("1x", "ax"), 0);
  EXPECT_LT(collate("'x", "ax"), 0);
}

TEST(Collation, LowercaseBeforeUppercaseAtEqualLetters) {
  EXPECT_LT(collate("buffer/", "Buffer/"), 0);
  // Case is only a tertiary difference: a later letter still decides first.
  EXPECT_LT(collate("Buffer/a", "buffer/b"), 0);
}

TEST(Collation, NodeBenchmarkNames) {
  EXPECT_LT(collate("code='process.versions'", "code='process'"), 0);
  EXPECT_LT(collate("code='\"string\"'", "code='1'"), 0);
}

TEST(Collation, NotNumeric) { EXPECT_LT(collate("a10", "a9"), 0); }

TEST(Collation, AccentsAreSecondary) {
  EXPECT_LT(collate("cote", "coté"), 0);
  EXPECT_LT(collate("coté", "cotf"), 0);
}

TEST(Collation, EqualAndTotal) {
  EXPECT_EQ(collate("same", "same"), 0);
  // "b " follows "B": the trailing space is a primary difference, which
  // outranks the tertiary (case) one.
  std::vector<std::string> names = {"b", "B", "a", "_", "1", "A", "b "};
  std::sort(names.begin(), names.end(),
            [](const std::string& x, const std::string& y) {
              return collate(x, y) < 0;
            });
  EXPECT_EQ(names,
            (std::vector<std::string>{"_", "1", "a", "A", "b", "B", "b "}));
}

}  // namespace
}  // namespace fpbench::reports

namespace fpbench::reports {
namespace {

// ICU's root collator itself, the reference for the ASCII fast path.
int icu_collate(std::string_view a, std::string_view b) {
  static const std::unique_ptr<UCollator, void (*)(UCollator*)> root = [] {
    UErrorCode status = U_ZERO_ERROR;
    return std::unique_ptr<UCollator, void (*)(UCollator*)>(
        ucol_open("", &status), ucol_close);
  }();
  UErrorCode status = U_ZERO_ERROR;
  const UCollationResult r =
      ucol_strcollUTF8(root.get(), a.data(), static_cast<int32_t>(a.size()),
                       b.data(), static_cast<int32_t>(b.size()), &status);
  return r == UCOL_EQUAL ? 0 : (r == UCOL_LESS ? -1 : 1);
}

TEST(Collation, AsciiAgreesWithIcuOnEveryPairOfCharacters) {
  for (int x = 0; x < 128; ++x) {
    for (int y = 0; y < 128; ++y) {
      for (const std::string& frame :
           {std::string("%"), std::string("a%b"), std::string("%A")}) {
        std::string a = frame, b = frame;
        a.replace(a.find('%'), 1, std::string(1, static_cast<char>(x)));
        b.replace(b.find('%'), 1, std::string(1, static_cast<char>(y)));
        ASSERT_EQ(collate(a, b), icu_collate(a, b))
            << "characters " << x << " and " << y << " in frame '" << frame
            << "'";
      }
    }
  }
}

TEST(Collation, AsciiAgreesWithIcuOnRandomNames) {
  // Names from a small alphabet, so that equal primaries and case ties are
  // common; seeded, so a failure names a reproducible pair.
  const std::string alphabet = "aAbB zZ09_-=.'\"/\t\x01\x7f()";
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::size_t> length(0, 8),
        pick(0, alphabet.size() - 1);
    const auto name = [&] {
      std::string s(length(rng), ' ');
      for (char& c : s) c = alphabet[pick(rng)];
      return s;
    };
    for (int k = 0; k < 2000; ++k) {
      const std::string a = name(), b = name();
      ASSERT_EQ(collate(a, b), icu_collate(a, b))
          << "seed " << seed << ": '" << a << "' vs '" << b << "'";
      const int by_key = *collation_key(a) < *collation_key(b)   ? -1
                         : *collation_key(b) < *collation_key(a) ? 1
                                                                 : 0;
      ASSERT_EQ(by_key, icu_collate(a, b))
          << "keys, seed " << seed << ": '" << a << "' vs '" << b << "'";
    }
  }
}

TEST(Collation, OnlyAsciiNamesHaveKeys) {
  EXPECT_TRUE(collation_key("fs/a n=1").has_value());
  EXPECT_FALSE(collation_key("coté").has_value());
}

TEST(Collation, NonAsciiNamesStillFollowIcu) {
  for (const auto& [a, b] :
       std::vector<std::pair<std::string, std::string>>{{"cote", "coté"},
                                                        {"coté", "côte"},
                                                        {"ä", "b"},
                                                        {"a", "ä"},
                                                        {"z", "ж"}}) {
    EXPECT_EQ(collate(a, b), icu_collate(a, b)) << a << " vs " << b;
  }
}

}  // namespace
}  // namespace fpbench::reports
