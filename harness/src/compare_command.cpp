#include "fpbench/harness/compare_command.hpp"

#include <fmt/format.h>

#include "fpbench/harness/plot.hpp"
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
  return usage_error(
      fmt::format("unknown format '{}': expected text, "
                  "markdown, json or csv",
                  name));
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
  return internal_error("unhandled report format");
}

Result<void> plot_comparison(const reports::SampleSet& samples,
                             const std::string& box_png,
                             const std::string& improvement_png) {
  if (box_png.empty() && improvement_png.empty()) return {};
  // The script reads only the JSON report, which carries the samples too.
  const Result<std::string> json = render_comparison(samples, ReportFormat::kJson, {});
  if (!json) return json.error();
  if (!box_png.empty()) {
    if (Result<void> r = render_plot(PlotKind::kBox, *json, box_png); !r) return r;
  }
  if (!improvement_png.empty()) {
    return render_plot(PlotKind::kImprovement, *json, improvement_png);
  }
  return {};
}

}  // namespace fpbench::harness
