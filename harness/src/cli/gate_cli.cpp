// fpbench gate [FILE|-] [--gbench-json OLD NEW | --hyperfine-json OLD NEW]
//              [--format text|markdown|json|html] [--json FILE]
//              [--markdown FILE] [--html FILE] [--correction
//              holm|bh|none]
//              [--alpha A] [--max-regression PCT] [--threshold PATTERN=PCT]...
//              [--lower-is-better] [--strict] [--paired] [--metric
//              NAME[,NAME...]]
//              [--until-decided [--first-look N] [--look-every N]
//              [--max-runs N]] [--filter T]... [--exclude T]...
//
// fpbench's JSON Lines are gated on every metric asked for (by default
// wall, instructions and syscalls, those present): wall and cpu beyond
// --max-regression (5%), instructions beyond 1%, system calls on any rise;
// --max-regression METRIC=PCT and --threshold METRIC:PATTERN=PCT set a
// metric's own. Each metric's verdict names it and its source; the exit code
// is the worst of them. A row whose instructions and wall time contradict
// each other is named first (contradictions.hpp), in every format.

#include <string>
#include <vector>

#include "explain_output.hpp"
#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/ci/gate.hpp"
#include "fpbench/reports/gate_html.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "output_files.hpp"
#include "sample_input_flags.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

constexpr std::initializer_list<OutputFormat> kFormats = {
    OutputFormat::kText, OutputFormat::kMarkdown, OutputFormat::kJson,
    OutputFormat::kHtml};

class Gate : public Subcommand {
 public:
  explicit Gate(CLI::App& app) {
    command_ = app.add_subcommand(
        "gate",
        "Decide whether new regressed against old: exit 0 pass, 1 regression, "
        "2 bad input, 3 missing samples. Rates are higher-is-better");
    add_sample_input_flags(*command_, inputs_);
    command_
        ->add_option("--format", format_,
                     output_formats_text(kFormats) +
                         " (markdown: a PR comment; html: one page with a "
                         "chart)")
        ->capture_default_str()
        ->group(kGroupOutput);
    add_output_file_flags(*command_, files_,
                          kJsonFile | kMarkdownFile | kHtmlFile);
    command_
        ->add_option("--correction", correction_,
                     "Multiple-comparison correction: holm, bh or none")
        ->capture_default_str()
        ->group(kGroupDecisions);
    command_
        ->add_option("--alpha", alpha_, "Significance level after correction")
        ->capture_default_str()
        ->group(kGroupDecisions);
    command_
        ->add_option("--max-regression", max_regression_flags_,
                     "Largest slowdown tolerated, e.g. 5% (wall); METRIC=PCT "
                     "for another "
                     "metric (instructions=1%, syscalls=0 by default)")
        ->allow_extra_args(false)
        ->group(kGroupDecisions);
    command_
        ->add_option(
            "--threshold", threshold_flags_,
            "PATTERN=PCT: another threshold for benchmarks matching PATTERN "
            "(glob, or substring without * ? [); the last match wins")
        ->allow_extra_args(false)
        ->group(kGroupDecisions);
    command_
        ->add_flag("--lower-is-better", lower_is_better_,
                   "The values are times or costs: a rise is a regression")
        ->group(kGroupDecisions);
    command_
        ->add_flag("--strict", strict_,
                   "Fail when a benchmark needs more runs to decide")
        ->group(kGroupDecisions);
    command_
        ->add_flag(
            "--paired", paired_,
            "The k-th old and new samples were measured together (fpbench run "
            "--paired): test the pairs' ratios")
        ->group(kGroupDecisions);
    command_
        ->add_flag(
            "--until-decided", until_decided_,
            "The samples come from fpbench run --until-decided: spend alpha "
            "over "
            "its looks (--first-look as run's --runs, same --look-every and "
            "--max-runs)")
        ->group(kGroupSchedule);
    command_
        ->add_option("--first-look", first_look_,
                     "With --until-decided: runs at the first look (fpbench "
                     "run's --runs)")
        ->capture_default_str()
        ->group(kGroupSchedule);
    add_old_spelling(*command_, "--runs", "--first-look", first_look_);
    command_
        ->add_option("--look-every", look_every_,
                     "With --until-decided: runs between looks")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--max-runs", max_runs_,
                     "With --until-decided: the most runs per side")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_flag("--explain", explain_,
                   "Say where every counted change went (instructions by "
                   "function, syscalls by name, allocs by call site); the "
                   "Markdown always does for regressions of those")
        ->group(kGroupOutput);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    FPBENCH_ASSIGN_OR_RETURN(auto settings, gate_settings());
    FPBENCH_ASSIGN_OR_RETURN(const auto inputs,
                             sample_inputs_from_flags(inputs_));
    FPBENCH_ASSIGN_OR_RETURN(const auto loaded, reports::load_samples(inputs));
    print_sample_warnings(loaded);
    FPBENCH_ASSIGN_OR_RETURN(auto report,
                             gate(loaded, inputs.metric_names, settings));
    if (loaded.has_metrics) {
      add_explanations(loaded.records, report);
      report.contradictions = reports::find_contradictions(loaded.records);
    }
    const OutputFormat format = *parse_output_format(format_, kFormats);
    std::string text = render(format, report);
    if (explain_ && format == OutputFormat::kText) {
      for (const ci::GateResult& r : report.metrics)
        text += format_explanations(r.explanations, false);
    }
    FPBENCH_TRY(write_stdout(text));
    const RenderFormat render_file =
        [&](const std::string& name) -> Result<std::string> {
      FPBENCH_ASSIGN_OR_RETURN(const auto file_format,
                               parse_output_format(name, kFormats));
      return render(file_format, report);
    };
    FPBENCH_TRY(write_output_files(files_, render_file));
    return report.exit_code;
  }

 private:
  // The decisions explained: regressions of an explainable metric, and with
  // --explain every decision that changed it.
  void add_explanations(const std::vector<reports::SampleRecord>& records,
                        ci::GateReport& report) const {
    for (ci::GateResult& result : report.metrics) {
      if (result.decisions.empty()) continue;
      const std::string metric = metric_of(result);
      if (!reports::explainable(metric)) continue;
      std::vector<reports::BenchmarkKey> keys;
      for (const ci::GateDecision& d : result.decisions) {
        const bool regressed = d.verdict == reports::Verdict::kRegression ||
                               d.verdict == reports::Verdict::kMinorRegression;
        if (regressed || (explain_ && d.verdict == reports::Verdict::kImproved))
          keys.push_back({d.row.filename, d.row.configuration});
      }
      result.explanations = explain_keys(records, metric, keys);
    }
  }

  // "instructions" of "instructions per operation (valgrind)".
  static std::string metric_of(const ci::GateResult& result) {
    const std::string& m = result.options.metric;
    return m.substr(0, m.find(" per operation"));
  }

  // What the flags say, each parsed once.
  struct Settings {
    ci::GateOptions options;        // all but the thresholds
    ci::GateThresholds thresholds;  // --max-regression and --threshold
  };

  // The metrics gated by default, where the input has them.
  static std::vector<std::string> default_metrics(
      const reports::LoadedSamples& loaded) {
    std::vector<std::string> out;
    for (const std::string& m : reports::metrics_present(loaded.records)) {
      if (m == "wall" || m == "instructions" || m == "syscalls")
        out.push_back(m);
    }
    return out;
  }

  // JSON Lines with metrics are gated on each metric asked for; anything
  // else on its rate.
  static Result<ci::GateReport> gate(const reports::LoadedSamples& loaded,
                                     const std::vector<std::string>& names,
                                     Settings settings) {
    if (!loaded.has_metrics && names.empty()) {
      settings.options.metric = loaded.metric_description;
      return ci::gate_rates(loaded.samples, settings.options,
                            settings.thresholds);
    }
    FPBENCH_ASSIGN_OR_RETURN(
        const auto metrics,
        reports::select_metrics(
            loaded, names.empty() ? default_metrics(loaded) : names));
    if (metrics.empty())
      return bad_input_error(loaded.input_name + ": no metric to gate");
    return ci::gate_metrics(metrics, settings.options, settings.thresholds);
  }

  [[nodiscard]] static std::string render(OutputFormat format,
                                          const ci::GateReport& report) {
    switch (format) {
      case OutputFormat::kHtml:
        return reports::format_gate_html(report);
      case OutputFormat::kJson:
        return reports::format_gate_json(report);
      case OutputFormat::kMarkdown:
        return reports::format_gate_markdown(report);
      default:
        return reports::format_gate_text(report);
    }
  }

  Result<Settings> gate_settings() const {
    FPBENCH_TRY(parse_output_format(format_, kFormats));
    FPBENCH_TRY(check_output_files(files_));
    Settings settings;
    ci::GateOptions& options = settings.options;
    const auto correction = stats::parse_correction(correction_);
    if (!correction) {
      return usage_error("unknown correction '" + correction_ +
                         "': expected holm, bh or none");
    }
    options.correction = *correction;
    if (!(alpha_ > 0 && alpha_ < 1))
      return usage_error("--alpha must be between 0 and 1");
    options.alpha = alpha_;
    FPBENCH_ASSIGN_OR_RETURN(settings.thresholds.max_regressions,
                             ci::parse_max_regressions(max_regression_flags_));
    // Checked with or without --until-decided: a value that could never
    // mean anything is a mistake either way.
    if (first_look_ < 2 || look_every_ < 1 || max_runs_ < first_look_) {
      return usage_error(
          "the looks need --first-look >= 2, --look-every >= 1 and "
          "--max-runs >= --first-look");
    }
    if (until_decided_) {
      options.sequential =
          reports::SequentialPlan{first_look_, look_every_, max_runs_};
      if (paired_)
        return usage_error("--until-decided does not apply to --paired");
    }
    FPBENCH_ASSIGN_OR_RETURN(settings.thresholds.rules,
                             ci::parse_threshold_rules(threshold_flags_));
    options.lower_is_better = lower_is_better_;
    options.strict = strict_;
    options.paired = paired_;
    return settings;
  }

  CLI::App* command_ = nullptr;
  SampleInputFlags inputs_;
  std::string format_ = "text";
  OutputFiles files_;
  bool explain_ = false;
  std::string correction_ = "holm";
  double alpha_ = 0.01;
  std::vector<std::string> max_regression_flags_;
  bool until_decided_ = false;
  int first_look_ = 10;
  int look_every_ = 10;
  int max_runs_ = 200;
  std::vector<std::string> threshold_flags_;
  bool lower_is_better_ = false;
  bool strict_ = false;
  bool paired_ = false;
};

}  // namespace

std::unique_ptr<Subcommand> add_gate(CLI::App& app) {
  return std::make_unique<Gate>(app);
}

}  // namespace fpbench::cli
