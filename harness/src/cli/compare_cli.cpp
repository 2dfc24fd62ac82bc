// fpbench compare [FILE|-] [--gbench OLD NEW | --hyperfine OLD NEW]
//                 [--format text|markdown|json|csv] [--only-significant]
//                 [--plot PNG] [--plot-improvement PNG] [--metric
//                 NAME[,NAME...]]
//
// fpbench's JSON Lines (fpbench run --metric) give one table per metric: for
// wall compare.R's, for counts old, new and their change, "exact" where both
// sides count the same in every process.

#include <string>
#include <vector>

#include "explain_output.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "fpbench/reports/plot.hpp"
#include "fpbench/reports/report_format.hpp"
#include "fpbench/reports/sample_sources.hpp"
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
            "Output format: text (compare.R's table), markdown, json or csv")
        ->capture_default_str();
    command_->add_flag(
        "--only-significant", only_significant_,
        "Keep only rows with at least one star (text and markdown)");
    command_->add_option(
        "--plot", plot_,
        "Also draw old vs new box plots per benchmark to this PNG");
    command_->add_option(
        "--plot-improvement", plot_improvement_,
        "Also draw the improvements with confidence intervals to this PNG");
    command_->add_flag("--explain", explain_,
                       "Say where each counted change went: instructions by "
                       "function, syscalls by name, allocs by call site");
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    const auto format = reports::parse_report_format(format_);
    if (!format) return format.error();
    const auto inputs = sample_inputs_from_flags(inputs_);
    if (!inputs) return inputs.error();
    const auto loaded = reports::load_samples(*inputs);
    if (!loaded) return loaded.error();
    print_sample_warnings(*loaded);
    if (explain_ && !loaded->has_metrics) {
      return usage_error(
          "--explain needs fpbench's JSON Lines samples (fpbench run "
          "--metric ...), which carry the counts by part");
    }
    if (loaded->has_metrics || !inputs->metric_names.empty()) {
      return compare_metrics(*loaded, inputs->metric_names, *format);
    }
    const auto report = reports::render_comparison(
        loaded->samples, *format, reports::ReportOptions{only_significant_});
    if (!report) return report.error();
    if (auto written = write_stdout(*report); !written) return written.error();
    const auto plotted =
        reports::plot_comparison(loaded->samples, plot_, plot_improvement_);
    if (!plotted) return plotted.error();
    return kExitOk;
  }

 private:
  Result<int> compare_metrics(const reports::LoadedSamples& loaded,
                              const std::vector<std::string>& names,
                              reports::ReportFormat format) const {
    const auto metrics = reports::select_metrics(loaded, names);
    if (!metrics) return metrics.error();
    if (metrics->size() > 1 && (!plot_.empty() || !plot_improvement_.empty())) {
      return usage_error("--plot draws one metric: choose it with --metric");
    }
    const bool counts_only_text = format == reports::ReportFormat::kText ||
                                  format == reports::ReportFormat::kMarkdown;
    std::string out;
    for (const reports::MetricInput& m : *metrics) {
      if (!out.empty()) out += "\n";
      if (m.metric == "wall") {
        const auto report = reports::render_comparison(
            m.samples, format, reports::ReportOptions{only_significant_});
        if (!report) return report.error();
        out += *report;
        continue;
      }
      if (!counts_only_text) {
        return usage_error("metric '" + m.metric +
                           "' is shown as text or markdown");
      }
      reports::MetricSamples ms;
      ms.samples = m.samples;
      ms.metric = m.metric;
      ms.source = m.source;
      ms.info = *reports::metric_info(m.metric);
      const reports::Comparison comparison =
          reports::build_comparison(m.samples);
      const bool markdown = format == reports::ReportFormat::kMarkdown;
      out += markdown ? reports::format_metric_markdown(ms, comparison)
                      : reports::format_metric_text(ms, comparison);
      if (explain_) {
        out += format_explanations(explain_changes(loaded.records, m.metric),
                                   markdown);
      }
    }
    if (auto written = write_stdout(out); !written) return written.error();
    if (metrics->size() == 1) {
      const auto plotted = reports::plot_comparison(metrics->front().samples,
                                                    plot_, plot_improvement_);
      if (!plotted) return plotted.error();
    }
    return kExitOk;
  }

  CLI::App* command_ = nullptr;
  SampleInputFlags inputs_;
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
