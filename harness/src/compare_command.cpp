#include "fpbench/harness/compare_command.hpp"

#include <fmt/format.h>

#include "fpbench/harness/sample_csv.hpp"
#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/csv.hpp"
#include "fpbench/reports/json.hpp"
#include "fpbench/reports/markdown.hpp"

namespace fpbench::harness {

Result<ReportFormat> parse_report_format(std::string_view name) {
  if (name == "text") return ReportFormat::kText;
  if (name == "markdown" || name == "md") return ReportFormat::kMarkdown;
  if (name == "json") return ReportFormat::kJson;
  if (name == "csv") return ReportFormat::kCsv;
  return Error{"usage", fmt::format("unknown format '{}': expected text, "
                                    "markdown, json or csv",
                                    name)};
}

Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const reports::ReportOptions& options) {
  Result<reports::SampleSet> samples = parse_samples_csv(csv_text, source_name);
  if (!samples) return samples.error();
  return render_comparison(*samples, format, options);
}

Result<std::string> render_comparison(const reports::SampleSet& samples,
                                      ReportFormat format,
                                      const reports::ReportOptions& options) {
  const reports::Comparison comparison = reports::build_comparison(samples);
  switch (format) {
    case ReportFormat::kText:
      return reports::format_compare_r_text(comparison, options);
    case ReportFormat::kMarkdown:
      return reports::format_markdown(comparison, options);
    case ReportFormat::kJson:
      return reports::format_json(comparison);
    case ReportFormat::kCsv:
      return reports::format_csv(comparison);
  }
  return Error{"internal", "unhandled report format"};
}

}  // namespace fpbench::harness
