// fpbench gate --format markdown: a pull-request comment read from the top.
// The verdict first; then per metric, the counted ones (which decide on few
// runs) before the timed ones, the rows a reader must act on: regressions,
// missing samples and the benchmarks that need more runs. Improvements and
// the unchanged rows are folded in <details>; so are the undecided rows'
// tables when so many are undecided that they would push the rest out of
// sight, their names then on one line in the open.

#include <fmt/format.h>

#include <cstddef>
#include <vector>

#include "fpbench/reports/gate_report.hpp"
#include "fpbench/reports/markdown.hpp"
#include "gate_cells.hpp"

namespace fpbench::reports {
namespace {

// Undecided rows beyond this many are folded rather than listed in the open.
constexpr std::size_t kUndecidedInOpen = 10;

using Rows = std::vector<const GateDecision*>;

// The decisions of one metric, sorted into what the comment shows where.
struct Groups {
  Rows regressed;
  Rows missing;
  Rows undecided;
  Rows improved;
  Rows unchanged;  // no change, or a slowdown within the threshold
};

Groups groups_of(const GateResult& result) {
  Groups g;
  for (const GateDecision& d : result.decisions) {
    switch (d.verdict) {
      case Verdict::kRegression:
        g.regressed.push_back(&d);
        break;
      case Verdict::kMissing:
        g.missing.push_back(&d);
        break;
      case Verdict::kNeedMoreRuns:
        g.undecided.push_back(&d);
        break;
      case Verdict::kImproved:
        g.improved.push_back(&d);
        break;
      case Verdict::kMinorRegression:
      case Verdict::kNoChange:
        g.unchanged.push_back(&d);
        break;
    }
  }
  return g;
}

std::string table_row(const GateDecision& d) {
  return fmt::format("| {} | {} | {} | {} | {} | -{}% | {} |\n",
                     markdown_escape(d.row.name), verdict_name(d.verdict),
                     markdown_escape(change_text(d)),
                     markdown_escape(interval_text(d)), p_text(d.p_adjusted),
                     d.threshold_pct, markdown_escape(d.reason));
}

std::string table(const Rows& rows) {
  std::string out =
      "| benchmark | verdict | change | interval | p (adjusted) | threshold "
      "| reason |\n"
      "| :-- | :-- | --: | --: | --: | --: | :-- |\n";
  for (const GateDecision* d : rows) out += table_row(*d);
  return out;
}

// A table a reader opens when they want it.
std::string folded(const std::string& summary, const Rows& rows) {
  if (rows.empty()) return "";
  return fmt::format("<details><summary>{}</summary>\n\n{}\n</details>\n\n",
                     summary, table(rows));
}

// The rows to act on, in the open: regressions, then missing samples, then
// the undecided unless there are too many of them.
Rows open_rows(const Groups& g) {
  Rows rows = g.regressed;
  rows.insert(rows.end(), g.missing.begin(), g.missing.end());
  if (g.undecided.size() <= kUndecidedInOpen)
    rows.insert(rows.end(), g.undecided.begin(), g.undecided.end());
  return rows;
}

// Too many undecided rows for the open table: their names on one line, so
// that every one is still in sight, each with the runs that would decide it
// where that is known.
std::string undecided_names(const Rows& undecided) {
  std::string out = fmt::format("**{} need more runs:** ", undecided.size());
  for (std::size_t i = 0; i < undecided.size(); ++i) {
    const GateDecision& d = *undecided[i];
    if (i > 0) out += ", ";
    out += markdown_escape(d.row.name);
    if (d.runs_needed)
      out += fmt::format(" \\(about {} runs\\)", *d.runs_needed);
  }
  return out + ".\n\n";
}

std::string folded_rows(const Groups& g) {
  std::string out;
  if (g.undecided.size() > kUndecidedInOpen) {
    out += undecided_names(g.undecided);
    out += folded(fmt::format("{} benchmark(s) need more runs to decide",
                              g.undecided.size()),
                  g.undecided);
  }
  out += folded(fmt::format("{} improved", g.improved.size()), g.improved);
  out += folded(fmt::format("{} showed no change beyond their threshold",
                            g.unchanged.size()),
                g.unchanged);
  return out;
}

// The heading of one metric's section: its verdict, and the metric when the
// report has several.
std::string heading(const GateResult& result, bool by_metric) {
  if (!by_metric) {
    return fmt::format("### fpbench gate: {}\n\n",
                       markdown_escape(result.verdict_line));
  }
  return fmt::format("### {}: {}\n\n", markdown_escape(result.options.metric),
                     markdown_escape(result.verdict_line));
}

std::string section(const GateResult& result, bool by_metric) {
  const Groups g = groups_of(result);
  std::string out = heading(result, by_metric);
  const Rows rows = open_rows(g);
  if (!rows.empty()) out += table(rows) + "\n";
  out += folded_rows(g);
  out += markdown_escape(basis(result)) + ".\n";
  out += format_gate_explanations_markdown(result);
  return out;
}

// Counts decide on a few runs per side, so they lead; the timed metrics
// follow in their order.
std::vector<const GateResult*> counted_first(const GateReport& report) {
  std::vector<const GateResult*> out;
  for (const GateResult& r : report.metrics) {
    if (r.options.exact_noise_floor) out.push_back(&r);
  }
  for (const GateResult& r : report.metrics) {
    if (!r.options.exact_noise_floor) out.push_back(&r);
  }
  return out;
}

const char* status_word(int exit_code) {
  return exit_code == 0 ? "PASS" : exit_code == 1 ? "FAIL" : "INCOMPLETE";
}

// The whole verdict, then a line per metric.
std::string summary(const std::vector<const GateResult*>& order,
                    int exit_code) {
  std::string out =
      fmt::format("## fpbench gate: {}\n\n", status_word(exit_code));
  for (const GateResult* r : order) {
    out += fmt::format("- **{}**: {}\n", markdown_escape(r->options.metric),
                       markdown_escape(r->verdict_line));
  }
  return out + "\n";
}

// Rows whose counts and times contradict each other, in the open: the
// counted metric's verdict on them may not be about the timed path.
std::string contradictions(const GateReport& report) {
  std::string out;
  for (const Contradiction& c : report.contradictions)
    out += "> **Warning:** " + markdown_escape(contradiction_text(c)) + "\n\n";
  return out;
}

}  // namespace

std::string format_gate_markdown(const GateReport& report) {
  if (!report.by_metric) {
    std::string out = contradictions(report);
    for (const GateResult& r : report.metrics) {
      if (!out.empty()) out += "\n";
      out += section(r, false);
    }
    return out;
  }
  const std::vector<const GateResult*> order = counted_first(report);
  std::string out = summary(order, report.exit_code) + contradictions(report);
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0) out += "\n";
    out += section(*order[i], true);
  }
  return out;
}

}  // namespace fpbench::reports
