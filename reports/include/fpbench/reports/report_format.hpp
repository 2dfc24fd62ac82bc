#pragma once

// The report formats of a comparison, chosen by name: compare.R's text,
// Markdown, JSON or CSV.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

enum class ReportFormat { kText, kMarkdown, kJson, kCsv };

// Parses "text", "markdown", "json" or "csv".
Result<ReportFormat> parse_report_format(std::string_view name);

// Parses the CSV and renders the comparison in the chosen format.
Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const ReportOptions& options);

// Renders the comparison of samples already loaded.
Result<std::string> render_comparison(const SampleSet& samples,
                                      ReportFormat format,
                                      const ReportOptions& options);

}  // namespace fpbench::reports
