#pragma once

// Samples grouped by benchmark: the input of every comparison.
//
// A benchmark is named as compare.R names it, filename + ' ' + configuration,
// so two rows whose joined names coincide are one benchmark, and an empty
// configuration leaves a trailing space in the name.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fpbench::reports {

enum class Binary { kOld, kNew };

// The values of one benchmark per side: rates (operations per second,
// higher is better) for wall time and the compare.js CSV, counts or costs
// per operation for the other metrics (MetricSamples says which).
struct BenchmarkSamples {
  std::string name;
  std::string filename;       // from the first sample of this name
  std::string configuration;  // from the first sample of this name
  std::vector<double> old_rates;
  std::vector<double> new_rates;
};

class SampleSet {
 public:
  // One sample's value: a rate or a count per operation, as above.
  void add(Binary binary, std::string_view filename,
           std::string_view configuration, double value);

  // In order of first appearance.
  [[nodiscard]] const std::vector<BenchmarkSamples>& benchmarks() const {
    return benchmarks_;
  }
  [[nodiscard]] std::size_t sample_count() const { return sample_count_; }

 private:
  std::vector<BenchmarkSamples> benchmarks_;
  std::unordered_map<std::string, std::size_t> index_by_name_;
  std::string name_scratch_;
  std::size_t last_ = 0;  // index of the benchmark of the last sample added
  std::size_t sample_count_ = 0;
};

}  // namespace fpbench::reports
