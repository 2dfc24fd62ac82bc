#pragma once

// The gate's result as one self-contained HTML page (fpbench gate --format
// html): per metric the verdict, every decision in a table, and the changes
// as an inline SVG chart on a log axis. No script, no file beside it, no
// address outside it.

#include <string>
#include <vector>

#include "fpbench/reports/gate_report.hpp"

namespace fpbench::reports {

// One section per metric, in order.
std::string format_gate_html(const GateReport& report);

}  // namespace fpbench::reports
