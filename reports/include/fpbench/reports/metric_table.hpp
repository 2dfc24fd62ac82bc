#pragma once

// The comparison table of one counted metric (instructions, system calls,
// faults, CPU time per operation): old and new per operation and the change
// (new - old) / old, lower is better. Where both sides are exact (their
// spread is within the metric's noise floor, e.g. identical system call
// counts in every process) the change is the difference itself, marked
// "exact"; otherwise Welch's test gives its stars and the 95% accuracy, as
// in compare.R's table. Rows in compare.R's order.

#include <string>

#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::reports {

// True when the samples are exact for a metric whose noise floor is
// `noise_floor` (relative spread max - min over |mean|): at least one sample,
// and within the floor.
bool exact_samples(const std::vector<double>& values, double noise_floor);

std::string format_metric_text(const MetricSamples& samples,
                               const Comparison& comparison);
std::string format_metric_markdown(const MetricSamples& samples,
                                   const Comparison& comparison);

// The same rows as data. JSON: {"metric", "description", "source",
// "higher_is_better", "comparisons", "rows": [{"name", "filename",
// "configuration", "old"/"new": {"n", "mean", "samples"}, "change_pct",
// "exact", "stars", "p_value", "accuracy_95_pct"}]}, the last three null
// for exact rows or untested ones. CSV: metric_csv_header() once, then the
// rows of each metric (RFC 4180 quoting, NA for what is not there).
std::string format_metric_json(const MetricSamples& samples,
                               const Comparison& comparison);
std::string metric_csv_header();
std::string format_metric_csv_rows(const MetricSamples& samples,
                                   const Comparison& comparison);

}  // namespace fpbench::reports
