#pragma once

// A chart of changes as inline SVG, for pages that must not load a script:
// one row per benchmark, the change as a factor (new over old, "x2" twice as
// good) on a log axis, so +3% and +8,000% are both readable, with its
// interval as a bar. A value off the axis is an open circle at its edge.

#include <string>
#include <vector>

namespace fpbench::reports {

enum class Tone { kNeutral, kGood, kBad };

struct ChangeBar {
  std::string label;
  double factor = 1;  // > 0; NaN: no value, the row says so
  double lower = 0;   // interval of the factor; NaN: none
  double upper = 0;
  Tone tone = Tone::kNeutral;
  std::string note;  // beside the row, e.g. "+5.2% ***"
};

// A change in % (positive is better) as a factor: 1 + g/100 for rates;
// for lower-is-better values g = (old - new)/old, so old/new = 1/(1 - g/100).
// NaN when the factor is not positive and finite.
double change_factor(double change_pct, bool lower_is_better);

std::string svg_change_chart(const std::vector<ChangeBar>& rows,
                             const std::string& axis_label);

}  // namespace fpbench::reports
