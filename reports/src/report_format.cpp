#include "fpbench/reports/report_format.hpp"

#include "fpbench/base/output_format.hpp"
#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/csv.hpp"
#include "fpbench/reports/json.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::reports {

Result<ReportFormat> parse_report_format(std::string_view name) {
  using cli::OutputFormat;
  const auto format = cli::parse_output_format(
      name, {OutputFormat::kText, OutputFormat::kMarkdown, OutputFormat::kJson,
             OutputFormat::kCsv});
  if (!format) return format.error();
  switch (*format) {
    case OutputFormat::kMarkdown:
      return ReportFormat::kMarkdown;
    case OutputFormat::kJson:
      return ReportFormat::kJson;
    case OutputFormat::kCsv:
      return ReportFormat::kCsv;
    default:
      return ReportFormat::kText;
  }
}

Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const ReportOptions& options) {
  Result<SampleSet> samples = parse_samples_csv(csv_text, source_name);
  if (!samples) return samples.error();
  return render_comparison(*samples, format, options);
}

Result<std::string> render_comparison(const SampleSet& samples,
                                      ReportFormat format,
                                      const ReportOptions& options) {
  const Comparison comparison = build_comparison(samples);
  switch (format) {
    case ReportFormat::kText:
      return format_compare_r_text(comparison, options);
    case ReportFormat::kMarkdown:
      return format_markdown(comparison, options);
    case ReportFormat::kJson:
      return format_json(comparison);
    case ReportFormat::kCsv:
      return format_csv(comparison);
  }
  return internal_error("unhandled report format");
}

}  // namespace fpbench::reports
