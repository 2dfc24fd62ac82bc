// Text, Markdown and JSON renderings of the history: pure functions of the
// analysis.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/reports/history_report.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/percent.hpp"

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
          {"regression", c.regression},
          {"last_good_commit", c.last_good_commit}};
}

// NaN (a single-sample run's missing spread) becomes null, which is what a
// plot should see.
nlohmann::json point_json(const RunPoint& p) {
  return {{"commit", p.commit}, {"date", p.date},     {"n", p.n},
          {"mean", p.mean},     {"median", p.median}, {"min", p.min},
          {"max", p.max}};
}

std::string direction(const DetectedChange& c) {
  return c.regression ? "REGRESSION" : "improvement";
}

std::string better(const Series& s) {
  return s.lower_is_better ? "lower is better" : "higher is better";
}

// What the values are: "ops/s" for the rate, else the metric's description.
std::string what(const Series& s) {
  if (s.metric == "wall") return "ops/s";
  const auto info = metric_info(s.metric);
  return info ? std::string(info->description) : "per operation";
}

// The unit after a value in detect's text.
std::string unit(const Series& s) {
  return s.metric == "wall" ? "ops/s" : "per op";
}

std::string metric_and_source(const Series& s) {
  return s.metric + " (" + s.source + ")";
}

// The keys every series object of the JSON renderings shares.
void add_series_keys(nlohmann::json& j, const Series& s) {
  j["benchmark"] = s.benchmark;
  j["machine"] = s.machine;
  j["side"] = s.side;
  j["metric"] = s.metric;
  j["source"] = s.source;
  j["lower_is_better"] = s.lower_is_better;
  j["machine_class"] = s.machine_class;
}

std::string short_commit(const std::string& commit) {
  return commit.substr(0, 12);
}

double pct_change(double before, double after) {
  return 100 * (after - before) / before;
}

// A count that rises from 0 has no percentage: it says so in words.
std::string signed_pct(double pct) {
  if (std::isnan(pct)) return "n/a";
  return std::isinf(pct) ? std::string("undefined (old mean is 0)")
                         : signed_percent(pct);
}

bool listed(const SeriesAnalysis& a, const DetectedChange& c,
            std::size_t last) {
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

std::string metric_label(const Series& series) {
  return fmt::format("{}: {}, {}", metric_and_source(series), what(series),
                     better(series));
}

std::string format_detect_text(const std::vector<SeriesAnalysis>& analyses) {
  std::string out;
  for (const auto& a : analyses) {
    if (a.changes.empty()) continue;
    out += fmt::format("{} [machine {}, side {}, {}, {} runs]\n",
                       a.series.benchmark, a.series.machine, a.series.side,
                       metric_label(a.series), a.series.points.size());
    for (const auto& c : a.changes) {
      out += fmt::format(
          "  {:<11} at run {} commit {} {}  {}  ({:.6g} -> {:.6g} {})  "
          "p={:.3g}{}\n",
          direction(c), c.index + 1, short_commit(c.commit), c.date,
          signed_pct(c.magnitude_pct), c.mean_before, c.mean_after,
          unit(a.series), c.p_value,
          c.selected ? "  [in the selected runs]" : "");
    }
  }
  const Totals t = totals(analyses);
  out += fmt::format(
      "{} series checked: {} change points, {} regressions, {} of them in the "
      "selected runs\n",
      analyses.size(), t.changes, t.regressions, t.selected_regressions);
  return out;
}

std::string format_detect_markdown(
    const std::vector<SeriesAnalysis>& analyses) {
  const Totals t = totals(analyses);
  std::string out = fmt::format(
      "{} series checked: {} change points, {} regressions, **{} in the "
      "selected runs**\n\n",
      analyses.size(), t.changes, t.regressions, t.selected_regressions);
  if (t.changes == 0) return out;
  out +=
      "| benchmark | machine | metric | run | commit | date | change | p-value "
      "| direction | "
      "selected |\n";
  out += "|---|---|---|--:|---|---|--:|--:|---|---|\n";
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      out += fmt::format(
          "| {} | {} | {}, {} | {} | `{}` | {} | {} | {:.3g} | {} | {} |\n",
          markdown_escape(a.series.benchmark),
          markdown_escape(a.series.machine),
          markdown_escape(metric_and_source(a.series)), better(a.series),
          c.index + 1, short_commit(c.commit), c.date,
          signed_pct(c.magnitude_pct), c.p_value, direction(c),
          c.selected ? "yes" : "");
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
    nlohmann::json j;
    add_series_keys(j, a.series);
    j["runs"] = a.series.points.size();
    j["selected_from"] = a.selected_from;
    j["change_points"] = std::move(changes);
    series.push_back(std::move(j));
  }
  nlohmann::json doc = {
      {"side", settings.side},
      {"metric", settings.metric},
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
    r.vs_before_change_pct =
        pct_change(r.last_change->mean_before, r.latest->mean);
  }
  return r;
}

}  // namespace

std::string format_report_markdown(const std::vector<SeriesAnalysis>& analyses,
                                   std::size_t last) {
  // One metric per report; its sources may differ from series to series.
  const Series first = analyses.empty() ? Series{} : analyses.front().series;
  std::string out = fmt::format(
      "## Nightly performance history (side {}, metric {}: mean {}, {})\n\n",
      first.side.empty() ? "new" : first.side, first.metric, what(first),
      better(first));
  out +=
      "| benchmark | machine | source | runs | latest | vs previous | vs "
      "before last change "
      "point | last change point |\n";
  out += "|---|---|---|--:|---|--:|--:|---|\n";
  for (const auto& a : analyses) {
    const ReportRow r = report_row(a);
    if (r.latest == nullptr) continue;
    out += fmt::format(
        "| {} | {} | {} | {} | {:.6g} (`{}`) | {} | {} | {} |\n",
        markdown_escape(a.series.benchmark), markdown_escape(a.series.machine),
        markdown_escape(a.series.source), a.series.points.size(),
        r.latest->mean, short_commit(r.latest->commit),
        signed_pct(r.vs_previous_pct), signed_pct(r.vs_before_change_pct),
        r.last_change == nullptr
            ? std::string("none")
            : fmt::format("`{}` {} {} {}", short_commit(r.last_change->commit),
                          r.last_change->date.substr(0, 10),
                          signed_pct(r.last_change->magnitude_pct),
                          direction(*r.last_change)));
  }
  out += last == 0
             ? std::string("\n### Change points\n\n")
             : fmt::format("\n### Change points in the last {} runs\n\n", last);
  std::string rows;
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      if (!listed(a, c, last)) continue;
      rows += fmt::format("| {} | {} | {} | `{}` | {} | {} | {:.3g} | {} |\n",
                          markdown_escape(a.series.benchmark),
                          markdown_escape(a.series.machine),
                          markdown_escape(a.series.source),
                          short_commit(c.commit), c.date,
                          signed_pct(c.magnitude_pct), c.p_value, direction(c));
    }
  }
  if (rows.empty()) return out + "None.\n";
  return out +
         "| benchmark | machine | source | commit | date | change | p-value | "
         "direction |\n" +
         "|---|---|---|---|---|--:|--:|---|\n" + rows;
}

std::string format_report_json(const std::vector<SeriesAnalysis>& analyses,
                               std::size_t last) {
  nlohmann::json benchmarks = nlohmann::json::array();
  for (const auto& a : analyses) {
    const ReportRow r = report_row(a);
    if (r.latest == nullptr) continue;
    auto run = [](const RunPoint* p) -> nlohmann::json {
      if (p == nullptr) return nullptr;
      return {{"commit", p->commit},
              {"date", p->date},
              {"n", p->n},
              {"mean", p->mean},
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
    nlohmann::json j;
    add_series_keys(j, a.series);
    j["runs"] = a.series.points.size();
    j["latest"] = run(r.latest);
    j["previous"] = run(r.previous);
    j["change_vs_previous_pct"] = pct(r.vs_previous_pct);
    j["last_change_point"] = r.last_change == nullptr
                                 ? nlohmann::json(nullptr)
                                 : change_json(*r.last_change);
    j["change_vs_before_last_change_point_pct"] = pct(r.vs_before_change_pct);
    j["change_points"] = std::move(changes);
    benchmarks.push_back(std::move(j));
  }
  nlohmann::json doc = {
      {"metric", analyses.empty()
                     ? nlohmann::json(nullptr)
                     : nlohmann::json(analyses.front().series.metric)},
      {"last_runs", last == 0 ? nlohmann::json("all") : nlohmann::json(last)},
      {"benchmarks", std::move(benchmarks)}};
  return doc.dump(2) + "\n";
}

namespace {

// The plot script labels "rate_ops_per_s" itself and prints any other metric
// as given: the metric, every source and the direction.
std::string plot_axis_label(const std::vector<SeriesAnalysis>& analyses) {
  if (analyses.empty() || analyses.front().series.metric == "wall")
    return "rate_ops_per_s";
  const Series& first = analyses.front().series;
  std::vector<std::string> sources;
  for (const auto& a : analyses) {
    if (std::find(sources.begin(), sources.end(), a.series.source) ==
        sources.end()) {
      sources.push_back(a.series.source);
    }
  }
  std::string joined;
  for (const std::string& source : sources)
    joined += (joined.empty() ? "" : ", ") + source;
  // Short: it is the y axis of a panel under 3 inches high.
  return fmt::format("{} per op ({}), {}", first.metric, joined, better(first));
}

}  // namespace

std::string format_history_plot_json(
    const std::vector<SeriesAnalysis>& analyses) {
  nlohmann::json series = nlohmann::json::array();
  for (const auto& a : analyses) {
    nlohmann::json points = nlohmann::json::array(),
                   changes = nlohmann::json::array();
    for (const auto& p : a.series.points) points.push_back(point_json(p));
    for (const auto& c : a.changes) changes.push_back(change_json(c));
    nlohmann::json j;
    add_series_keys(j, a.series);
    j["points"] = std::move(points);
    j["change_points"] = std::move(changes);
    series.push_back(std::move(j));
  }
  nlohmann::json doc = {{"metric", plot_axis_label(analyses)},
                        {"series", std::move(series)}};
  return doc.dump(2) + "\n";
}

}  // namespace fpbench::reports
