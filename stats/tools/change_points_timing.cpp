// Times detect_change_points on a nightly-history-sized load: 1,000 series of
// 365 points (1% normal noise; every other series with three steps).
// Build: cmake --build build --target fpbench_change_points_timing
// Run:   ./build/stats/fpbench_change_points_timing [series] [points]

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "fpbench/stats/change_points.hpp"

namespace {

std::vector<double> make_series(std::size_t n, std::uint64_t seed, bool steps) {
  std::mt19937_64 engine(seed);
  const auto uniform = [&] {
    return (static_cast<double>(engine() >> 11) + 1.0) * 0x1.0p-53;
  };
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    double level = 100.0;
    if (steps && i >= n / 4) level *= 0.95;
    if (steps && i >= n / 2) level *= 1.07;
    if (steps && i >= 3 * n / 4) level *= 0.96;
    const double u1 = uniform();
    const double u2 = uniform();
    x[i] = level + std::sqrt(-2.0 * std::log(u1)) *
                       std::cos(2.0 * std::numbers::pi * u2);
  }
  return x;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t count = argc > 1 ? std::stoul(argv[1]) : 1000;
  const std::size_t points = argc > 2 ? std::stoul(argv[2]) : 365;
  std::vector<std::vector<double>> all;
  all.reserve(count);
  for (std::size_t s = 0; s < count; ++s)
    all.push_back(make_series(points, s + 1, s % 2 == 0));

  const auto start = std::chrono::steady_clock::now();
  std::size_t found = 0;
  for (const auto& x : all)
    found += fpbench::stats::detect_change_points(x).size();
  const auto stop = std::chrono::steady_clock::now();
  const double seconds = std::chrono::duration<double>(stop - start).count();
  std::printf(
      "%zu series x %zu points: %.3f s (%.3f ms per series), %zu change "
      "points\n",
      count, points, seconds, 1e3 * seconds / static_cast<double>(count),
      found);
  return 0;
}
