#pragma once

// Helpers shared by the tests of the Google Benchmark and hyperfine readers
// and of load_samples: the test data folders and one-call loaders that keep
// the result, the samples and the warnings together.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fpbench/reports/gbench_json.hpp"
#include "fpbench/reports/hyperfine_json.hpp"
#include "fpbench/reports/input.hpp"

namespace fpbench::reports::test_support {

inline const std::string kGbenchDir =
    FPBENCH_SOURCE_DIR "/reports/tests/data/gbench/";
inline const std::string kHyperfineDir =
    FPBENCH_SOURCE_DIR "/reports/tests/data/hyperfine/";

inline std::string data(const std::string& path) {
  Result<std::string> text = read_input(path);
  EXPECT_TRUE(text.has_value()) << path;
  return text ? *text : std::string();
}

struct Loaded {
  Result<void> result;
  SampleSet samples;
  std::vector<std::string> warnings;
};

inline Loaded gbench_text(const std::string& text, const std::string& name,
                          TimeMetric metric = TimeMetric::kRealTime,
                          Binary side = Binary::kOld) {
  Loaded l;
  l.result = add_gbench_json(text, name, side, metric, l.samples, l.warnings);
  return l;
}

inline Loaded gbench_file(const std::string& file,
                          TimeMetric metric = TimeMetric::kRealTime) {
  return gbench_text(data(kGbenchDir + file), file, metric);
}

inline Loaded hyperfine_text(const std::string& text, const std::string& name) {
  Loaded l;
  l.result =
      add_hyperfine_json(text, name, Binary::kNew, l.samples, l.warnings);
  return l;
}

inline Loaded hyperfine_file(const std::string& file) {
  return hyperfine_text(data(kHyperfineDir + file), file);
}

inline const BenchmarkSamples* find(const SampleSet& s,
                                    const std::string& name) {
  for (const BenchmarkSamples& b : s.benchmarks()) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

inline std::string error_of(const Loaded& l) {
  return l.result ? std::string("(no error)") : l.result.error().message;
}

}  // namespace fpbench::reports::test_support
