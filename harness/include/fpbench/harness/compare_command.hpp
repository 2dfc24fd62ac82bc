#pragma once

// `fpbench compare`: samples in (a CSV, or the files sample_sources.hpp
// reads), a report out.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::harness {

enum class ReportFormat { kText, kMarkdown, kJson, kCsv };

// Parses "text", "markdown", "json" or "csv".
Result<ReportFormat> parse_report_format(std::string_view name);

// Parses the CSV and renders the comparison in the chosen format.
Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const reports::ReportOptions& options);

// Renders the comparison of samples already loaded.
Result<std::string> render_comparison(const reports::SampleSet& samples,
                                      ReportFormat format,
                                      const reports::ReportOptions& options);

}  // namespace fpbench::harness
