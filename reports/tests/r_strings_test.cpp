#include "r_strings.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace fpbench::reports::detail {
namespace {

TEST(RFixed2, RoundsLikeC) {
  EXPECT_EQ(r_fixed2(70.3249), "70.32");
  EXPECT_EQ(r_fixed2(-2.654), "-2.65");
  EXPECT_EQ(r_fixed2(-0.001), "-0.00");
  EXPECT_EQ(r_fixed2(0.125), "0.12");  // binary 0.125 is exact: round half even
  EXPECT_EQ(r_fixed2(1e20), "100000000000000000000.00");
}

TEST(RFixed2, NonFiniteAsR) {
  EXPECT_EQ(r_fixed2(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(r_fixed2(std::numeric_limits<double>::infinity()), "Inf");
  EXPECT_EQ(r_fixed2(-std::numeric_limits<double>::infinity()), "-Inf");
}

TEST(DisplayWidth, CountsCodePointsAndWideCharacters) {
  EXPECT_EQ(display_width("abc"), 3u);
  EXPECT_EQ(display_width("±1.00%"), 6u);
  EXPECT_EQ(display_width("é"), 1u);
  EXPECT_EQ(display_width("日本"), 4u);
  EXPECT_EQ(display_width("e\xCC\x81"), 1u);  // e + combining acute
}

TEST(REscape, KeepsPrintableText) {
  EXPECT_EQ(r_escape("fs/x.js n=1 a='b'"), "fs/x.js n=1 a='b'");
  EXPECT_EQ(r_escape("日本 é"), "日本 é");
}

TEST(REscape, ControlCharactersAndBadBytes) {
  EXPECT_EQ(r_escape("a\tb\nc"), "a\\tb\\nc");
  EXPECT_EQ(r_escape(std::string_view("\x01", 1)), "\\001");
  EXPECT_EQ(r_escape("\xff"), "<ff>");
  EXPECT_EQ(r_escape("back\\slash"), "back\\\\slash");
  EXPECT_EQ(r_escape("\x7f\x1b"), "\\177\\033");
  EXPECT_EQ(r_escape("\xc2\x85"), "\\u0085");
}

}  // namespace
}  // namespace fpbench::reports::detail
