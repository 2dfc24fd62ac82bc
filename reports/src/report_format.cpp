#include "fpbench/reports/report_format.hpp"

#include <fmt/format.h>

#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/csv.hpp"
#include "fpbench/reports/json.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::reports {

Result<ReportFormat> parse_report_format(std::string_view name) {
  if (name == "text") return ReportFormat::kText;
  if (name == "markdown" || name == "md") return ReportFormat::kMarkdown;
  if (name == "json") return ReportFormat::kJson;
  if (name == "csv") return ReportFormat::kCsv;
  return usage_error(
      fmt::format("unknown format '{}': expected text, "
                  "markdown, json or csv",
                  name));
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
