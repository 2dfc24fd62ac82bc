#include "sample_input_flags.hpp"

#include <algorithm>
#include <cstdio>

#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::cli {

void add_sample_input_flags(CLI::App& command, SampleInputFlags& flags) {
  flags.csv_option = command
                         .add_option("file", flags.csv_path,
                                     "Samples CSV, or - for standard input")
                         ->capture_default_str();
  command
      .add_option(
          "--gbench", flags.gbench,
          "Google Benchmark JSON of the old build, then of the new one; "
          "each repetition is a sample, rate = 1/time")
      ->expected(2)
      ->type_name("FILE");
  command
      .add_option("--hyperfine", flags.hyperfine,
                  "hyperfine --export-json of the old command, then of the new "
                  "command; each run is a sample, rate = 1/time")
      ->expected(2)
      ->type_name("FILE");
  flags.metric_option = command.add_option(
      "--metric", flags.metric,
      "With --gbench: real_time (default) or cpu_time. With "
      "fpbench run's JSON Lines: " +
          reports::metric_names_text() + ", comma-separated");
}

Result<reports::SampleInputs> sample_inputs_from_flags(
    const SampleInputFlags& flags) {
  reports::SampleInputs inputs;
  const bool files = !flags.gbench.empty() || !flags.hyperfine.empty();
  const bool csv_given =
      flags.csv_option != nullptr && flags.csv_option->count() > 0;
  if (files && csv_given) {
    return usage_error(
        "a samples CSV cannot be combined with --gbench or "
        "--hyperfine: give one kind of input");
  }
  const bool metric_given =
      flags.metric_option != nullptr && flags.metric_option->count() > 0;
  if (!flags.gbench.empty()) {
    const auto metric =
        reports::parse_time_metric(metric_given ? flags.metric : "real_time");
    if (!metric) return metric.error();
    inputs.metric = *metric;
  } else if (metric_given) {
    if (!flags.hyperfine.empty())
      return usage_error("--metric does not apply to --hyperfine");
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
  return inputs;
}

void print_sample_warnings(const reports::LoadedSamples& loaded) {
  for (const std::string& warning : loaded.warnings) {
    std::fprintf(stderr, "fpbench: warning: %s\n", warning.c_str());
  }
}

}  // namespace fpbench::cli
