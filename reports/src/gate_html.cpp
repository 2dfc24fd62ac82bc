// fpbench gate --format html (gate_html.hpp).

#include "fpbench/reports/gate_html.hpp"

#include <fmt/format.h>

#include <cmath>

#include "fpbench/base/error.hpp"
#include "fpbench/reports/dashboard.hpp"
#include "svg_chart.hpp"

namespace fpbench::reports {
namespace {

constexpr const char* kStyle =
    "body{font:14px/1.4 system-ui,-apple-system,'Segoe "
    "UI',sans-serif;margin:1.5em 2em;"
    "color:#1f2328}h1{font-size:1.35em}h2{font-size:1.1em;margin-top:1.6em}"
    "table{border-collapse:collapse;margin:0.6em 0}th,td{padding:3px "
    "8px;border-bottom:1px solid "
    "#e5e7eb;text-align:left}th{background:#f6f8fa}td.num{text-align:right;"
    "white-space:nowrap;"
    "font-variant-numeric:tabular-nums}.bad{color:#cf222e}.good{color:#1a7f37}"
    ".quiet{color:#59636e}.meta{color:#59636e}";

const char* verdict_class(Verdict v) {
  switch (v) {
    case Verdict::kRegression:
    case Verdict::kMissing:
      return "bad";
    case Verdict::kImproved:
      return "good";
    case Verdict::kNeedMoreRuns:
    case Verdict::kMinorRegression:
    case Verdict::kNoChange:
      return "quiet";
  }
  return "quiet";
}

Tone verdict_tone(Verdict v) {
  switch (v) {
    case Verdict::kRegression:
    case Verdict::kMinorRegression:
      return Tone::kBad;
    case Verdict::kImproved:
      return Tone::kGood;
    default:
      return Tone::kNeutral;
  }
}

std::string pct_or_na(double v) {
  return std::isfinite(v) ? fmt::format("{:+.2f}%", v) : "NA";
}

std::string section(const GateResult& r) {
  const bool lower = r.options.lower_is_better;
  std::string out = fmt::format(
      "<h2>{}</h2>\n<p class=\"{}\"><b>{}</b></p>\n<p class=\"meta\">{}, {}; "
      "interval level "
      "{:.4g}%</p>\n",
      html_escape(r.options.metric), r.exit_code == 0 ? "good" : "bad",
      html_escape(r.verdict_line),
      lower ? "lower is better" : "higher is better",
      r.options.paired ? "paired t-test on log ratios" : "Welch's t-test",
      r.interval_level * 100);
  std::vector<ChangeBar> bars;
  for (const GateDecision& d : r.decisions) {
    bars.push_back(ChangeBar{d.row.name, change_factor(d.change_pct, lower),
                             change_factor(d.lower_pct, lower),
                             change_factor(d.upper_pct, lower),
                             verdict_tone(d.verdict),
                             fmt::format("{} {}", pct_or_na(d.change_pct),
                                         verdict_name(d.verdict))});
  }
  if (!bars.empty()) {
    out += svg_change_chart(bars,
                            lower ? "old / new (log scale; right is better)"
                                  : "new / old (log scale; right is better)");
  }
  out +=
      "<table>\n<thead><tr><th>benchmark</th><th>verdict</th><th>change</"
      "th><th>interval</th>"
      "<th>p "
      "(adjusted)</th><th>threshold</th><th>reason</th></tr></"
      "thead>\n<tbody>\n";
  for (const GateDecision& d : r.decisions) {
    const std::string interval =
        std::isfinite(d.lower_pct)
            ? pct_or_na(d.lower_pct) + " .. " + pct_or_na(d.upper_pct)
            : "NA";
    out += fmt::format(
        "<tr class=\"{}\"><td>{}</td><td>{}</td><td class=\"num\">{}</td><td "
        "class=\"num\">{}"
        "</td><td class=\"num\">{}</td><td "
        "class=\"num\">-{}%</td><td>{}</td></tr>\n",
        verdict_class(d.verdict), html_escape(d.row.name),
        verdict_name(d.verdict), pct_or_na(d.change_pct), interval,
        std::isfinite(d.p_adjusted) ? fmt::format("{:.3g}", d.p_adjusted)
                                    : "NA",
        d.threshold_pct, html_escape(d.reason));
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string format_gate_html(const GateReport& report) {
  const int exit = report.exit_code;
  std::string out = fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<title>fpbench gate: {0}</title>\n<link rel=\"icon\" "
      "href=\"data:,\">\n<style>{1}</style>\n"
      "</head>\n<body>\n<h1>fpbench gate: <span "
      "class=\"{2}\">{0}</span></h1>\n",
      exit == 0 ? "pass" : (exit == kExitRegression ? "FAIL" : "incomplete"),
      kStyle, exit == 0 ? "good" : "bad");
  for (const Contradiction& c : report.contradictions) {
    out += "<p class=\"bad\"><b>Warning:</b> " +
           html_escape(contradiction_text(c)) + "</p>\n";
  }
  for (const GateResult& r : report.metrics) out += section(r);
  return out + "</body>\n</html>\n";
}

}  // namespace fpbench::reports
