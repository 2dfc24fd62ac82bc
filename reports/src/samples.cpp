#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

void SampleSet::add(Binary binary, std::string_view filename,
                    std::string_view configuration, double rate_ops_per_s) {
  name_scratch_.assign(filename);
  name_scratch_ += ' ';
  name_scratch_ += configuration;
  auto [it, inserted] =
      index_by_name_.try_emplace(name_scratch_, benchmarks_.size());
  if (inserted) {
    benchmarks_.push_back(BenchmarkSamples{name_scratch_,
                                           std::string(filename),
                                           std::string(configuration),
                                           {},
                                           {}});
  }
  BenchmarkSamples& b = benchmarks_[it->second];
  (binary == Binary::kOld ? b.old_rates : b.new_rates)
      .push_back(rate_ops_per_s);
  ++sample_count_;
}

}  // namespace fpbench::reports
