#pragma once

// The nightly history as plain data, and its renderings: detect's text,
// Markdown and JSON, the report's Markdown and JSON, and the JSON the
// history plot draws. Percentages are 100 * (after - before) / before of
// mean rates; a negative one on a rate is a slowdown. The store that holds
// the runs and the analysis that finds change points are ci's.

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
};

struct DetectedChange {
  std::size_t index = 0;  // first point of the new level
  std::string commit;
  std::string date;
  double mean_before = 0;
  double mean_after = 0;
  double magnitude_pct = 0;  // 100 * (after - before) / before
  double p_value = 0;
  bool regression = false;   // the rate dropped
  bool selected = false;     // lies in the --since runs
};

struct SeriesAnalysis {
  Series series;
  std::vector<DetectedChange> changes;
  std::size_t selected_from = 0;  // first point index covered by --since
};

// What detect was asked, echoed in its JSON.
struct DetectSettings {
  std::string side;
  std::string since;  // empty: the last run
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

// The JSON the history plot renders:
// {"metric": "rate_ops_per_s", "series": [{"benchmark", "machine", "side",
//   "points": [{"commit", "date", "n", "mean", "median", "min", "max"}],
//   "change_points": [{"index", "commit", "date", "mean_before",
//     "mean_after", "magnitude_pct", "p_value", "regression"}]}]}
std::string format_history_plot_json(
    const std::vector<SeriesAnalysis>& analyses);

}  // namespace fpbench::reports
