#pragma once

// The nightly history as plain data, and its renderings: detect's text,
// Markdown and JSON, the report's Markdown and JSON, and the JSON the
// history plot draws. Percentages are 100 * (after - before) / before of
// the mean values of a metric (metric_samples.hpp): a negative one on the
// wall-clock rate is a slowdown, a positive one on a count per operation
// (instructions, syscalls, ...) is. Every rendering names each series'
// metric, its source and which way is better. The store that holds the runs
// and the analysis that finds change points are ci's.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fpbench::reports {

// One run's aggregates of one benchmark and side.
struct RunPoint {
  std::int64_t run_id = 0;
  std::string commit;
  std::string date;
  std::int64_t n = 0;
  double mean = 0;
  double variance = 0;
  double median = 0;
  double min = 0;
  double max = 0;
};

struct Series {
  std::string benchmark;
  std::string machine;
  std::string side;
  std::vector<RunPoint> points;  // in (date, run id) order
  std::string metric =
      "wall";  // as metric_info names it: "wall", "syscalls:openat"
  std::string source = "clock";  // where its values came from; one per series
  bool lower_is_better = false;  // wall: higher is better; every count: lower
  // The runs' machine class (a fingerprint digest); empty for runs recorded
  // without one. One series never mixes classes.
  std::string machine_class{};
};

struct DetectedChange {
  std::size_t index = 0;  // first point of the new level
  std::string commit;
  std::string date;
  double mean_before = 0;
  double mean_after = 0;
  double magnitude_pct = 0;  // 100 * (after - before) / before
  double p_value = 0;
  bool regression =
      false;  // the metric moved the worse way (a rate down, a count up)
  bool selected = false;  // lies in the --since runs
  // The commit of the point before: the last run at the old level, where
  // `fpbench bisect --from-history` starts (good), `commit` its bad end.
  std::string last_good_commit{};
};

struct SeriesAnalysis {
  Series series;
  std::vector<DetectedChange> changes;
  std::size_t selected_from = 0;  // first point index covered by --since
};

// What detect was asked, echoed in its JSON.
struct DetectSettings {
  std::string side;
  std::string metric;  // a metric's name, or "all"
  std::string since;   // empty: the last run
  std::size_t window = 0;
  double p_value = 0;
  std::size_t min_segment = 0;
  double min_magnitude_pct = 0;
};

std::string format_detect_text(const std::vector<SeriesAnalysis>& analyses);
std::string format_detect_markdown(const std::vector<SeriesAnalysis>& analyses);
std::string format_detect_json(const std::vector<SeriesAnalysis>& analyses,
                               const DetectSettings& settings);
// The change points of the last `last` runs only (0: all).
std::string format_report_markdown(const std::vector<SeriesAnalysis>& analyses,
                                   std::size_t last);
std::string format_report_json(const std::vector<SeriesAnalysis>& analyses,
                               std::size_t last);

// "wall (clock): ops/s, higher is better",
// "instructions (pmu): instructions per operation, lower is better".
std::string metric_label(const Series& series);

// The JSON the history plot renders, of one metric:
// {"metric": "rate_ops_per_s" for wall, else the axis label
//    "instructions per op (pmu), lower is better",
//  "series": [{"benchmark", "machine", "side", "metric", "source",
//   "lower_is_better",
//   "points": [{"commit", "date", "n", "mean", "median", "min", "max"}],
//   "change_points": [{"index", "commit", "date", "mean_before",
//     "mean_after", "magnitude_pct", "p_value", "regression"}]}]}
std::string format_history_plot_json(
    const std::vector<SeriesAnalysis>& analyses);

}  // namespace fpbench::reports
