#include "fpbench/reports/report_format.hpp"

#include "fpbench/base/output_format.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/csv.hpp"
#include "fpbench/reports/json.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/reports/tracker_formats.hpp"

namespace fpbench::reports {

Result<ReportFormat> parse_report_format(std::string_view name) {
  using cli::OutputFormat;
  FPBENCH_ASSIGN_OR_RETURN(
      const auto format,
      cli::parse_output_format(
          name, {OutputFormat::kText, OutputFormat::kMarkdown,
                 OutputFormat::kJson, OutputFormat::kCsv, OutputFormat::kBmf,
                 OutputFormat::kGithubActionBenchmark}));
  switch (format) {
    case OutputFormat::kMarkdown:
      return ReportFormat::kMarkdown;
    case OutputFormat::kJson:
      return ReportFormat::kJson;
    case OutputFormat::kCsv:
      return ReportFormat::kCsv;
    case OutputFormat::kBmf:
      return ReportFormat::kBmf;
    case OutputFormat::kGithubActionBenchmark:
      return ReportFormat::kGithubActionBenchmark;
    default:
      return ReportFormat::kText;
  }
}

Result<std::string> render_comparison(std::string_view csv_text,
                                      std::string_view source_name,
                                      ReportFormat format,
                                      const ReportOptions& options) {
  FPBENCH_ASSIGN_OR_RETURN(SampleSet samples,
                           parse_samples_csv(csv_text, source_name));
  return render_comparison(samples, format, options);
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
    case ReportFormat::kBmf:
      return format_bmf({{"wall", comparison}});
    case ReportFormat::kGithubActionBenchmark:
      return format_github_action_benchmark({{"wall", comparison}});
  }
  return internal_error("unhandled report format");
}

}  // namespace fpbench::reports
