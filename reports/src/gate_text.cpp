// fpbench gate's text: a warning per row whose counted and timed metrics
// contradict each other, then per metric the decisions that matter as
// compare.R's table (counts as old, new and their change) and one line
// each, then the verdict line, which CI logs end on.

#include <fmt/format.h>

#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "gate_cells.hpp"

namespace fpbench::reports {
namespace {

std::string table(const GateResult& result) {
  Comparison shown_rows;
  for (const GateDecision& d : result.decisions) {
    if (shown(d)) shown_rows.rows.push_back(d.row);
  }
  if (shown_rows.rows.empty()) return "";
  if (!result.options.exact_noise_floor)
    return format_compare_r_text(shown_rows) + "\n";
  // Counts: old, new and their change rather than compare.R's rates; the
  // metric table's heading is the verdict line's to say.
  MetricSamples header;
  header.metric = result.options.metric;
  header.info = MetricInfo{"", "the decided rows", true,
                           *result.options.exact_noise_floor, std::nullopt};
  header.source = "see below";
  const std::string t = format_metric_text(header, shown_rows);
  return t.substr(t.find('\n') + 1) + "\n";
}

std::string section(const GateResult& result) {
  std::string out = table(result);
  for (const GateDecision& d : result.decisions) {
    if (!shown(d)) continue;
    if (d.exact) {
      out += fmt::format("{}: {}: {}\n", verdict_name(d.verdict), d.row.name,
                         d.reason);
      continue;
    }
    out += fmt::format("{}: {}: {}, p(adj) {}, threshold -{}%: {}\n",
                       verdict_name(d.verdict), d.row.name, change_text(d),
                       p_text(d.p_adjusted), d.threshold_pct, d.reason);
  }
  out += fmt::format("{} ({})\n", result.verdict_line, basis(result));
  return out;
}

}  // namespace

std::string format_gate_text(const GateReport& report) {
  // First, so that the verdict line stays the last.
  std::string out;
  for (const Contradiction& c : report.contradictions)
    out += "warning: " + contradiction_text(c) + "\n";
  if (!out.empty()) out += "\n";
  return out + each_metric(report, section);
}

}  // namespace fpbench::reports
