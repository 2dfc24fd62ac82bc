// fpbench gate --format html: one page with the verdict, every decision and
// the changes on a log axis.

#include "fpbench/reports/gate_html.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "svg_chart.hpp"

namespace fpbench::reports {
namespace {

GateDecision decision(const std::string& name, double pct, double half,
                      Verdict v) {
  GateDecision d;
  d.row.name = name;
  d.change_pct = pct;
  d.lower_pct = pct - half;
  d.upper_pct = pct + half;
  d.p_adjusted = 1e-4;
  d.threshold_pct = 5;
  d.verdict = v;
  d.reason = "because";
  return d;
}

// A page of one metric's result.
GateReport report_of(const GateResult& r) {
  GateReport report;
  report.metrics = {r};
  report.exit_code = r.exit_code;
  return report;
}

TEST(GateHtml, OnePageWithTableAndChart) {
  GateResult r;
  r.decisions = {decision("fs/a <x>", -12, 2, Verdict::kRegression),
                 decision("fs/b", 5012, 180, Verdict::kImproved),
                 decision("fs/c", 3, 1, Verdict::kImproved)};
  r.exit_code = 1;
  r.verdict_line = "FAIL: 1 regression";
  r.interval_level = 0.99;
  const std::string page = format_gate_html(report_of(r));
  EXPECT_TRUE(page.starts_with("<!doctype html>"));
  EXPECT_NE(page.find("fpbench gate: <span class=\"bad\">FAIL</span>"),
            std::string::npos);
  EXPECT_NE(page.find("fs/a &lt;x&gt;"), std::string::npos);
  EXPECT_EQ(page.find("<x>"), std::string::npos);
  EXPECT_NE(page.find("<svg class=\"changes-chart\""), std::string::npos);
  // The axis reaches x50 for the +5012% row, and keeps x1.
  EXPECT_NE(page.find(">\u00d750<"), std::string::npos);
  EXPECT_NE(page.find(">\u00d71<"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(page.find("src="), std::string::npos);
}

TEST(GateHtml, PassingPageSaysPass) {
  GateResult r;
  r.decisions = {decision("fs/a", 1, 2, Verdict::kNoChange)};
  r.verdict_line = "PASS";
  EXPECT_NE(
      format_gate_html(report_of(r)).find("<span class=\"good\">pass</span>"),
      std::string::npos);
}

TEST(ChangeFactor, RatesAndCounts) {
  EXPECT_DOUBLE_EQ(change_factor(100, false), 2);
  EXPECT_DOUBLE_EQ(change_factor(-50, false), 0.5);
  EXPECT_TRUE(std::isnan(change_factor(-100, false)));
  // A count halved: g = +50%, twice as good.
  EXPECT_DOUBLE_EQ(change_factor(50, true), 2);
  // A count tripled: g = -200%, a third as good.
  EXPECT_NEAR(change_factor(-200, true), 1.0 / 3, 1e-12);
}

}  // namespace
}  // namespace fpbench::reports
