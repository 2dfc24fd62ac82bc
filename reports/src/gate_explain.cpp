// Where a gated count went, under the metric's section of the Markdown.

#include "fpbench/reports/explain.hpp"
#include "fpbench/reports/gate_report.hpp"

namespace fpbench::reports {

std::string format_gate_explanations_markdown(const GateResult& result) {
  std::string out;
  for (const Explanation& e : result.explanations)
    out += "\n" + format_explanation_markdown(e);
  return out;
}

}  // namespace fpbench::reports
