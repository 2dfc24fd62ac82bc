#pragma once

// The one check every rate and time passes before it becomes a sample, from
// whichever source: compare.js CSV, Google Benchmark and hyperfine JSON,
// fpbench's JSON Lines, and the output of a child that `fpbench run` starts.
//
// A usable rate (operations per second) or time (seconds) is finite,
// positive and normal (at least DBL_MIN, about 2.2e-308). Zero and negative
// values have no meaning as either; a subnormal one has lost its precision
// and, inverted (rate = 1 / time), overflows. A count per operation (system
// calls, faults) may be zero but is otherwise held to the same rules.
//
// Errors are bad input, "WHERE: rate -5 is negative: ...", so that a file
// reader passes "FILE:LINE" and a child's reader "the configuration".

#include <optional>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::reports {

// Why `value` cannot be a rate or time ("is zero", "is subnormal ..."), or
// nullopt when it can.
std::optional<std::string_view> why_not_positive(double value);

// A rate in operations per second, a time in seconds, a count per operation.
Result<void> check_rate(double rate_ops_per_s, std::string_view where);
Result<void> check_time(double time_s, std::string_view where);
Result<void> check_count(double count, std::string_view what,
                         std::string_view where);

}  // namespace fpbench::reports
