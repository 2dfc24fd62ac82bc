#include "decimal.hpp"

#include "csv_scan.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <charconv>
#include <cstdint>
#include <random>
#include <string>

namespace fpbench::reports::detail {
namespace {

// Compares parse_decimal with std::from_chars on one text: acceptance, and
// the value bit for bit.
void expect_like_from_chars(const std::string& text) {
  double expected = 0;
  const auto [stop, ec] =
      std::from_chars(text.data(), text.data() + text.size(), expected);
  const bool accepted = ec == std::errc() && stop == text.data() + text.size();
  double got = 0;
  ASSERT_EQ(parse_decimal(text, got), accepted) << "text '" << text << "'";
  if (accepted) {
    ASSERT_EQ(std::bit_cast<std::uint64_t>(got),
              std::bit_cast<std::uint64_t>(expected))
        << "text '" << text << "': " << got << " != " << expected;
  }
}

TEST(Decimal, RoundsLikeFromCharsAtHalfwayAndCarryCases) {
  for (const char* text :
       {"0", "-0", "0.0", "-0.0", "1", "9007199254740992", "9007199254740993",
        "9007199254740995", "18446744073709551615", "1844674407370955161.5",
        "0.1", "0.3", "290.89143512860426", "384781.7358345706",
        "1.7976931348623157", "9999999999999999999", "0.9999999999999999999",
        "2.2250738585072014", "4.9406564584124654", "1.0000000000000002220",
        "1.0000000000000001110", "1.0000000000000001111", "123456789012345678.9",
        "0000000000000000001", "0.0000000000000000001", "5e-324", "1e400",
        "1.", ".5", "-", "", "+1", "1,5", "1.5.", " 1", "inf", "-nan",
        "12345678901234567890", "1.2345678901234567890", "0x10"}) {
    expect_like_from_chars(text);
  }
}

TEST(Decimal, RandomDecimalsMatchFromChars) {
  const std::uint64_t seed = 20261201;
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 300000; ++i) {
    const int digits = 1 + static_cast<int>(rng() % 21);
    std::string text = rng() % 8 == 0 ? "-" : "";
    std::string mantissa;
    for (int d = 0; d < digits; ++d) {
      mantissa += static_cast<char>('0' + rng() % 10);
    }
    const auto point = rng() % (mantissa.size() + 1);
    if (point < mantissa.size()) mantissa.insert(point + 1, ".");
    text += mantissa;
    SCOPED_TRACE("seed " + std::to_string(seed) + ", case " + std::to_string(i));
    expect_like_from_chars(text);
    if (HasFatalFailure()) return;
  }
}

TEST(CsvScan, FindsTheFirstOfThreeBytesAcrossBlockBoundaries) {
  const std::uint64_t seed = 7;
  std::mt19937_64 rng(seed);
  for (std::size_t size : {0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 4096}) {
    for (int trial = 0; trial < 50; ++trial) {
      std::string text(size, 'a');
      for (char& c : text) {
        if (rng() % 40 == 0) c = ",\n\"x"[rng() % 4];
      }
      const char* const b = text.data();
      const char* const e = b + text.size();
      for (std::size_t from = 0; from <= size; from += 1 + size / 8) {
        ASSERT_EQ(find_first_of3(b + from, e, ',', '\n', '"'),
                  find_first_of3_bytewise(b + from, e, ',', '\n', '"'))
            << "seed " << seed << ", size " << size << ", from " << from;
      }
    }
  }
}

}  // namespace
}  // namespace fpbench::reports::detail
