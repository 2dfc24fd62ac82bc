// fpbench gate [FILE|-] [--gbench OLD NEW | --hyperfine OLD NEW]
//              [--format text|markdown|json|html] [--json FILE] [--correction
//              holm|bh|none]
//              [--alpha A] [--max-regression PCT] [--threshold PATTERN=PCT]...
//              [--lower-is-better] [--strict] [--paired] [--metric
//              NAME[,NAME...]]
//              [--until-decided [--runs N] [--look-every N] [--max-runs N]]
//
// fpbench's JSON Lines are gated on every metric asked for (by default
// wall, instructions and syscalls, those present): wall and cpu beyond
// --max-regression (5%), instructions beyond 1%, system calls on any rise;
// --max-regression METRIC=PCT and --threshold METRIC:PATTERN=PCT set a
// metric's own. Each metric's verdict names it and its source; the exit code
// is the worst of them.

#include <fmt/format.h>

#include <string>
#include <vector>

#include "fpbench/base/file_write.hpp"
#include "fpbench/ci/gate.hpp"
#include "fpbench/reports/gate_html.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "sample_input_flags.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

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
                     "text, markdown (a PR comment), json or html (one page "
                     "with a chart)")
        ->capture_default_str();
    command_->add_option("--json", json_path_,
                         "Also write every decision as JSON to this file");
    command_
        ->add_option("--correction", correction_,
                     "Multiple-comparison correction: holm, bh or none")
        ->capture_default_str();
    command_
        ->add_option("--alpha", alpha_, "Significance level after correction")
        ->capture_default_str();
    command_
        ->add_option("--max-regression", max_regressions_,
                     "Largest slowdown tolerated, e.g. 5% (wall); METRIC=PCT "
                     "for another "
                     "metric (instructions=1%, syscalls=0 by default)")
        ->allow_extra_args(false);
    command_
        ->add_option(
            "--threshold", thresholds_,
            "PATTERN=PCT: another threshold for benchmarks matching PATTERN "
            "(glob, or substring without * ? [); the last match wins")
        ->allow_extra_args(false);
    command_->add_flag("--lower-is-better", lower_is_better_,
                       "The values are times or costs: a rise is a regression");
    command_->add_flag("--strict", strict_,
                       "Fail when a benchmark needs more runs to decide");
    command_->add_flag(
        "--paired", paired_,
        "The k-th old and new samples were measured together (fpbench run "
        "--paired): test the pairs' ratios");
    command_->add_flag(
        "--until-decided", until_decided_,
        "The samples come from fpbench run --until-decided: spend alpha over "
        "its looks (same --runs, --look-every and --max-runs)");
    command_
        ->add_option("--runs", first_look_,
                     "With --until-decided: runs at the first look")
        ->capture_default_str();
    command_
        ->add_option("--look-every", look_every_,
                     "With --until-decided: runs between looks")
        ->capture_default_str();
    command_
        ->add_option("--max-runs", max_runs_,
                     "With --until-decided: the most runs per side")
        ->capture_default_str();
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
    if (loaded->has_metrics || !inputs->metric_names.empty())
      return gate_metrics(*loaded, inputs->metric_names, *options);
    options->metric = loaded->metric_description;
    if (auto ok = ci::check_thresholds(*options); !ok) return ok.error();
    const ci::GateResult result = ci::evaluate_gate(loaded->samples, *options);
    const std::string report =
        format_ == "html"       ? reports::format_gate_html({result})
        : format_ == "json"     ? reports::format_gate_json(result)
        : format_ == "markdown" ? reports::format_gate_markdown(result)
                                : reports::format_gate_text(result);
    if (auto written = write_stdout(report); !written) return written.error();
    if (!json_path_.empty()) {
      if (auto written = write_file_atomically(
              json_path_, reports::format_gate_json(result));
          !written) {
        return written.error();
      }
    }
    return result.exit_code;
  }

 private:
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

  // --max-regression METRIC=PCT and --threshold METRIC:PATTERN=PCT name a
  // metric; the plain forms are wall's (and cpu's).
  Result<ci::GateOptions> options_for(const ci::GateOptions& base,
                                      const reports::MetricInput& m) const {
    ci::GateOptions o = base;
    o.thresholds.clear();
    o.lower_is_better = m.lower_is_better;
    o.exact_noise_floor = m.exact_noise_floor;
    o.metric = m.metric == "wall"
                   ? "rate_ops_per_s"
                   : fmt::format("{} per operation ({})", m.metric, m.source);
    if (m.metric == "instructions") o.max_regression_pct = 1;
    if (m.metric.rfind("syscalls", 0) == 0 || m.metric == "faults")
      o.max_regression_pct = 0;
    for (const std::string& text : max_regressions_) {
      const std::size_t eq = text.find('=');
      if (eq == std::string::npos) {
        if (m.metric == "wall" || m.metric == "cpu") {
          const auto pct = ci::parse_percentage(text, "--max-regression");
          if (!pct) return pct.error();
          o.max_regression_pct = *pct;
        }
      } else if (text.substr(0, eq) == m.metric) {
        const auto pct =
            ci::parse_percentage(text.substr(eq + 1), "--max-regression");
        if (!pct) return pct.error();
        o.max_regression_pct = *pct;
      }
    }
    for (const std::string& t : thresholds_) {
      const std::size_t colon = t.find(':');
      const bool named = colon != std::string::npos &&
                         reports::metric_info(t.substr(0, colon)).has_value();
      if (named ? t.substr(0, colon) != m.metric
                : (m.metric != "wall" && m.metric != "cpu")) {
        continue;
      }
      Result<ci::ThresholdRule> rule =
          ci::parse_threshold_rule(named ? t.substr(colon + 1) : t);
      if (!rule) return rule.error();
      o.thresholds.push_back(std::move(*rule));
    }
    if (auto ok = ci::check_thresholds(o); !ok) return ok.error();
    return o;
  }

  Result<int> gate_metrics(const reports::LoadedSamples& loaded,
                           const std::vector<std::string>& names,
                           const ci::GateOptions& base) const {
    const auto metrics = reports::select_metrics(
        loaded, names.empty() ? default_metrics(loaded) : names);
    if (!metrics) return metrics.error();
    if (metrics->empty())
      return bad_input_error(loaded.input_name + ": no metric to gate");
    std::string text, json;
    std::vector<ci::GateResult> results;
    int exit = kExitOk;
    for (const reports::MetricInput& m : *metrics) {
      auto options = options_for(base, m);
      if (!options) return options.error();
      const ci::GateResult result = ci::evaluate_gate(m.samples, *options);
      if (result.exit_code == kExitRegression || exit == kExitRegression) {
        exit = kExitRegression;
      } else if (result.exit_code != kExitOk) {
        exit = result.exit_code;
      }
      if (!text.empty()) text += "\n";
      text += format_ == "markdown" ? reports::format_gate_markdown(result)
                                    : reports::format_gate_text(result);
      json += (json.empty() ? "" : ",\n") + reports::format_gate_json(result);
      results.push_back(result);
    }
    if (format_ == "html") text = reports::format_gate_html(results);
    json =
        fmt::format("{{\"exit_code\": {}, \"metrics\": [\n{}]}}\n", exit, json);
    if (auto written = write_stdout(format_ == "json" ? json : text);
        !written) {
      return written.error();
    }
    if (!json_path_.empty()) {
      if (auto written = write_file_atomically(json_path_, json); !written)
        return written.error();
    }
    return exit;
  }

  Result<ci::GateOptions> gate_options() const {
    if (format_ != "text" && format_ != "markdown" && format_ != "json" &&
        format_ != "html") {
      return usage_error("unknown format '" + format_ +
                         "': expected text, markdown, json or html");
    }
    ci::GateOptions options;
    const auto correction = stats::parse_correction(correction_);
    if (!correction) {
      return usage_error("unknown correction '" + correction_ +
                         "': expected holm, bh or none");
    }
    options.correction = *correction;
    if (!(alpha_ > 0 && alpha_ < 1))
      return usage_error("--alpha must be between 0 and 1");
    options.alpha = alpha_;
    for (const std::string& text : max_regressions_) {
      if (text.find('=') != std::string::npos) continue;  // a metric's own
      const Result<double> max_regression =
          ci::parse_percentage(text, "--max-regression");
      if (!max_regression) return max_regression.error();
      options.max_regression_pct = *max_regression;
    }
    // Checked with or without --until-decided: a value that could never
    // mean anything is a mistake either way.
    if (first_look_ < 2 || look_every_ < 1 || max_runs_ < first_look_) {
      return usage_error(
          "the looks need --runs >= 2, --look-every >= 1 and --max-runs >= "
          "--runs");
    }
    if (until_decided_) {
      options.sequential =
          reports::SequentialPlan{first_look_, look_every_, max_runs_};
      if (paired_)
        return usage_error("--until-decided does not apply to --paired");
    }
    for (const std::string& t : thresholds_) {
      const std::size_t colon = t.find(':');
      if (colon != std::string::npos &&
          reports::metric_info(t.substr(0, colon)))
        continue;
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
  std::vector<std::string> max_regressions_;
  bool until_decided_ = false;
  int first_look_ = 10;
  int look_every_ = 10;
  int max_runs_ = 200;
  std::vector<std::string> thresholds_;
  bool lower_is_better_ = false;
  bool strict_ = false;
  bool paired_ = false;
};

}  // namespace

std::unique_ptr<Subcommand> add_gate(CLI::App& app) {
  return std::make_unique<Gate>(app);
}

}  // namespace fpbench::cli
