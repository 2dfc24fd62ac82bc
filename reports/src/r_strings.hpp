#pragma once

// How R's print() shows a string in a UTF-8 locale with quote = FALSE, and
// how many terminal columns it takes; and R's sprintf("%.2f") for values that
// may be non-finite. Private to the text and Markdown formatters.

#include <cstddef>
#include <string>
#include <string_view>

namespace fpbench::reports::detail {

// Backslashes are doubled, control characters become C escapes (\n, \t,
// \001), other code points the C library calls unprintable become \uXXXX,
// bytes that are not UTF-8 become <xx>; all else is kept as it is.
std::string r_escape(std::string_view utf8);

// Terminal columns of already escaped text, as R counts them: East Asian
// wide characters take two, combining and format characters none.
std::size_t display_width(std::string_view utf8);

// sprintf("%.2f", x) as R prints it: "NaN", "NA"-free, "Inf" and "-Inf" for
// non-finite values, C's rounding otherwise.
std::string r_fixed2(double x);

}  // namespace fpbench::reports::detail
