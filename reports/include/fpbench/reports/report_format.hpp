#pragma once

// The report formats of a comparison, chosen by name: compare.R's text,
// Markdown, JSON, CSV, or a tracker's JSON (tracker_formats.hpp).

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

enum class ReportFormat {
  kText,
  kMarkdown,
  kJson,
  kCsv,
  kBmf,
  kGithubActionBenchmark,
};

// Parses "text", "markdown", "json", "csv", "bmf" or
// "github-action-benchmark".
Result<ReportFormat> parse_report_format(std::string_view name);

// Parses the CSV and renders the comparison in the chosen format.
Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const ReportOptions& options);

// Renders the comparison of samples already loaded: rates, the "wall"
// metric, for the trackers' formats.
Result<std::string> render_comparison(const SampleSet& samples,
                                      ReportFormat format,
                                      const ReportOptions& options);

}  // namespace fpbench::reports
