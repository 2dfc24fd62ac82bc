#pragma once

// Parsing the numbers of a compare.js CSV exactly as std::from_chars does
// (correctly rounded, like strtod), faster for the form compare.js writes:
// an optional '-', digits, and optionally '.' and more digits, 19 digits at
// most. Everything else (exponents, "inf", "nan", longer mantissas) goes to
// std::from_chars.
//
// Exactness: with m the digits as an integer and k the digits after the
// point, the value is m / 10^k. When m <= 2^53 and k <= 22 both are exact
// doubles and one IEEE division rounds the quotient correctly (Clinger,
// "How to read floating point numbers accurately", PLDI 1990). Otherwise m
// is shifted to 64 significant bits and divided by 10^k (< 2^64) in 128-bit
// integers, which leaves at least 64 bits of quotient and an exact
// remainder: enough to round to 53 bits to nearest, ties to even.

#include <string_view>

namespace fpbench::reports::detail {

// Whether all of `s` is one decimal number; the value is in `out` if so.
// Accepts exactly what std::from_chars(..., chars_format::general) accepts
// when it must consume the whole text, and yields the same double.
[[nodiscard]] bool parse_decimal(std::string_view s, double& out);

}  // namespace fpbench::reports::detail
