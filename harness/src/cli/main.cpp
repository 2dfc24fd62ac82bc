// fpbench: the command-line entry point. Exceptions and error results end
// here as "fpbench: error: ..." on stderr and the exit codes of
// ARCHITECTURE.md: 0 ok, 1 regression, 2 bad usage or input, 3 failure.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <random>
#include <string>
#include <vector>

#include "fpbench/ci/gate.hpp"
#include "fpbench/harness/compare_command.hpp"
#include "fpbench/harness/process.hpp"
#include "fpbench/harness/run_command.hpp"
#include "fpbench/harness/sample_sources.hpp"
#include "sample_input_flags.hpp"
#include "history_cli.hpp"

namespace {

using fpbench::kExitOk;

// Prints the error; its kind decides the exit code.
int fail(const fpbench::Error& e) {
  std::fprintf(stderr, "fpbench: error: %s\n", e.message.c_str());
  return fpbench::exit_code(e);
}

bool write_stdout(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

struct CompareArgs {
  fpbench::cli::SampleInputFlags inputs;
  std::string format = "text";
  bool only_significant = false;
  std::string plot;              // box plot PNG, when given
  std::string plot_improvement;  // improvement PNG, when given
};

int run_compare(const CompareArgs& args) {
  using namespace fpbench::harness;
  const auto format = parse_report_format(args.format);
  if (!format) return fail(format.error());
  const auto inputs = fpbench::cli::sample_inputs_from_flags(args.inputs);
  if (!inputs) return fail(inputs.error());
  const auto loaded = load_samples(*inputs);
  if (!loaded) return fail(loaded.error());
  fpbench::cli::print_sample_warnings(*loaded);
  const auto report =
      render_comparison(loaded->samples, *format,
                        fpbench::reports::ReportOptions{args.only_significant});
  if (!report) return fail(report.error());
  if (!write_stdout(*report)) {
    return fail(fpbench::io_error(std::string("cannot write the report: ") +
                                  std::strerror(errno)));
  }
  const auto plotted = plot_comparison(loaded->samples, args.plot, args.plot_improvement);
  if (!plotted) return fail(plotted.error());
  return kExitOk;
}

struct GateArgs {
  fpbench::cli::SampleInputFlags inputs;
  std::string format = "text";
  std::string json_path;
  std::string correction = "holm";
  double alpha = 0.01;
  std::string max_regression = "5%";
  std::vector<std::string> thresholds;
  bool lower_is_better = false;
  bool strict = false;
  bool paired = false;
};

bool write_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return false;
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  return std::fclose(f) == 0 && ok;
}

int run_gate(const GateArgs& args) {
  using namespace fpbench;
  if (args.format != "text" && args.format != "markdown" && args.format != "json") {
    return fail(
        usage_error("unknown format '" + args.format + "': expected text, markdown or json"));
  }
  ci::GateOptions options;
  const auto correction = stats::parse_correction(args.correction);
  if (!correction) {
    return fail(
        usage_error("unknown correction '" + args.correction + "': expected holm, bh or none"));
  }
  options.correction = *correction;
  if (!(args.alpha > 0 && args.alpha < 1)) {
    return fail(usage_error("--alpha must be between 0 and 1"));
  }
  options.alpha = args.alpha;
  const Result<double> max_regression = ci::parse_percentage(args.max_regression, "--max-regression");
  if (!max_regression) return fail(max_regression.error());
  options.max_regression_pct = *max_regression;
  for (const std::string& t : args.thresholds) {
    Result<ci::ThresholdRule> rule = ci::parse_threshold_rule(t);
    if (!rule) return fail(rule.error());
    options.thresholds.push_back(std::move(*rule));
  }
  options.lower_is_better = args.lower_is_better;
  options.strict = args.strict;
  options.paired = args.paired;

  const auto inputs = cli::sample_inputs_from_flags(args.inputs);
  if (!inputs) return fail(inputs.error());
  const auto loaded = harness::load_samples(*inputs);
  if (!loaded) return fail(loaded.error());
  cli::print_sample_warnings(*loaded);
  options.metric = loaded->metric_description;
  const ci::GateResult result = ci::evaluate_gate(loaded->samples, options);
  const std::string report = args.format == "json"       ? ci::format_gate_json(result)
                             : args.format == "markdown" ? ci::format_gate_markdown(result)
                                                         : ci::format_gate_text(result);
  if (!write_stdout(report)) {
    return fail(io_error(std::string("cannot write the report: ") + std::strerror(errno)));
  }
  if (!args.json_path.empty() && !write_file(args.json_path, ci::format_gate_json(result))) {
    return fail(io_error("cannot write '" + args.json_path + "': " + std::strerror(errno)));
  }
  return result.exit_code;
}

// fpbench-scenarios: FPBENCH_SCENARIOS, else beside this program (an
// install) or in the build tree's scenarios/ folder, else on PATH.
std::string default_scenario_program() {
  if (const char* env = std::getenv("FPBENCH_SCENARIOS"); env != nullptr && *env != '\0') {
    return env;
  }
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    const std::string exe(self, static_cast<std::size_t>(n));
    const std::string dir = exe.substr(0, exe.rfind('/'));
    for (const std::string& candidate :
         {dir + "/fpbench-scenarios", dir + "/../scenarios/fpbench-scenarios"}) {
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return "fpbench-scenarios";
}

int run_list(const std::string& program, const std::string& category) {
  const auto p = fpbench::harness::run_process({program, "--list"});
  if (!p) return fail(p.error());
  if (!p->ok()) {
    return fail(fpbench::benchmark_error(program + " --list: " + p->status_text() + "\n" + p->err));
  }
  // Blocks of "name" followed by indented grid lines; keep the category's.
  std::string out;
  bool keep = false;
  std::size_t start = 0;
  const std::string& text = p->out;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    const std::string line = text.substr(start, end - start);
    if (!line.empty() && line[0] != ' ') {
      keep = category.empty() || category == "all" || line == category ||
             line.rfind(category + "/", 0) == 0;
    }
    if (keep) out += line + "\n";
    start = end + 1;
  }
  if (out.empty()) return fail(fpbench::usage_error("no scenario in category '" + category + "'"));
  if (!write_stdout(out)) {
    return fail(fpbench::io_error(std::string("cannot write the list: ") + std::strerror(errno)));
  }
  return kExitOk;
}

// "90", "90s", "10m", "1h": whole seconds, minutes or hours.
fpbench::Result<std::chrono::seconds> parse_duration(const std::string& text) {
  std::size_t used = 0;
  long long n = -1;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = text.substr(used);
  long long scale = 0;
  if (unit.empty() || unit == "s") scale = 1;
  if (unit == "m") scale = 60;
  if (unit == "h") scale = 3600;
  if (used == 0 || n <= 0 || scale == 0 || n > 1000000) {
    return fpbench::usage_error("expected a positive duration such as 90s, 10m or 1h, got '" +
                                       text + "'");
  }
  return std::chrono::seconds(n * scale);
}

int run_run(const fpbench::harness::RunOptions& options) {
  const auto summary = fpbench::harness::run_benchmarks(options);
  if (!summary) return fail(summary.error());
  if (summary->budget_spent) {
    std::fprintf(stderr, "fpbench: note: the time budget was spent; the run stopped there\n");
  }
  for (const std::string& line : summary->not_converged) {
    std::fprintf(stderr, "fpbench: not converged: %s\n", line.c_str());
  }
  if (summary->failures.empty()) return kExitOk;
  std::fprintf(stderr, "fpbench: %zu benchmark(s) failed:\n", summary->failures.size());
  for (const std::string& f : summary->failures) std::fprintf(stderr, "  %s\n", f.c_str());
  return fpbench::exit_code(fpbench::ErrorKind::kBenchmarkFailed);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fpbench: benchmark comparisons with defensible statistics"};
  app.require_subcommand(1);

  CompareArgs compare;
  CLI::App* compare_cmd = app.add_subcommand(
      "compare",
      "Compare old and new samples (Node compare.js CSV, Google Benchmark "
      "or hyperfine JSON) and print the compare.R table");
  fpbench::cli::add_sample_input_flags(*compare_cmd, compare.inputs);
  compare_cmd
      ->add_option("--format", compare.format,
                   "Output format: text (compare.R's table), markdown, json "
                   "or csv")
      ->capture_default_str();
  compare_cmd->add_flag("--only-significant", compare.only_significant,
                        "Keep only rows with at least one star (text and "
                        "markdown)");
  compare_cmd->add_option("--plot", compare.plot,
                          "Also draw old vs new box plots per benchmark to this PNG");
  compare_cmd->add_option("--plot-improvement", compare.plot_improvement,
                          "Also draw the improvements with confidence intervals to this PNG");

  fpbench::harness::RunOptions run;
  run.scenario_program = default_scenario_program();
  run.seed = std::random_device{}();
  std::string target_accuracy;
  bool no_progress = false;
  bool no_realtime = false;
  CLI::App* run_cmd = app.add_subcommand(
      "run", "Run scenarios old vs new, randomized and interleaved, one process per sample");
  run_cmd->add_option("scenarios", run.selectors,
                      "Categories (fs), scenarios (fs/read-file-sync) or all");
  run_cmd->add_option("--old-impl", run.old_impl, "Implementation for the old side (baseline)");
  run_cmd->add_option("--new-impl", run.new_impl, "Implementation for the new side (fast)");
  run_cmd->add_option("--old", run.old_program, "fpbench-scenarios build for the old side");
  run_cmd->add_option("--new", run.new_program, "fpbench-scenarios build for the new side");
  run_cmd->add_option("--scenarios", run.scenario_program, "fpbench-scenarios to run")
      ->capture_default_str();
  run_cmd->add_option("--set", run.sets, "key=value: replace that key's values (repeatable)")
      ->allow_extra_args(false);
  run_cmd->add_option("--filter", run.filters, "Keep scenarios whose name contains TEXT")
      ->allow_extra_args(false);
  run_cmd->add_option("--exclude", run.excludes, "Drop scenarios whose name contains TEXT")
      ->allow_extra_args(false);
  run_cmd->add_option("--runs", run.runs, "Samples per side and configuration")
      ->capture_default_str();
  run_cmd->add_option("--seed", run.seed, "Seed of the randomized order");
  run_cmd->add_option("--output,-o", run.output, "Samples CSV, - for stdout")
      ->capture_default_str();
  run_cmd->add_option("--resume", run.resume, "Continue the run in this CSV up to --runs");
  run_cmd->add_option("--json", run.json, "Also write the samples with the machine context");
  run_cmd->add_option("--cpu", run.cpu, "Pin every sample to this CPU");
  run_cmd->add_flag("--no-progress", no_progress, "No progress line on stderr");
  run_cmd->add_flag("--no-realtime", no_realtime,
                    "Run timed samples at normal priority, not SCHED_FIFO 1");
  run_cmd->add_option("--target-accuracy", target_accuracy,
                      "Add runs until every 95% interval is within this, e.g. 2%");
  run_cmd->add_option("--max-runs", run.max_runs, "Upper bound with --target-accuracy")
      ->capture_default_str();
  run_cmd->add_option("--warmup", run.warmup, "Samples per side and configuration to discard")
      ->capture_default_str();
  run_cmd->add_option("--min-time", run.min_time_s, "Seconds each sample measures for")
      ->capture_default_str();
  run_cmd->add_flag("--node", run.node,
                    "Run Node.js benchmark scripts with the node binaries --old and --new");
  run_cmd->add_flag("--paired", run.paired,
                    "Run each configuration's old and new sample back to back, in random order");
  std::string metrics;
  run_cmd->add_option("--metric", metrics,
                      "Comma-separated: wall, cpu, faults, syscalls, syscalls_all, instructions "
                      "(default wall; any other writes JSON Lines)");
  run_cmd->add_option("--counter-runs", run.counter_runs,
                      "Samples per side of the counted metrics (syscalls, instructions)")
      ->capture_default_str();
  run_cmd->add_option("--counter-iterations", run.counter_iterations,
                      "Iterations of a counting sample, the first not counted (default 11; 5 "
                      "under callgrind)");
  run_cmd->add_option("--jobs,-j", run.jobs, "Counting samples run at once (default: CPUs)");
  run_cmd->add_option("--valgrind", run.valgrind, "valgrind to count instructions with")
      ->capture_default_str();
  std::string time_budget;
  run_cmd->add_option("--time-budget", time_budget,
                      "Start no new round after this long: 90s, 10m, 1h");

  GateArgs gate;
  CLI::App* gate_cmd = app.add_subcommand(
      "gate",
      "Decide whether new regressed against old: exit 0 pass, 1 regression, "
      "2 bad input, 3 missing samples. Rates are higher-is-better");
  fpbench::cli::add_sample_input_flags(*gate_cmd, gate.inputs);
  gate_cmd->add_option("--format", gate.format, "text, markdown (a PR comment) or json")
      ->capture_default_str();
  gate_cmd->add_option("--json", gate.json_path, "Also write every decision as JSON to this file");
  gate_cmd->add_option("--correction", gate.correction, "Multiple-comparison correction: holm, bh or none")
      ->capture_default_str();
  gate_cmd->add_option("--alpha", gate.alpha, "Significance level after correction")
      ->capture_default_str();
  gate_cmd->add_option("--max-regression", gate.max_regression,
                       "Largest slowdown tolerated, e.g. 5%")
      ->capture_default_str();
  gate_cmd->add_option("--threshold", gate.thresholds,
                       "PATTERN=PCT: another threshold for benchmarks matching PATTERN "
                       "(glob, or substring without * ? [); the last match wins")
      ->allow_extra_args(false);
  gate_cmd->add_flag("--lower-is-better", gate.lower_is_better,
                     "The values are times or costs: a rise is a regression");
  gate_cmd->add_flag("--strict", gate.strict, "Fail when a benchmark needs more runs to decide");
  gate_cmd->add_flag("--paired", gate.paired,
                     "The k-th old and new samples were measured together (fpbench run "
                     "--paired): test the pairs' ratios");

  std::string list_category;
  std::string list_program = run.scenario_program;
  CLI::App* list_cmd = app.add_subcommand("list", "List scenarios and their parameter grids");
  list_cmd->add_option("category", list_category, "Only this category or scenario");
  list_cmd->add_option("--scenarios", list_program, "fpbench-scenarios to ask")
      ->capture_default_str();

  fpbench::cli::HistoryCli history(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return fpbench::exit_code(fpbench::ErrorKind::kUsage);
  }

  try {
    if (compare_cmd->parsed()) return run_compare(compare);
    if (list_cmd->parsed()) return run_list(list_program, list_category);
    if (gate_cmd->parsed()) return run_gate(gate);
    if (history.parsed()) return history.run();
    if (run_cmd->parsed()) {
      run.progress = !no_progress;
      run.realtime = !no_realtime;
      if (!metrics.empty()) {
        run.metrics.clear();
        std::size_t start = 0;
        while (start <= metrics.size()) {
          const std::size_t comma = std::min(metrics.find(',', start), metrics.size());
          run.metrics.push_back(metrics.substr(start, comma - start));
          start = comma + 1;
        }
      }
      if (!time_budget.empty()) {
        const auto budget = parse_duration(time_budget);
        if (!budget) return fail(fpbench::usage_error("--time-budget: " + budget.error().message));
        run.time_budget = *budget;
      }
      if (!target_accuracy.empty()) {
        const fpbench::Result<double> pct =
            fpbench::ci::parse_percentage(target_accuracy, "--target-accuracy");
        if (!pct) return fail(pct.error());
        run.target_accuracy_pct = *pct;
        if (!(run.target_accuracy_pct > 0)) {
          return fail(fpbench::usage_error("--target-accuracy must be a positive percentage"));
        }
      }
      return run_run(run);
    }
  } catch (const std::exception& e) {
    return fail(fpbench::internal_error(e.what()));
  }
  return fail(fpbench::usage_error("no command given (try --help)"));
}
