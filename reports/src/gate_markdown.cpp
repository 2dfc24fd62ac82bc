// fpbench gate --format markdown: a pull-request comment, per metric a
// heading with the verdict and a table of the decisions that matter.

#include <fmt/format.h>

#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/markdown.hpp"
#include "gate_cells.hpp"

namespace fpbench::reports {
namespace {

std::string section(const GateResult& result) {
  std::string out = fmt::format("### fpbench gate: {}\n\n",
                                markdown_escape(result.verdict_line));
  bool any = false;
  for (const GateDecision& d : result.decisions) any |= shown(d);
  if (any) {
    out +=
        "| benchmark | verdict | change | interval | p (adjusted) | threshold "
        "| reason |\n"
        "| :-- | :-- | --: | --: | --: | --: | :-- |\n";
    for (const GateDecision& d : result.decisions) {
      if (!shown(d)) continue;
      out += fmt::format(
          "| {} | {} | {} | {} | {} | -{}% | {} |\n",
          markdown_escape(d.row.name), verdict_name(d.verdict),
          markdown_escape(change_text(d)), markdown_escape(interval_text(d)),
          p_text(d.p_adjusted), d.threshold_pct, markdown_escape(d.reason));
    }
    out += "\n";
  }
  std::size_t quiet = 0;
  for (const GateDecision& d : result.decisions) quiet += !shown(d);
  if (quiet > 0) {
    out += fmt::format(
        "{} other benchmark(s) showed no change beyond their threshold.\n\n",
        quiet);
  }
  out += markdown_escape(basis(result)) + ".\n";
  out += format_gate_explanations_markdown(result);
  return out;
}

}  // namespace

std::string format_gate_markdown(const GateReport& report) {
  return each_metric(report, section);
}

}  // namespace fpbench::reports
