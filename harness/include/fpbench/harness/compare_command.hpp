#pragma once

// `fpbench compare`: samples CSV in, a report out.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/comparison.hpp"

namespace fpbench::harness {

enum class ReportFormat { kText, kMarkdown, kJson, kCsv };

// Parses "text", "markdown", "json" or "csv".
Result<ReportFormat> parse_report_format(std::string_view name);

// Parses the CSV and renders the comparison in the chosen format.
Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const reports::ReportOptions& options);

// Draws the comparison of the CSV as PNG pictures (fpbench/harness/plot.hpp):
// old and new samples per benchmark to box_png, the improvements with their
// confidence intervals to improvement_png. An empty path skips that picture.
Result<void> plot_comparison(std::string_view csv_text,
                             std::string_view source_name,
                             const std::string& box_png,
                             const std::string& improvement_png);

}  // namespace fpbench::harness
