#pragma once

// What the gate's text, Markdown and JSON share: which decisions are
// shown, the sentence saying how they were decided, and the cells.

#include <string>

#include "fpbench/reports/gate_report.hpp"
#include "fpbench/stats/multiple_comparisons.hpp"

namespace fpbench::reports {

// "holm", "bh", "none": as --correction takes them.
const char* correction_name(stats::Correction c);

// The decisions a reader must see: regressed, improved, undecided, missing.
// The others are counted, not listed.
bool shown(const GateDecision& d);

// The metric, its direction and the test, as the verdict line's aside:
// "rate_ops_per_s, higher is better; Welch's t-test, holm correction at
// alpha 0.01, intervals at 99.5%".
std::string basis(const GateResult& r);

// Each metric's section in order, a blank line between them.
std::string each_metric(const GateReport& report,
                        std::string (*section)(const GateResult&));

// The adjusted p-value, "NA" without a test.
std::string p_text(double p);
// The change in words where it has no percentage (percent.hpp).
std::string change_text(const GateDecision& d);
// "-1.20% .. +3.40%", "NA" without a test.
std::string interval_text(const GateDecision& d);

}  // namespace fpbench::reports
