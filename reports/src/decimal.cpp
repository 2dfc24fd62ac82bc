#include "decimal.hpp"

#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace fpbench::reports::detail {
namespace {

__extension__ using Uint128 = unsigned __int128;

constexpr int kMaxDigits = 19;  // 10^19 - 1 < 2^64
constexpr std::uint64_t kMaxExactInteger = std::uint64_t{1} << 53;

constexpr std::array<double, 23> kExactPowersOf10 = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

constexpr std::array<std::uint64_t, kMaxDigits + 1> kIntegerPowersOf10 = [] {
  std::array<std::uint64_t, kMaxDigits + 1> p{};
  p[0] = 1;
  for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
  return p;
}();

// m / 10^k rounded to nearest, ties to even; m > 0, 1 <= k <= 19.
double divide_rounded(std::uint64_t m, int k) {
  const int shift = std::countl_zero(m);
  const Uint128 numerator = static_cast<Uint128>(m << shift) << 64;
  const std::uint64_t divisor = kIntegerPowersOf10[static_cast<std::size_t>(k)];
  const Uint128 quotient = numerator / divisor;
  const bool inexact = numerator % divisor != 0;
  // quotient >= 2^63: m << shift >= 2^63 and divisor < 2^64.
  const auto high = static_cast<std::uint64_t>(quotient >> 64);
  const int bits = high != 0 ? 128 - std::countl_zero(high)
                             : 64 - std::countl_zero(static_cast<std::uint64_t>(quotient));
  const int drop = bits - 53;
  auto mantissa = static_cast<std::uint64_t>(quotient >> drop);
  const Uint128 dropped = quotient & ((Uint128{1} << drop) - 1);
  const Uint128 half = Uint128{1} << (drop - 1);
  int exponent = drop - 64 - shift;
  if (dropped > half || (dropped == half && (inexact || (mantissa & 1) != 0))) {
    if (++mantissa == kMaxExactInteger) {
      mantissa >>= 1;
      ++exponent;
    }
  }
  // A normal double (the value lies between 1e-19 and 2^64): the bits built
  // directly, which is what ldexp would do, without the call.
  constexpr int kBias = 1023 + 52;
  const auto biased = static_cast<std::uint64_t>(exponent + kBias);
  return std::bit_cast<double>((biased << 52) |
                               (mantissa & (kMaxExactInteger / 2 - 1)));
}

// Eight ASCII digits in one little-endian word (Lemire, "Number parsing at a
// gigabyte per second", Software: Practice and Experience 51(8), 2021).
std::uint64_t load8(const char* p) {
  std::uint64_t word = 0;
  std::memcpy(&word, p, sizeof word);
  return word;
}

bool is_eight_digits(std::uint64_t word) {
  return (((word + 0x4646464646464646) | (word - 0x3030303030303030)) &
          0x8080808080808080) == 0;
}

std::uint64_t eight_digits_value(std::uint64_t word) {
  constexpr std::uint64_t kMask = 0x000000FF000000FF;
  constexpr std::uint64_t kMul1 = 0x000F424000000064;  // 100 + (10^6 << 32)
  constexpr std::uint64_t kMul2 = 0x0000271000000001;  // 1 + (10^4 << 32)
  word -= 0x3030303030303030;
  word = (word * 10) + (word >> 8);
  return (((word & kMask) * kMul1) + (((word >> 16) & kMask) * kMul2)) >> 32;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The mantissa so far: its first kMaxDigits digits as an integer, and how
// many digits it has in all.
struct Digits {
  std::uint64_t value = 0;
  int count = 0;
};

// Appends the digits at p to `digits`; returns the first non-digit. Works on
// a copy so that the compiler keeps it in registers.
[[gnu::always_inline]] inline const char* read_digits(const char* p, const char* end,
                                                    Digits& digits) {
  Digits d = digits;
  if constexpr (std::endian::native == std::endian::little) {
    while (end - p >= 8 && d.count + 8 <= kMaxDigits && is_eight_digits(load8(p))) {
      d.value = d.value * 100000000 + eight_digits_value(load8(p));
      p += 8;
      d.count += 8;
    }
  }
  for (; p != end && is_digit(*p); ++p, ++d.count) {
    if (d.count < kMaxDigits) d.value = d.value * 10 + static_cast<std::uint64_t>(*p - '0');
  }
  digits = d;
  return p;
}

}  // namespace

bool parse_decimal(std::string_view s, double& out) {
  const char* p = s.data();
  const char* const end = p + s.size();
  const bool negative = p != end && *p == '-';
  if (negative) ++p;
  Digits digits;
  int fraction_digits = 0;
  const char* const integer_start = p;
  p = read_digits(p, end, digits);
  bool simple = p != integer_start;
  if (simple && p != end && *p == '.') {
    const char* const fraction_start = ++p;
    p = read_digits(p, end, digits);
    fraction_digits = static_cast<int>(p - fraction_start);
    simple = fraction_digits != 0;
  }
  if (!simple || p != end || digits.count > kMaxDigits) {
    const auto [stop, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && stop == end;
  }
  const std::uint64_t m = digits.value;
  double value = 0;
  if (m <= kMaxExactInteger) {
    value = static_cast<double>(m) /
            kExactPowersOf10[static_cast<std::size_t>(fraction_digits)];
  } else if (fraction_digits == 0) {
    value = static_cast<double>(m);  // one correctly rounded conversion
  } else {
    value = divide_rounded(m, fraction_digits);
  }
  out = negative ? -value : value;
  return true;
}

}  // namespace fpbench::reports::detail
