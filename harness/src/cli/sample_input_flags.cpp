#include "sample_input_flags.hpp"

#include <algorithm>
#include <cstdio>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::cli {

void add_sample_input_flags(CLI::App& command, SampleInputFlags& flags) {
  flags.csv_option =
      command
          .add_option("file", flags.csv_path,
                      "Samples CSV or fpbench run's JSON Lines, or - for "
                      "standard input")
          ->capture_default_str();
  command
      .add_option(
          "--gbench-json", flags.gbench,
          "Google Benchmark JSON of the old build, then of the new one; "
          "each repetition is a sample, rate = 1/time")
      ->expected(2)
      ->type_name("FILE")
      ->group(kGroupInput);
  add_old_spelling(command, "--gbench", "--gbench-json", flags.gbench)
      ->expected(2);
  command
      .add_option("--hyperfine-json", flags.hyperfine,
                  "hyperfine --export-json of the old command, then of the new "
                  "command; each run is a sample, rate = 1/time")
      ->expected(2)
      ->type_name("FILE")
      ->group(kGroupInput);
  add_old_spelling(command, "--hyperfine", "--hyperfine-json", flags.hyperfine)
      ->expected(2);
  command
      .add_option("--filter", flags.filters,
                  "Keep benchmarks whose name (filename and configuration) "
                  "contains TEXT (repeatable)")
      ->allow_extra_args(false)
      ->group(kGroupSelection);
  command
      .add_option("--exclude", flags.excludes,
                  "Drop benchmarks whose name contains TEXT (repeatable)")
      ->allow_extra_args(false)
      ->group(kGroupSelection);
  flags.metric_option =
      command
          .add_option("--metric", flags.metric,
                      "Comma-separated, of fpbench run's JSON Lines: " +
                          reports::metric_names_text())
          ->group(kGroupMetrics);
  command
      .add_option(
          "--gbench-time", flags.gbench_time,
          "With --gbench-json: the time that becomes the rate, real_time "
          "(default) or cpu_time")
      ->group(kGroupMetrics);
}

Result<reports::SampleInputs> sample_inputs_from_flags(
    const SampleInputFlags& flags) {
  reports::SampleInputs inputs;
  const bool files = !flags.gbench.empty() || !flags.hyperfine.empty();
  const bool csv_given =
      flags.csv_option != nullptr && flags.csv_option->count() > 0;
  if (files && csv_given) {
    return usage_error(
        "a samples CSV cannot be combined with --gbench-json or "
        "--hyperfine-json: give one kind of input");
  }
  const bool metric_given =
      flags.metric_option != nullptr && flags.metric_option->count() > 0;
  // The time kind once went by --metric, which now names fpbench's metrics
  // only.
  const bool old_time_spelling =
      metric_given && !flags.gbench.empty() &&
      (flags.metric == "real_time" || flags.metric == "cpu_time");
  if (old_time_spelling) {
    note_old_spelling("--metric " + flags.metric,
                      "--gbench-time " + flags.metric);
  }
  if (!flags.gbench_time.empty() && flags.gbench.empty())
    return usage_error("--gbench-time goes with --gbench-json");
  if (!flags.gbench.empty()) {
    const std::string time = old_time_spelling           ? flags.metric
                             : flags.gbench_time.empty() ? "real_time"
                                                         : flags.gbench_time;
    FPBENCH_ASSIGN_OR_RETURN(inputs.metric, reports::parse_time_metric(time));
    if (metric_given && !old_time_spelling) {
      return usage_error(
          "--metric names fpbench's metrics, which Google Benchmark JSON does "
          "not have; its time kind is --gbench-time real_time|cpu_time");
    }
  } else if (metric_given) {
    if (!flags.hyperfine.empty())
      return usage_error("--metric does not apply to --hyperfine-json");
    std::size_t start = 0;
    while (start <= flags.metric.size()) {
      const std::size_t comma =
          std::min(flags.metric.find(',', start), flags.metric.size());
      const std::string name = flags.metric.substr(start, comma - start);
      if (!reports::metric_info(name)) {
        return usage_error("unknown metric '" + name + "': expected " +
                           reports::metric_names_text());
      }
      inputs.metric_names.push_back(name);
      start = comma + 1;
    }
  }
  if (!files) inputs.csv_path = flags.csv_path;
  inputs.gbench = flags.gbench;
  inputs.hyperfine = flags.hyperfine;
  inputs.filters = flags.filters;
  inputs.excludes = flags.excludes;
  return inputs;
}

void print_sample_warnings(const reports::LoadedSamples& loaded) {
  for (const std::string& warning : loaded.warnings) {
    std::fprintf(stderr, "fpbench: warning: %s\n", warning.c_str());
  }
}

}  // namespace fpbench::cli
