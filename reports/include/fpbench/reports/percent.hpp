#pragma once

// Percentages in reasons and tables. A change from a mean of 0, or one with
// a side missing, has no percentage: it is said in words, never printed as
// "+inf%" or "-nan%", and an interval is shown only when both its ends are
// numbers in order.

#include <string>
#include <string_view>

namespace fpbench::reports {

// "+4.25%"; for a non-finite pct "undefined (WHY)", WHY from the means
// ("old mean is 0") or, without them, "undefined".
std::string signed_percent(double pct);
std::string signed_percent(double pct, double mean_old, double mean_new);

// "-1.20% .. +3.40%", or "undefined" when an end is not finite or the
// lower end lies above the upper one.
std::string percent_interval(double lower_pct, double upper_pct);

// Why a relative change of mean_new over mean_old is undefined: "old mean
// is 0", "no old samples"; empty when it is defined.
std::string undefined_change_reason(double mean_old, double mean_new);

}  // namespace fpbench::reports
