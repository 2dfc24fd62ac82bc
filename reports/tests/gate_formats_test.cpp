// Every rendering of one gate result, byte for byte: text, Markdown, JSON
// and HTML of the same report must each match reports/tests/data/gate/.
// The decisions are set by hand, so these pin the formats alone; the policy
// that reaches them is ci's and tested there. FPBENCH_UPDATE_GOLDEN=1 writes
// the files instead, for a change that means to alter a format.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fpbench/reports/gate_html.hpp"
#include "fpbench/reports/gate_report.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::reports {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::first_difference;
using fpbench::test_support::slurp;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const fs::path kGoldenDir =
    fs::path(FPBENCH_SOURCE_DIR) / "reports" / "tests" / "data" / "gate";

void expect_golden(const std::string& file, const std::string& got) {
  const fs::path path = kGoldenDir / file;
  const char* update = std::getenv("FPBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << got;
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << path;
  const std::string want = slurp(path);
  EXPECT_TRUE(got == want) << path << ": " << first_difference(got, want);
}

// Fixed samples per benchmark, so the compare table's columns are stable.
void add(SampleSet& set, const std::string& file, const std::string& config,
         const std::vector<double>& old_values,
         const std::vector<double>& new_values) {
  for (double v : old_values) set.add(Binary::kOld, file, config, v);
  for (double v : new_values) set.add(Binary::kNew, file, config, v);
}

GateDecision decide(const ComparisonRow& row, Verdict verdict, double change,
                    double lower, double upper, double p, double threshold,
                    const std::string& reason) {
  GateDecision d;
  d.row = row;
  d.change_pct = change;
  d.lower_pct = lower;
  d.upper_pct = upper;
  d.p_adjusted = p;
  d.threshold_pct = threshold;
  d.verdict = verdict;
  d.reason = reason;
  return d;
}

// Rates of five benchmarks, one of each kind of verdict a format treats
// differently: shown (regression, improved, need more runs, missing) and
// quiet (no change). A name with Markdown and HTML markup in it.
GateResult rate_result() {
  SampleSet set;
  add(set, "fs/read-file-sync", "size=1024", {1000, 1010, 990, 1005, 995},
      {900, 909, 891, 904, 896});
  add(set, "fs/write-file-sync", "size=<1>|*", {500, 505, 495, 502, 498},
      {600, 606, 594, 603, 597});
  add(set, "misc/print", "n=10", {100, 110, 90, 105, 95},
      {98, 108, 88, 103, 93});
  add(set, "misc/quiet", "", {200, 201, 199, 200, 200},
      {200, 201, 199, 200.5, 199.5});
  add(set, "misc/lonely", "", {300}, {310, 320});
  const Comparison c = build_comparison(set);
  EXPECT_EQ(c.rows.size(), 5u);
  GateResult r;
  r.options.thresholds = {{"misc/*", 10}, {"print", 12.5}};
  r.options.max_regression_pct = 3;
  r.interval_level = 1 - 0.01 / 4;
  for (const ComparisonRow& row : c.rows) {
    if (row.filename == "fs/read-file-sync") {
      r.decisions.push_back(
          decide(row, Verdict::kRegression, -10, -11.02, -8.98, 9e-17, 3,
                 "significantly worse and the interval -11.02% .. -8.98% "
                 "reaches past -3%"));
    } else if (row.filename == "fs/write-file-sync") {
      r.decisions.push_back(decide(row, Verdict::kImproved, 20, 18.5, 21.5,
                                   2.5e-9, 3,
                                   "significantly better (interval +18.50% .. "
                                   "+21.50%)"));
    } else if (row.filename == "misc/print") {
      GateDecision d =
          decide(row, Verdict::kNeedMoreRuns, -2, -19.4, 15.4, 0.77, 12.5,
                 "the interval -19.40% .. +15.40% is too wide to rule out a "
                 "slowdown beyond -12.5%; about 85 runs per side would decide");
      d.runs_needed = 85;
      r.decisions.push_back(d);
    } else if (row.filename == "misc/quiet") {
      r.decisions.push_back(
          decide(row, Verdict::kNoChange, 0, -0.6, 0.6, 1, 10,
                 "no significant change; any slowdown is within -10% (interval "
                 "-0.60% .. +0.60%)"));
    } else {
      r.decisions.push_back(
          decide(row, Verdict::kMissing, 0, kNaN, kNaN, kNaN, 10,
                 "needs at least two samples per side (old 1, new 2)"));
    }
  }
  r.exit_code = 1;
  r.verdict_line =
      "FAIL: 1 of 5 benchmarks regressed beyond the threshold, 1 improved, 1 "
      "need more runs, 1 missing samples";
  return r;
}

// System calls per operation, exact on both sides: one more per call, one
// fewer, and one the same.
GateResult count_result() {
  SampleSet set;
  add(set, "fs/read-file-sync", "size=1024", {4, 4, 4}, {5, 5, 5});
  add(set, "fs/stat", "", {3, 3, 3}, {2, 2, 2});
  add(set, "fs/open", "", {1, 1, 1}, {1, 1, 1});
  const Comparison c = build_comparison(set);
  GateResult r;
  r.options.lower_is_better = true;
  r.options.max_regression_pct = 0;
  r.options.exact_noise_floor = 0;
  r.options.metric = "syscalls per operation (tracepoint)";
  r.interval_level = 1 - 0.01 / 3;
  for (const ComparisonRow& row : c.rows) {
    GateDecision d;
    if (row.filename == "fs/read-file-sync") {
      d = decide(row, Verdict::kRegression, -25, -25, -25, kNaN, 0,
                 "exact +25.00% (4 to 5 per operation, +1): worse beyond the "
                 "threshold +0%");
    } else if (row.filename == "fs/stat") {
      d = decide(row, Verdict::kImproved, 33.3333, 33.3333, 33.3333, kNaN, 0,
                 "exact -33.33% (3 to 2 per operation, -1): better");
    } else {
      d = decide(row, Verdict::kNoChange, 0, 0, 0, kNaN, 0,
                 "exact +0.00% (1 to 1 per operation, +0): unchanged");
    }
    d.exact = true;
    r.decisions.push_back(d);
  }
  r.exit_code = 1;
  r.verdict_line =
      "FAIL: 1 of 3 benchmarks regressed beyond the threshold, 1 improved";
  return r;
}

GateReport report_of(std::vector<GateResult> metrics, bool by_metric,
                     int exit_code) {
  GateReport report;
  report.metrics = std::move(metrics);
  report.by_metric = by_metric;
  report.exit_code = exit_code;
  return report;
}

// The shared result: rates and exact counts, as a JSON Lines input with
// metrics gives them.
GateReport shared_report() {
  return report_of({rate_result(), count_result()}, true, 1);
}

TEST(GateFormats, OneReportInEveryFormat) {
  const GateReport report = shared_report();
  expect_golden("report.txt", format_gate_text(report));
  expect_golden("report.md", format_gate_markdown(report));
  expect_golden("report.json", format_gate_json(report));
  expect_golden("report.html", format_gate_html(report));
}

// A metric alone (an input of rates) is its section of the text; its JSON
// is the document that the list of metrics frames. The Markdown of several
// metrics leads with their verdicts, the counted metric's section first.
TEST(GateFormats, AMetricAloneIsItsSection) {
  const GateReport report = shared_report();
  const GateReport rates = report_of({rate_result()}, false, 1);
  const GateReport counts = report_of({count_result()}, false, 1);
  EXPECT_EQ(format_gate_text(report),
            format_gate_text(rates) + "\n" + format_gate_text(counts));
  const std::string md = format_gate_markdown(report);
  EXPECT_EQ(md.rfind("## fpbench gate: FAIL\n", 0), 0u) << md;
  EXPECT_LT(md.find("### syscalls per operation"),
            md.find("### rate\\_ops\\_per\\_s"))
      << md;
  expect_golden("rates.json", format_gate_json(rates));
  EXPECT_EQ(format_gate_json(report),
            "{\"exit_code\": 1, \"contradictions\": [], \"metrics\": [\n" +
                format_gate_json(rates) + ",\n" + format_gate_json(counts) +
                "]}\n");
}

// A row whose instructions and wall time contradict each other is named in
// every format, ahead of the metrics, and changes no verdict: the text
// still ends on the verdict line.
TEST(GateFormats, AContradictionIsNamedInEveryFormatBeforeTheMetrics) {
  GateReport report = shared_report();
  Contradiction c;
  c.name = "fs/read-file-sync path='non-existing' useFd='true'";
  c.counted_old = 917097;
  c.counted_new = 3910;
  c.counted_change_pct = -99.5737;
  c.counted_exact = true;
  c.timed_change_pct = 0.12;
  c.timed_half_width_pct = 1.9;
  c.time_moved_pct = 2.02;
  c.old_ns_per_op = 357.14;
  report.contradictions = {c};
  const std::string line = contradiction_text(c);
  EXPECT_EQ(line.rfind(c.name + ": counted and timed disagree: instructions "
                                "-99.57% (917097 -> 3910 per operation, "
                                "exact) but wall +0.12% ±1.90% (99%)",
                       0),
            0u)
      << line;

  const std::string text = format_gate_text(report);
  EXPECT_EQ(text,
            "warning: " + line + "\n\n" + format_gate_text(shared_report()));

  const std::string md = format_gate_markdown(report);
  const std::size_t warning = md.find("> **Warning:** fs/read-file-sync");
  ASSERT_NE(warning, std::string::npos) << md;
  EXPECT_LT(md.find("## fpbench gate: FAIL"), warning);
  EXPECT_LT(warning, md.find("### "));

  const auto json = nlohmann::json::parse(format_gate_json(report));
  ASSERT_EQ(json["contradictions"].size(), 1u);
  const auto& j = json["contradictions"][0];
  EXPECT_EQ(j["name"], c.name);
  EXPECT_EQ(j["counted_metric"], "instructions");
  EXPECT_EQ(j["counted_change_pct"], -99.5737);
  EXPECT_EQ(j["counted_exact"], true);
  EXPECT_EQ(j["timed_metric"], "wall");
  EXPECT_EQ(j["timed_change_pct"], 0.12);
  EXPECT_EQ(j["timed_half_width_99_pct"], 1.9);
  EXPECT_EQ(j["note"], line);
  EXPECT_EQ(json["exit_code"], 1);

  EXPECT_NE(format_gate_html(report).find("<b>Warning:</b> fs/read-file-sync"),
            std::string::npos);
}

}  // namespace
}  // namespace fpbench::reports
