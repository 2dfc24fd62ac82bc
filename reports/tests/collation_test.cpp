#include "fpbench/reports/collation.hpp"

#include <gtest/gtest.h>

#include <algorithm>
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
  EXPECT_EQ(names, (std::vector<std::string>{"_", "1", "a", "A", "b", "B", "b "}));
}

}  // namespace
}  // namespace fpbench::reports
