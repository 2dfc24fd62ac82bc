// fpbench compare [FILE|-] [--gbench-json OLD NEW | --hyperfine-json OLD NEW]
//                 [--filter T]... [--exclude T]... [--gbench-time KIND]
//                 [--format text|markdown|json|csv|bmf|
//                          github-action-benchmark] [--only-significant]
//                 [--plot PNG] [--plot-improvement PNG] [--metric
//                 NAME[,NAME...]] [--json FILE] [--markdown FILE]
//                 [--csv FILE] [--bmf FILE] [--github-action-benchmark FILE]
//
// fpbench's JSON Lines (fpbench run --metric) give one table per metric: for
// wall compare.R's, for counts old, new and their change, "exact" where both
// sides count the same in every process; then a warning per row whose
// instructions and wall time contradict each other (contradictions.hpp).
// bmf and github-action-benchmark carry every metric for a tracker's
// dashboard (tracker_formats.hpp).

#include <cstdio>
#include <string>
#include <vector>

#include "explain_output.hpp"
#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/contradictions.hpp"
#include "fpbench/reports/markdown.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "fpbench/reports/plot.hpp"
#include "fpbench/reports/report_format.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "fpbench/reports/tracker_formats.hpp"
#include "output_files.hpp"
#include "sample_input_flags.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

class Compare : public Subcommand {
 public:
  explicit Compare(CLI::App& app) {
    command_ = app.add_subcommand(
        "compare",
        "Compare old and new samples (Node compare.js CSV, Google Benchmark "
        "or hyperfine JSON) and print the compare.R table");
    add_sample_input_flags(*command_, inputs_);
    command_
        ->add_option(
            "--format", format_,
            "Output format: text (compare.R's table), markdown (or md), "
            "json, csv, bmf (Bencher Metric Format; wall as throughput, "
            "ops/s) or github-action-benchmark (for its tool "
            "customSmallerIsBetter; wall as ns/op); several metrics in json: "
            "an array of their documents")
        ->capture_default_str()
        ->group(kGroupOutput);
    command_
        ->add_flag("--only-significant", only_significant_,
                   "Keep only rows with at least one star (text and markdown)")
        ->group(kGroupOutput);
    add_output_file_flags(*command_, files_,
                          kJsonFile | kMarkdownFile | kCsvFile | kBmfFile |
                              kGithubActionBenchmarkFile);
    command_
        ->add_option("--plot", plot_,
                     "Also draw old vs new box plots per benchmark to this PNG")
        ->group(kGroupOutput);
    command_
        ->add_option(
            "--plot-improvement", plot_improvement_,
            "Also draw the improvements with confidence intervals to this PNG")
        ->group(kGroupOutput);
    command_
        ->add_flag("--explain", explain_,
                   "Say where each counted change went: instructions by "
                   "function, syscalls by name, allocs by call site")
        ->group(kGroupOutput);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    FPBENCH_ASSIGN_OR_RETURN(const auto format,
                             reports::parse_report_format(format_));
    FPBENCH_TRY(check_output_files(files_));
    FPBENCH_ASSIGN_OR_RETURN(const auto inputs,
                             sample_inputs_from_flags(inputs_));
    FPBENCH_ASSIGN_OR_RETURN(const auto loaded, reports::load_samples(inputs));
    print_sample_warnings(loaded);
    if (explain_ && !loaded.has_metrics) {
      return usage_error(
          "--explain needs fpbench's JSON Lines samples (fpbench run "
          "--metric ...), which carry the counts by part");
    }
    const bool by_metric = loaded.has_metrics || !inputs.metric_names.empty();
    FPBENCH_ASSIGN_OR_RETURN(
        const auto metrics,
        by_metric ? reports::select_metrics(loaded, inputs.metric_names)
                  : Result<std::vector<reports::MetricInput>>(
                        std::vector<reports::MetricInput>{}));
    if (metrics.size() > 1 && (!plot_.empty() || !plot_improvement_.empty())) {
      return usage_error("--plot draws one metric: choose it with --metric");
    }
    // Counts and times of one row that cannot both be true are said under
    // the tables (text, Markdown), else on stderr.
    const std::vector<reports::Contradiction> contradictions =
        loaded.has_metrics ? reports::find_contradictions(loaded.records)
                           : std::vector<reports::Contradiction>{};
    const RenderFormat render =
        [&](const std::string& name) -> Result<std::string> {
      FPBENCH_ASSIGN_OR_RETURN(const auto f,
                               reports::parse_report_format(name));
      if (!by_metric) {
        return reports::render_comparison(
            loaded.samples, f, reports::ReportOptions{only_significant_});
      }
      auto out = render_metrics(loaded, metrics, f);
      if (out) *out += contradiction_notes(contradictions, f);
      return out;
    };
    FPBENCH_ASSIGN_OR_RETURN(const auto report, render(format_));
    if (format != reports::ReportFormat::kText &&
        format != reports::ReportFormat::kMarkdown) {
      for (const reports::Contradiction& c : contradictions) {
        std::fprintf(stderr, "fpbench: warning: %s\n",
                     reports::contradiction_text(c).c_str());
      }
    }
    FPBENCH_TRY(write_stdout(report));
    FPBENCH_TRY(write_output_files(files_, render));
    if (!by_metric || metrics.size() == 1) {
      FPBENCH_TRY(reports::plot_comparison(
          by_metric ? metrics.front().samples : loaded.samples, plot_,
          plot_improvement_));
    }
    return kExitOk;
  }

 private:
  // One table per metric, in `format`. One wall table alone keeps
  // compare.R's shapes in every format; otherwise JSON is one document per
  // metric (an array of several) and CSV one table with a metric column.
  // A tracker's format holds every metric in its one document.
  Result<std::string> render_metrics(
      const reports::LoadedSamples& loaded,
      const std::vector<reports::MetricInput>& metrics,
      reports::ReportFormat format) const {
    if (format == reports::ReportFormat::kBmf ||
        format == reports::ReportFormat::kGithubActionBenchmark) {
      std::vector<reports::MetricComparison> comparisons;
      for (const reports::MetricInput& m : metrics)
        comparisons.push_back({m.metric, reports::build_comparison(m.samples)});
      return format == reports::ReportFormat::kBmf
                 ? reports::format_bmf(comparisons)
                 : reports::format_github_action_benchmark(comparisons);
    }
    const bool wall_alone =
        metrics.size() == 1 && metrics.front().metric == "wall";
    const bool json = format == reports::ReportFormat::kJson;
    const bool csv = format == reports::ReportFormat::kCsv;
    std::string out;
    if (csv && !wall_alone) out = reports::metric_csv_header();
    for (const reports::MetricInput& m : metrics) {
      if (json && !out.empty()) out += ",\n";
      if (!json && !csv && !out.empty()) out += "\n";
      if (m.metric == "wall" && (wall_alone || (!json && !csv))) {
        FPBENCH_ASSIGN_OR_RETURN(
            const auto report,
            reports::render_comparison(
                m.samples, format, reports::ReportOptions{only_significant_}));
        out += report;
        continue;
      }
      reports::MetricSamples ms;
      ms.samples = m.samples;
      ms.metric = m.metric;
      ms.source = m.source;
      ms.info = *reports::metric_info(m.metric);
      const reports::Comparison comparison =
          reports::build_comparison(m.samples);
      switch (format) {
        case reports::ReportFormat::kJson:
          out += reports::format_metric_json(ms, comparison);
          break;
        case reports::ReportFormat::kCsv:
          out += reports::format_metric_csv_rows(ms, comparison);
          break;
        case reports::ReportFormat::kMarkdown:
          out += reports::format_metric_markdown(ms, comparison);
          break;
        case reports::ReportFormat::kText:
          out += reports::format_metric_text(ms, comparison);
          break;
        case reports::ReportFormat::kBmf:
        case reports::ReportFormat::kGithubActionBenchmark:
          break;  // rendered whole above
      }
      if (explain_ && (format == reports::ReportFormat::kText ||
                       format == reports::ReportFormat::kMarkdown)) {
        out += format_explanations(explain_changes(loaded.records, m.metric),
                                   format == reports::ReportFormat::kMarkdown);
      }
    }
    if (json && metrics.size() > 1) out = "[\n" + out + "]\n";
    return out;
  }

  // After the tables, as compare.R's note is: a line each.
  static std::string contradiction_notes(
      const std::vector<reports::Contradiction>& contradictions,
      reports::ReportFormat format) {
    const bool markdown = format == reports::ReportFormat::kMarkdown;
    if (contradictions.empty() ||
        (!markdown && format != reports::ReportFormat::kText))
      return "";
    std::string out = "\n";
    for (const reports::Contradiction& c : contradictions) {
      const std::string text = reports::contradiction_text(c);
      out += markdown
                 ? "> **Warning:** " + reports::markdown_escape(text) + "\n\n"
                 : "warning: " + text + "\n";
    }
    return out;
  }

  CLI::App* command_ = nullptr;
  SampleInputFlags inputs_;
  OutputFiles files_;
  std::string format_ = "text";
  bool only_significant_ = false;
  bool explain_ = false;
  std::string plot_;              // box plot PNG, when given
  std::string plot_improvement_;  // improvement PNG, when given
};

}  // namespace

std::unique_ptr<Subcommand> add_compare(CLI::App& app) {
  return std::make_unique<Compare>(app);
}

}  // namespace fpbench::cli
