#pragma once

// The progress line compare.js draws on a terminal, redrawn in place:
// [00:01:05|% 42| 2/3 files | 13/30 runs | 24/48 configs]: ETA 00:01:30

#include <chrono>
#include <cstddef>
#include <string>

namespace fpbench::harness::detail {

class Progress {
 public:
  Progress(bool enabled, std::size_t total_samples)
      : enabled_(enabled),
        total_(total_samples),
        start_(std::chrono::steady_clock::now()) {}

  void update(std::size_t done, std::size_t files_done, std::size_t files,
              std::size_t run, std::size_t runs, std::size_t configs_done,
              std::size_t configs);
  void grow(std::size_t more_samples) { total_ += more_samples; }
  void finish();

 private:
  bool enabled_;
  std::size_t total_;
  std::chrono::steady_clock::time_point start_;
};

std::string format_hms(double seconds);

}  // namespace fpbench::harness::detail
