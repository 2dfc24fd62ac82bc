// Text, Markdown and JSON renderings of the history: pure functions of the
// analysis.

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/reports/history_report.hpp"
#include "fpbench/reports/markdown.hpp"

namespace fpbench::reports {
namespace {

// One change point, the same in detect, report and the plot's JSON.
nlohmann::json change_json(const DetectedChange& c) {
  return {{"index", c.index},
          {"commit", c.commit},
          {"date", c.date},
          {"mean_before", c.mean_before},
          {"mean_after", c.mean_after},
          {"magnitude_pct", c.magnitude_pct},
          {"p_value", c.p_value},
          {"regression", c.regression}};
}

// NaN (a single-sample run's missing spread) becomes null, which is what a
// plot should see.
nlohmann::json point_json(const RunPoint& p) {
  return {{"commit", p.commit}, {"date", p.date}, {"n", p.n},
          {"mean", p.mean},     {"median", p.median}, {"min", p.min},
          {"max", p.max}};
}

std::string direction(const DetectedChange& c) { return c.regression ? "REGRESSION" : "improvement"; }

std::string short_commit(const std::string& commit) { return commit.substr(0, 12); }

double pct_change(double before, double after) { return 100 * (after - before) / before; }

std::string signed_pct(double pct) {
  return std::isfinite(pct) ? fmt::format("{:+.2f}%", pct) : std::string("n/a");
}

bool listed(const SeriesAnalysis& a, const DetectedChange& c, std::size_t last) {
  return last == 0 || c.index + last >= a.series.points.size();
}

struct Totals {
  std::size_t changes = 0, regressions = 0, selected_regressions = 0;
};

Totals totals(const std::vector<SeriesAnalysis>& analyses) {
  Totals t;
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      ++t.changes;
      t.regressions += c.regression ? 1 : 0;
      t.selected_regressions += c.regression && c.selected ? 1 : 0;
    }
  }
  return t;
}

}  // namespace

std::string format_detect_text(const std::vector<SeriesAnalysis>& analyses) {
  std::string out;
  for (const auto& a : analyses) {
    if (a.changes.empty()) continue;
    out += fmt::format("{} [machine {}, side {}, {} runs]\n", a.series.benchmark, a.series.machine,
                       a.series.side, a.series.points.size());
    for (const auto& c : a.changes) {
      out += fmt::format("  {:<11} at run {} commit {} {}  {}  ({:.6g} -> {:.6g} ops/s)  p={:.3g}{}\n",
                         direction(c), c.index + 1, short_commit(c.commit), c.date,
                         signed_pct(c.magnitude_pct), c.mean_before, c.mean_after, c.p_value,
                         c.selected ? "  [in the selected runs]" : "");
    }
  }
  const Totals t = totals(analyses);
  out += fmt::format(
      "{} series checked: {} change points, {} regressions, {} of them in the selected runs\n",
      analyses.size(), t.changes, t.regressions, t.selected_regressions);
  return out;
}

std::string format_detect_markdown(const std::vector<SeriesAnalysis>& analyses) {
  const Totals t = totals(analyses);
  std::string out = fmt::format(
      "{} series checked: {} change points, {} regressions, **{} in the selected runs**\n\n",
      analyses.size(), t.changes, t.regressions, t.selected_regressions);
  if (t.changes == 0) return out;
  out += "| benchmark | machine | run | commit | date | change | p-value | direction | selected |\n";
  out += "|---|---|--:|---|---|--:|--:|---|---|\n";
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      out += fmt::format("| {} | {} | {} | `{}` | {} | {} | {:.3g} | {} | {} |\n",
                         markdown_escape(a.series.benchmark), markdown_escape(a.series.machine), c.index + 1,
                         short_commit(c.commit), c.date, signed_pct(c.magnitude_pct), c.p_value,
                         direction(c), c.selected ? "yes" : "");
    }
  }
  return out;
}

std::string format_detect_json(const std::vector<SeriesAnalysis>& analyses,
                               const DetectSettings& settings) {
  const Totals t = totals(analyses);
  nlohmann::json series = nlohmann::json::array();
  for (const auto& a : analyses) {
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& c : a.changes) {
      nlohmann::json j = change_json(c);
      j["selected"] = c.selected;
      changes.push_back(std::move(j));
    }
    series.push_back({{"benchmark", a.series.benchmark},
                      {"machine", a.series.machine},
                      {"side", a.series.side},
                      {"runs", a.series.points.size()},
                      {"selected_from", a.selected_from},
                      {"change_points", std::move(changes)}});
  }
  nlohmann::json doc = {{"side", settings.side},
                        {"since", settings.since.empty() ? "last run" : settings.since},
                        {"window", settings.window},
                        {"p_value", settings.p_value},
                        {"min_segment", settings.min_segment},
                        {"min_magnitude_pct", settings.min_magnitude_pct},
                        {"change_points", t.changes},
                        {"regressions", t.regressions},
                        {"regressions_in_selected_runs", t.selected_regressions},
                        {"series", std::move(series)}};
  return doc.dump(2) + "\n";
}

namespace {

struct ReportRow {
  const RunPoint* latest = nullptr;
  const RunPoint* previous = nullptr;
  const DetectedChange* last_change = nullptr;
  double vs_previous_pct = NAN;
  double vs_before_change_pct = NAN;
};

ReportRow report_row(const SeriesAnalysis& a) {
  ReportRow r;
  const auto& points = a.series.points;
  if (points.empty()) return r;
  r.latest = &points.back();
  if (points.size() >= 2) {
    r.previous = &points[points.size() - 2];
    r.vs_previous_pct = pct_change(r.previous->mean, r.latest->mean);
  }
  if (!a.changes.empty()) {
    r.last_change = &a.changes.back();
    r.vs_before_change_pct = pct_change(r.last_change->mean_before, r.latest->mean);
  }
  return r;
}

}  // namespace

std::string format_report_markdown(const std::vector<SeriesAnalysis>& analyses,
                                   std::size_t last) {
  const std::string side = analyses.empty() ? "new" : analyses.front().series.side;
  std::string out = fmt::format("## Nightly performance history (side {}, mean ops/s)\n\n", side);
  out += "| benchmark | machine | runs | latest | vs previous | vs before last change point "
         "| last change point |\n";
  out += "|---|---|--:|---|--:|--:|---|\n";
  for (const auto& a : analyses) {
    const ReportRow r = report_row(a);
    if (r.latest == nullptr) continue;
    out += fmt::format(
        "| {} | {} | {} | {:.6g} (`{}`) | {} | {} | {} |\n", markdown_escape(a.series.benchmark),
        markdown_escape(a.series.machine), a.series.points.size(), r.latest->mean,
        short_commit(r.latest->commit), signed_pct(r.vs_previous_pct),
        signed_pct(r.vs_before_change_pct),
        r.last_change == nullptr
            ? std::string("none")
            : fmt::format("`{}` {} {} {}", short_commit(r.last_change->commit),
                          r.last_change->date.substr(0, 10), signed_pct(r.last_change->magnitude_pct),
                          direction(*r.last_change)));
  }
  out += last == 0 ? std::string("\n### Change points\n\n")
                   : fmt::format("\n### Change points in the last {} runs\n\n", last);
  std::string rows;
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      if (!listed(a, c, last)) continue;
      rows += fmt::format("| {} | {} | `{}` | {} | {} | {:.3g} | {} |\n", markdown_escape(a.series.benchmark),
                          markdown_escape(a.series.machine), short_commit(c.commit), c.date,
                          signed_pct(c.magnitude_pct), c.p_value, direction(c));
    }
  }
  if (rows.empty()) return out + "None.\n";
  return out + "| benchmark | machine | commit | date | change | p-value | direction |\n" +
         "|---|---|---|---|--:|--:|---|\n" + rows;
}

std::string format_report_json(const std::vector<SeriesAnalysis>& analyses, std::size_t last) {
  nlohmann::json benchmarks = nlohmann::json::array();
  for (const auto& a : analyses) {
    const ReportRow r = report_row(a);
    if (r.latest == nullptr) continue;
    auto run = [](const RunPoint* p) -> nlohmann::json {
      if (p == nullptr) return nullptr;
      return {{"commit", p->commit}, {"date", p->date}, {"n", p->n}, {"mean", p->mean},
              {"median", p->median}};
    };
    auto pct = [](double v) -> nlohmann::json {
      if (!std::isfinite(v)) return nullptr;
      return v;
    };
    nlohmann::json changes = nlohmann::json::array();
    for (const auto& c : a.changes) {
      if (listed(a, c, last)) changes.push_back(change_json(c));
    }
    benchmarks.push_back(
        {{"benchmark", a.series.benchmark},
         {"machine", a.series.machine},
         {"side", a.series.side},
         {"runs", a.series.points.size()},
         {"latest", run(r.latest)},
         {"previous", run(r.previous)},
         {"change_vs_previous_pct", pct(r.vs_previous_pct)},
         {"last_change_point",
          r.last_change == nullptr ? nlohmann::json(nullptr) : change_json(*r.last_change)},
         {"change_vs_before_last_change_point_pct", pct(r.vs_before_change_pct)},
         {"change_points", std::move(changes)}});
  }
  nlohmann::json doc = {{"last_runs", last == 0 ? nlohmann::json("all") : nlohmann::json(last)},
                        {"benchmarks", std::move(benchmarks)}};
  return doc.dump(2) + "\n";
}

std::string format_history_plot_json(const std::vector<SeriesAnalysis>& analyses) {
  nlohmann::json series = nlohmann::json::array();
  for (const auto& a : analyses) {
    nlohmann::json points = nlohmann::json::array(), changes = nlohmann::json::array();
    for (const auto& p : a.series.points) points.push_back(point_json(p));
    for (const auto& c : a.changes) changes.push_back(change_json(c));
    series.push_back({{"benchmark", a.series.benchmark},
                      {"machine", a.series.machine},
                      {"side", a.series.side},
                      {"points", std::move(points)},
                      {"change_points", std::move(changes)}});
  }
  nlohmann::json doc = {{"metric", "rate_ops_per_s"}, {"series", std::move(series)}};
  return doc.dump(2) + "\n";
}

}  // namespace fpbench::reports
