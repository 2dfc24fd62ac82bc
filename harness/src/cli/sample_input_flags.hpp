#pragma once

// The command-line flags that choose where compared samples come from,
// shared by the commands that compare old with new:
//   [FILE]                      a compare.js samples CSV ("-": stdin)
//   --gbench-json OLD.json NEW.json  Google Benchmark JSON, one file per
//                               side (once spelled --gbench)
//   --hyperfine-json OLD.json NEW.json  hyperfine --export-json, one per
//                               side (once spelled --hyperfine)
//   --gbench-time real_time|cpu_time  which gbench time becomes the rate
//                               (once spelled --metric real_time|cpu_time)
//   --metric wall,instructions,... which of fpbench's metrics (JSON Lines
//   input)
//   --filter TEXT, --exclude TEXT  the benchmarks kept, as fpbench run's

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/sample_sources.hpp"

namespace fpbench::cli {

struct SampleInputFlags {
  std::string csv_path = "-";
  std::vector<std::string> gbench;
  std::vector<std::string> hyperfine;
  std::string metric;
  std::string gbench_time;
  std::vector<std::string> filters;
  std::vector<std::string> excludes;
  CLI::Option* csv_option = nullptr;
  CLI::Option* metric_option = nullptr;
};

// Adds the positional FILE and the flags above to `command`.
void add_sample_input_flags(CLI::App& command, SampleInputFlags& flags);

// After parsing: the inputs, or a usage error for a CSV together with
// --gbench-json or --hyperfine-json, --gbench-time without --gbench-json,
// or an unknown
// metric.
Result<reports::SampleInputs> sample_inputs_from_flags(
    const SampleInputFlags& flags);

// Prints each warning as "fpbench: warning: ..." on stderr.
void print_sample_warnings(const reports::LoadedSamples& loaded);

}  // namespace fpbench::cli
