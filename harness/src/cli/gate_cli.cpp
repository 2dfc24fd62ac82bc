// fpbench gate [FILE|-] [--gbench OLD NEW | --hyperfine OLD NEW]
//              [--format text|markdown|json] [--json FILE] [--correction holm|bh|none]
//              [--alpha A] [--max-regression PCT] [--threshold PATTERN=PCT]...
//              [--lower-is-better] [--strict] [--paired]

#include <string>
#include <vector>

#include "fpbench/ci/gate.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "sample_input_flags.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

class Gate : public Subcommand {
 public:
  explicit Gate(CLI::App& app) {
    command_ =
        app.add_subcommand("gate",
                           "Decide whether new regressed against old: exit 0 pass, 1 regression, "
                           "2 bad input, 3 missing samples. Rates are higher-is-better");
    add_sample_input_flags(*command_, inputs_);
    command_->add_option("--format", format_, "text, markdown (a PR comment) or json")
        ->capture_default_str();
    command_->add_option("--json", json_path_, "Also write every decision as JSON to this file");
    command_
        ->add_option("--correction", correction_,
                     "Multiple-comparison correction: holm, bh or none")
        ->capture_default_str();
    command_->add_option("--alpha", alpha_, "Significance level after correction")
        ->capture_default_str();
    command_->add_option("--max-regression", max_regression_, "Largest slowdown tolerated, e.g. 5%")
        ->capture_default_str();
    command_
        ->add_option("--threshold", thresholds_,
                     "PATTERN=PCT: another threshold for benchmarks matching PATTERN "
                     "(glob, or substring without * ? [); the last match wins")
        ->allow_extra_args(false);
    command_->add_flag("--lower-is-better", lower_is_better_,
                       "The values are times or costs: a rise is a regression");
    command_->add_flag("--strict", strict_, "Fail when a benchmark needs more runs to decide");
    command_->add_flag("--paired", paired_,
                       "The k-th old and new samples were measured together (fpbench run "
                       "--paired): test the pairs' ratios");
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    auto options = gate_options();
    if (!options) return options.error();
    const auto inputs = sample_inputs_from_flags(inputs_);
    if (!inputs) return inputs.error();
    const auto loaded = reports::load_samples(*inputs);
    if (!loaded) return loaded.error();
    print_sample_warnings(*loaded);
    options->metric = loaded->metric_description;
    const ci::GateResult result = ci::evaluate_gate(loaded->samples, *options);
    const std::string report = format_ == "json"       ? reports::format_gate_json(result)
                               : format_ == "markdown" ? reports::format_gate_markdown(result)
                                                       : reports::format_gate_text(result);
    if (auto written = write_stdout(report); !written) return written.error();
    if (!json_path_.empty()) {
      if (auto written = write_file(json_path_, reports::format_gate_json(result)); !written) {
        return written.error();
      }
    }
    return result.exit_code;
  }

 private:
  Result<ci::GateOptions> gate_options() const {
    if (format_ != "text" && format_ != "markdown" && format_ != "json") {
      return usage_error("unknown format '" + format_ + "': expected text, markdown or json");
    }
    ci::GateOptions options;
    const auto correction = stats::parse_correction(correction_);
    if (!correction) {
      return usage_error("unknown correction '" + correction_ + "': expected holm, bh or none");
    }
    options.correction = *correction;
    if (!(alpha_ > 0 && alpha_ < 1)) return usage_error("--alpha must be between 0 and 1");
    options.alpha = alpha_;
    const Result<double> max_regression = ci::parse_percentage(max_regression_, "--max-regression");
    if (!max_regression) return max_regression.error();
    options.max_regression_pct = *max_regression;
    for (const std::string& t : thresholds_) {
      Result<ci::ThresholdRule> rule = ci::parse_threshold_rule(t);
      if (!rule) return rule.error();
      options.thresholds.push_back(std::move(*rule));
    }
    options.lower_is_better = lower_is_better_;
    options.strict = strict_;
    options.paired = paired_;
    return options;
  }

  CLI::App* command_ = nullptr;
  SampleInputFlags inputs_;
  std::string format_ = "text";
  std::string json_path_;
  std::string correction_ = "holm";
  double alpha_ = 0.01;
  std::string max_regression_ = "5%";
  std::vector<std::string> thresholds_;
  bool lower_is_better_ = false;
  bool strict_ = false;
  bool paired_ = false;
};

}  // namespace

std::unique_ptr<Subcommand> add_gate(CLI::App& app) { return std::make_unique<Gate>(app); }

}  // namespace fpbench::cli
