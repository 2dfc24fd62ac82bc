// A series' page of the dashboard: its data for the chart that
// assets/dashboard.js draws, and its change points as a table of links
// (dashboard.hpp).

#include <fmt/format.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "dashboard_common.hpp"
#include "fpbench/reports/dashboard.hpp"
#include "fpbench/stats/welch.hpp"

namespace fpbench::reports {
namespace {

// Six significant digits: the chart and the tooltip show four, and the
// pages of a thousand series stay small.
nlohmann::json rounded(double v) {
  if (!std::isfinite(v)) return nullptr;
  return std::stod(fmt::format("{:.6g}", v));
}

// The 95% interval of a run's mean, from its n and variance (Student's t);
// none below two samples.
struct Interval {
  double lower = NAN;
  double upper = NAN;
};

class IntervalOfMean {
 public:
  Interval operator()(const RunPoint& p) {
    if (p.n < 2 || !std::isfinite(p.variance)) return {};
    auto [it, added] = t_by_n_.try_emplace(p.n, 0.0);
    if (added)
      it->second =
          stats::student_t_quantile(0.975, static_cast<double>(p.n - 1));
    const double half =
        it->second * std::sqrt(p.variance / static_cast<double>(p.n));
    return {p.mean - half, p.mean + half};
  }

 private:
  std::map<std::int64_t, double> t_by_n_;
};

nlohmann::json series_data(const SeriesAnalysis& a,
                           const DashboardOptions& options) {
  using nlohmann::json;
  const Series& s = a.series;
  json runs = json::array(), mean = json::array(), lower = json::array(),
       upper = json::array(), n = json::array();
  IntervalOfMean interval;
  for (const RunPoint& p : s.points) {
    const Interval i = interval(p);
    runs.push_back(p.run_id);
    mean.push_back(rounded(p.mean));
    lower.push_back(rounded(i.lower));
    upper.push_back(rounded(i.upper));
    n.push_back(p.n);
  }
  json changes = json::array();
  for (const DetectedChange& c : a.changes) {
    changes.push_back(json{{"index", c.index},
                           {"commit", c.commit},
                           {"date", c.date},
                           {"before", rounded(c.mean_before)},
                           {"after", rounded(c.mean_after)},
                           {"pct", rounded(c.magnitude_pct)},
                           {"p", rounded(c.p_value)},
                           {"regression", c.regression},
                           {"url", commit_link(options.commit_url, c.commit)}});
  }
  return json{{"benchmark", s.benchmark},
              {"machine", s.machine},
              {"metric", s.metric},
              {"label", metric_label(s)},
              {"lower_is_better", s.lower_is_better},
              {"commit_url", options.commit_url},
              {"runs", std::move(runs)},
              {"mean", std::move(mean)},
              {"lower", std::move(lower)},
              {"upper", std::move(upper)},
              {"n", std::move(n)},
              {"changes", std::move(changes)}};
}

std::string change_table(const SeriesAnalysis& a,
                         const DashboardOptions& options) {
  if (a.changes.empty()) {
    return "<p class=\"none\">No change point: the series held its "
           "level.</p>\n";
  }
  std::string out =
      "<table "
      "class=\"changes\">\n<thead><tr><th>run</th><th>date</th><th>commit</th>"
      "<th>change</th><th>before</th><th>after</th><th>p</th></tr></"
      "thead>\n<tbody>\n";
  for (auto it = a.changes.rbegin(); it != a.changes.rend(); ++it) {
    const DetectedChange& c = *it;
    out += fmt::format(
        "<tr class=\"{}\"><td class=\"num\">{}</td><td>{}</td><td>{}</td>"
        "<td class=\"num\">{:+.2f}% ({})</td><td class=\"num\">{:.4g}</td>"
        "<td class=\"num\">{:.4g}</td><td class=\"num\">{}</td></tr>\n",
        c.regression ? "bad" : "good", c.index + 1,
        html_escape(c.date.substr(0, 10)),
        commit_anchor(options.commit_url, c.commit, ""), c.magnitude_pct,
        c.regression ? "regression" : "improvement", c.mean_before,
        c.mean_after,
        c.p_value < 1e-3 ? "&lt; 0.001" : fmt::format("{:.2g}", c.p_value));
  }
  return out + "</tbody>\n</table>\n";
}

}  // namespace

std::string render_dashboard_page(const SeriesAnalysis& a,
                                  const DashboardOptions& options) {
  const Series& s = a.series;
  std::string range;
  if (!s.points.empty()) {
    range = fmt::format(", {} to {}", s.points.front().date.substr(0, 10),
                        s.points.back().date.substr(0, 10));
  }
  std::string out = page_head(s.benchmark + " - " + options.title, "../");
  out += fmt::format(
      "<body class=\"series\">\n<nav><a href=\"../index.html\">&larr; "
      "{}</a></nav>\n"
      "<h1>{}</h1>\n<p class=\"meta\">machine <b>{}</b> &middot; {} &middot; "
      "{} runs{}</p>\n"
      "<div id=\"chart\" class=\"chart\"></div>\n<div id=\"tip\" class=\"tip\" "
      "hidden></div>\n"
      "<p class=\"hint\">Each point is one run's mean ({} side), the band its "
      "95% interval; "
      "dashed lines are the levels between change points. Drag across the "
      "chart to zoom, "
      "double-click to see every run.</p>\n<h2>Change points</h2>\n{}",
      html_escape(options.title), html_escape(s.benchmark),
      html_escape(s.machine), html_escape(metric_label(s)), s.points.size(),
      html_escape(range), html_escape(s.side), change_table(a, options));
  out += page_footer(options, "../");
  out += "<script>window.FPB_SERIES = " + script_json(series_data(a, options)) +
         ";</script>\n";
  out +=
      "<script src=\"../runs.js\"></script>\n<script "
      "src=\"../assets/uPlot.iife.min.js\">"
      "</script>\n<script "
      "src=\"../assets/dashboard.js\"></script>\n</body>\n</html>\n";
  return out;
}

}  // namespace fpbench::reports
