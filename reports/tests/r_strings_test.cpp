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

TEST(DisplayWidth, AsRCountsIt) {
  EXPECT_EQ(display_width("a\xF0\x9F\x9A\x80"), 3u);  // U+1F680: wide emoji
  EXPECT_EQ(display_width("a\xEF\xB8\x8F"), 1u);  // U+FE0F: variation selector
  EXPECT_EQ(display_width("a\xEF\xBB\xBF"), 1u);  // U+FEFF: format character
  EXPECT_EQ(display_width("a\xC2\xAD"), 2u);      // U+00AD: soft hyphen shows
  EXPECT_EQ(display_width("\xE0\xA2\x90"), 1u);  // U+0890: newer than R's table
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
  EXPECT_EQ(r_escape("\xe2\x80\xa8"), "\\u2028");  // line separator
  EXPECT_EQ(r_escape("\xcd\xb8"), "\\u0378");      // unassigned
  EXPECT_EQ(r_escape("\xef\xbb\xbf\xee\x80\x80"),
            "\xef\xbb\xbf\xee\x80\x80");  // BOM, private use
}

}  // namespace
}  // namespace fpbench::reports::detail
