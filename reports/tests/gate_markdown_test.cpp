// The gate's pull-request comment as a reader meets it: the verdict and the
// rows to act on at the top, within the first 25 lines even for the main
// job's 108 benchmarks, and the rest folded in <details>.

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "fpbench/reports/gate_report.hpp"

namespace fpbench::reports {
namespace {

// A verdict planted at one benchmark of a result.
struct Planted {
  std::size_t index;
  Verdict verdict;
};

// A result of `n` benchmarks, twelve to a scenario, each `rest` but where
// a verdict is planted.
GateResult result_of(std::size_t n, const std::vector<Planted>& planted,
                     Verdict rest, const std::string& metric) {
  GateResult r;
  r.options.metric = metric;
  for (std::size_t k = 0; k < n; ++k) {
    GateDecision d;
    d.row.filename = "fs/scenario-" + std::to_string(k / 12);
    d.row.configuration = "size=" + std::to_string(k);
    d.row.name = d.row.filename + " " + d.row.configuration;
    d.verdict = rest;
    for (const Planted& p : planted) {
      if (p.index == k) d.verdict = p.verdict;
    }
    d.change_pct = d.verdict == Verdict::kRegression ? -9 : 40;
    d.lower_pct = d.change_pct - 1;
    d.upper_pct = d.change_pct + 1;
    d.p_adjusted = 0.001;
    d.threshold_pct = 5;
    d.reason = "because";
    r.decisions.push_back(d);
  }
  r.verdict_line = "FAIL: planted";
  r.exit_code = 1;
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

// The line at which `needle` first appears (1-based), 0 if nowhere.
std::size_t line_of(const std::vector<std::string>& lines,
                    const std::string& needle) {
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].find(needle) != std::string::npos) return i + 1;
  }
  return 0;
}

// The main job's shape: 108 rows, most improved, a few regressed or
// undecided scattered through them, and some unchanged.
TEST(GateMarkdown, TheMainJobsVerdictAndActionRowsComeFirst) {
  const std::vector<Planted> planted = {
      {3, Verdict::kRegression},    {57, Verdict::kRegression},
      {107, Verdict::kRegression},  {20, Verdict::kNeedMoreRuns},
      {64, Verdict::kNeedMoreRuns}, {99, Verdict::kMissing},
      {30, Verdict::kNoChange},     {31, Verdict::kMinorRegression}};
  GateReport report;
  report.metrics = {
      result_of(108, planted, Verdict::kImproved, "rate_ops_per_s")};
  report.exit_code = 1;
  const std::string md = format_gate_markdown(report);
  const std::vector<std::string> lines = lines_of(md);
  ASSERT_GT(lines.size(), 108u) << md;
  EXPECT_EQ(lines[0], "### fpbench gate: FAIL: planted");
  for (const Planted& p : planted) {
    const std::string row = "| fs/scenario-" + std::to_string(p.index / 12) +
                            " size=" + std::to_string(p.index) + " | " +
                            verdict_name(p.verdict);
    const std::size_t at = line_of(lines, row);
    ASSERT_GT(at, 0u) << row << " missing in\n" << md;
    const bool acts = p.verdict == Verdict::kRegression ||
                      p.verdict == Verdict::kNeedMoreRuns ||
                      p.verdict == Verdict::kMissing;
    if (acts) {
      EXPECT_LE(at, 25u) << row << "\n" << md;
    } else {
      EXPECT_GT(at, line_of(lines, "showed no change")) << row;
    }
  }
  // Regressions lead the table, before missing and undecided rows.
  EXPECT_LT(line_of(lines, "size=107 | regression"),
            line_of(lines, "size=99 | missing samples"));
  EXPECT_LT(line_of(lines, "size=99 | missing samples"),
            line_of(lines, "size=20 | need more runs"));
  const std::size_t improved =
      line_of(lines, "<summary>100 improved</summary>");
  ASSERT_GT(improved, 0u) << md;
  EXPECT_LE(improved, 25u);
  EXPECT_EQ(lines[improved - 1].rfind("<details>", 0), 0u);
  EXPECT_GT(line_of(lines, "size=0 | improved"), improved);
  EXPECT_GT(line_of(lines,
                    "<summary>2 showed no change beyond their "
                    "threshold</summary>"),
            improved);
  // Every <details> is closed.
  std::size_t open = 0, closed = 0;
  for (const std::string& l : lines) {
    open += l.rfind("<details>", 0) == 0;
    closed += l == "</details>";
  }
  EXPECT_EQ(open, 2u);
  EXPECT_EQ(closed, 2u);
}

// Wall time that could not decide most rows within the budget: the
// undecided are folded under their count, so the decided rows stay in sight.
TEST(GateMarkdown, ManyUndecidedRowsAreFoldedUnderTheirCount) {
  GateReport report;
  report.metrics = {result_of(94, {{5, Verdict::kRegression}},
                              Verdict::kNeedMoreRuns, "rate_ops_per_s")};
  report.exit_code = 1;
  const std::string md = format_gate_markdown(report);
  const std::vector<std::string> lines = lines_of(md);
  EXPECT_LE(line_of(lines, "size=5 | regression"), 5u) << md;
  const std::size_t summary = line_of(
      lines, "<summary>93 benchmark(s) need more runs to decide</summary>");
  ASSERT_GT(summary, 0u) << md;
  EXPECT_LT(summary, 10u);
  EXPECT_GT(line_of(lines, "size=0 | need more runs"), summary);
  // Their names stay in sight, on one line before the fold.
  const std::size_t names = line_of(lines, "**93 need more runs:** ");
  ASSERT_GT(names, 0u) << md;
  EXPECT_LT(names, summary);
  for (std::size_t k = 0; k < 94; ++k) {
    const std::string name = "size=" + std::to_string(k) + ",";
    const std::string last = "size=" + std::to_string(k) + ".";
    const bool listed = lines[names - 1].find(name) != std::string::npos ||
                        lines[names - 1].find(last) != std::string::npos;
    EXPECT_EQ(listed, k != 5) << k;
  }
}

// Ten or fewer undecided rows stay in the open table.
TEST(GateMarkdown, AFewUndecidedRowsStayInTheOpen) {
  std::vector<Planted> planted;
  for (std::size_t k = 0; k < 10; ++k)
    planted.push_back({k * 3, Verdict::kNeedMoreRuns});
  GateReport report;
  report.metrics = {
      result_of(40, planted, Verdict::kNoChange, "rate_ops_per_s")};
  report.exit_code = 0;
  const std::string md = format_gate_markdown(report);
  EXPECT_EQ(md.find("need more runs to decide"), std::string::npos) << md;
  const std::vector<std::string> lines = lines_of(md);
  EXPECT_LE(line_of(lines, "size=27 | need more runs"), 15u) << md;
}

// Several metrics: one verdict for all on the first line, a line per
// metric, and the counted metrics' sections before wall time's.
TEST(GateMarkdown, CountedMetricsLeadAndTheVerdictIsFirst) {
  GateResult wall = result_of(4, {{1, Verdict::kNeedMoreRuns}},
                              Verdict::kNoChange, "rate_ops_per_s");
  wall.verdict_line = "PASS: wall";
  wall.exit_code = 0;
  GateResult syscalls =
      result_of(4, {{2, Verdict::kRegression}}, Verdict::kNoChange,
                "syscalls per operation (tracepoint)");
  syscalls.options.exact_noise_floor = 0;
  syscalls.options.lower_is_better = true;
  syscalls.verdict_line = "FAIL: syscalls";
  GateReport report;
  report.metrics = {wall, syscalls};
  report.by_metric = true;
  report.exit_code = 1;
  const std::string md = format_gate_markdown(report);
  const std::vector<std::string> lines = lines_of(md);
  ASSERT_GE(lines.size(), 4u) << md;
  EXPECT_EQ(lines[0], "## fpbench gate: FAIL");
  EXPECT_EQ(lines[2],
            "- **syscalls per operation \\(tracepoint\\)**: FAIL: syscalls");
  EXPECT_EQ(lines[3], "- **rate\\_ops\\_per\\_s**: PASS: wall");
  EXPECT_LT(line_of(lines, "### syscalls per operation"),
            line_of(lines, "### rate\\_ops\\_per\\_s"))
      << md;
}

}  // namespace
}  // namespace fpbench::reports
