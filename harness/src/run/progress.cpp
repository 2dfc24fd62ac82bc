#include "run/progress.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace fpbench::harness::detail {

std::string format_hms(double seconds) {
  const auto s = static_cast<long long>(seconds < 0 ? 0 : seconds);
  return fmt::format("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
}

void Progress::update(std::size_t done, std::size_t files_done,
                      std::size_t files, std::size_t run, std::size_t runs,
                      std::size_t configs_done, std::size_t configs) {
  if (!enabled_) return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  const double fraction =
      total_ == 0 ? 1.0
                  : static_cast<double>(done) / static_cast<double>(total_);
  const std::string eta =
      done == 0 ? "--:--:--" : format_hms(elapsed / fraction - elapsed);
  std::fprintf(
      stderr,
      "\r[%s|%% %3d| %zu/%zu files | %zu/%zu runs | %zu/%zu configs]: ETA %s ",
      format_hms(elapsed).c_str(), static_cast<int>(fraction * 100), files_done,
      files, run, runs, configs_done, configs, eta.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (!enabled_) return;
  std::fprintf(stderr, "\n");
}

}  // namespace fpbench::harness::detail
