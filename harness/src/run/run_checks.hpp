#pragma once

// What fpbench run checks before it starts anything, and how it selects
// scenarios by name.

#include <chrono>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness::detail {

// Where the samples go: the --resume file, else -o, else "-".
std::string samples_path(const RunOptions& o);

// The options on their own: numbers in range, flags that go together, known
// metrics, --resume, -o and --json naming no file twice; then what the
// source's kind needs of them (SourceType::check_options).
Result<void> check_options(const RunOptions& o);

// "all", the scenario's own name, or its category ("fs" for "fs/x").
bool selector_matches(const std::string& selector, const std::string& scenario);
bool contains_any(const std::string& name,
                  const std::vector<std::string>& parts);

// The CPUs every sample is pinned to: --cpu's, or where the source
// pins_by_cpuset (--node) the CPUSET of --set (compare.js runs each script
// under `taskset -c CPUSET`; the scripts are handed it too, as there). Each
// must be one this process may run on (its affinity mask), so online: pinning
// to any other would fail every sample.
Result<std::vector<int>> sample_cpus(const RunOptions& o);

// How long a program may take to answer a query (--list-parameters,
// --build-info): as long as one of its samples.
std::chrono::milliseconds query_timeout(const RunOptions& o);

// That the records of a --resume file are all of configurations this run
// measures (jobs of `source`); usage error naming the difference otherwise.
Result<void> check_resumed_configurations(
    const std::string& path, const std::vector<reports::SampleRecord>& resumed,
    const std::vector<std::string>& jobs, const SampleSource& source);

}  // namespace fpbench::harness::detail
