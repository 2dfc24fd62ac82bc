#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

namespace {

// Whether `name` is filename + ' ' + configuration, without joining them.
bool is_joined(std::string_view name, std::string_view filename,
               std::string_view configuration) {
  return name.size() == filename.size() + 1 + configuration.size() &&
         name.substr(0, filename.size()) == filename &&
         name[filename.size()] == ' ' &&
         name.substr(filename.size() + 1) == configuration;
}

}  // namespace

void SampleSet::add(Binary binary, std::string_view filename,
                    std::string_view configuration, double value) {
  // compare.js writes one run of every benchmark after the other, so the
  // benchmark after the last one is the likely one: checked before hashing.
  const std::size_t next = last_ + 1 < benchmarks_.size() ? last_ + 1 : 0;
  if (!benchmarks_.empty() &&
      is_joined(benchmarks_[next].name, filename, configuration)) {
    BenchmarkSamples& b = benchmarks_[next];
    (binary == Binary::kOld ? b.old_rates : b.new_rates).push_back(value);
    last_ = next;
    ++sample_count_;
    return;
  }
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
  last_ = it->second;
  BenchmarkSamples& b = benchmarks_[it->second];
  (binary == Binary::kOld ? b.old_rates : b.new_rates).push_back(value);
  ++sample_count_;
}

}  // namespace fpbench::reports
