// False alarms, detection and latency of detect_change_points over a grid of
// options, on seeded synthetic nightly series: a level of 100 with normal
// noise of sd `noise_pct` percent per point (default 0.365: a night's mean
// of 30 samples with 2% sd, as history/generators/gen_history.py), 100 and 365
// points.
//
// Per option set (min_segment x max_p_value x adjust_for_candidates):
//   fp100, fp365   % of pure-noise series with at least one change point
//   dN@I           for a step of d% at index I of an N-point series: % of
//                  seeds with a change point at exactly I / within I +- 1
//   latN           for the same step, the nightly view: the series grows one
//                  point at a time after the step, detection runs on each
//                  prefix, and the latency is the number of points at the
//                  new level when a change point first lies within I +- 1
//                  (median / 95th percentile / % detected within 5 points;
//                  "-" when not detected within kMaxLatency points).
// Optionally a fraction of nights is disturbed: 5 sd slower than its level.
//
// Build: cmake --build build --target fpbench_change_points_tuning
// Run:   ./build/stats/fpbench_change_points_tuning [noise_seeds] [step_seeds]
//                                                   [noise_pct] [outlier_rate]

#include <algorithm>
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

using fpbench::stats::ChangePointOptions;
using fpbench::stats::detect_change_points;

constexpr std::size_t kMaxLatency = 30;

// Box-Muller on mt19937_64, as the unit tests, so seeds mean the same there.
std::vector<double> make_series(std::size_t n, std::size_t step_at,
                                double step_rel, double noise_pct,
                                double outlier_rate, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  const auto uniform = [&] {
    return (static_cast<double>(engine() >> 11) + 1.0) * 0x1.0p-53;
  };
  std::vector<double> x(n);
  for (std::size_t i = 0; i < n; ++i) {
    const double level = i >= step_at ? 100.0 * (1.0 + step_rel) : 100.0;
    const double u1 = uniform();
    const double u2 = uniform();
    x[i] = level + noise_pct * std::sqrt(-2.0 * std::log(u1)) *
                       std::cos(2.0 * std::numbers::pi * u2);
    // A disturbed night (another job on the machine): 5 sd slower.
    if (outlier_rate > 0 && uniform() <= outlier_rate) x[i] -= 5 * noise_pct;
  }
  return x;
}

bool has_near(const std::vector<fpbench::stats::ChangePoint>& cps,
              std::size_t index, std::size_t tolerance) {
  return std::any_of(cps.begin(), cps.end(), [&](const auto& cp) {
    const std::size_t d =
        cp.index > index ? cp.index - index : index - cp.index;
    return d <= tolerance;
  });
}

double pct(std::size_t part, std::size_t whole) {
  return 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

double false_alarm_pct(std::size_t n, std::size_t seeds, double noise_pct,
                       double outlier_rate, const ChangePointOptions& options) {
  std::size_t with_any = 0;
  for (std::uint64_t s = 1; s <= seeds; ++s) {
    const auto x =
        make_series(n, n, 0.0, noise_pct, outlier_rate, 1'000'000 * n + s);
    if (!detect_change_points(x, options).empty()) ++with_any;
  }
  return pct(with_any, seeds);
}

struct StepResult {
  double exact_pct = 0;
  double near_pct = 0;
  std::string latency;  // "median/p95/%<=5"
};

StepResult step_result(std::size_t n, std::size_t at, double rel,
                       std::size_t seeds, double noise_pct, double outlier_rate,
                       const ChangePointOptions& options) {
  std::size_t exact = 0;
  std::size_t near = 0;
  std::vector<std::size_t> latencies;
  for (std::uint64_t s = 1; s <= seeds; ++s) {
    const auto x =
        make_series(n, at, rel, noise_pct, outlier_rate, 2'000'000 * n + s);
    const auto cps = detect_change_points(x, options);
    if (has_near(cps, at, 0)) ++exact;
    if (has_near(cps, at, 1)) ++near;
    std::size_t latency = kMaxLatency + 1;
    for (std::size_t k = 1; k <= kMaxLatency && at + k <= n; ++k) {
      const std::span<const double> prefix(x.data(), at + k);
      if (has_near(detect_change_points(prefix, options), at, 1)) {
        latency = k;
        break;
      }
    }
    latencies.push_back(latency);
  }
  std::sort(latencies.begin(), latencies.end());
  const auto quantile = [&](double q) {
    const auto i = static_cast<std::size_t>(
        q * static_cast<double>(latencies.size() - 1) + 0.5);
    return latencies[i] > kMaxLatency ? std::string("-")
                                      : std::to_string(latencies[i]);
  };
  const auto within5 = static_cast<std::size_t>(
      std::count_if(latencies.begin(), latencies.end(),
                    [](std::size_t l) { return l <= 5; }));
  char buf[64];
  std::snprintf(buf, sizeof buf, "%s/%s/%.0f", quantile(0.5).c_str(),
                quantile(0.95).c_str(), pct(within5, seeds));
  return {pct(exact, seeds), pct(near, seeds), buf};
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t noise_seeds = argc > 1 ? std::stoul(argv[1]) : 1000;
  const std::size_t step_seeds = argc > 2 ? std::stoul(argv[2]) : 200;
  const double noise_pct = argc > 3 ? std::stod(argv[3]) : 0.365;
  const double outlier_rate = argc > 4 ? std::stod(argv[4]) : 0.0;
  std::printf(
      "noise sd %.3f%%, outliers %.3f; %zu noise seeds, %zu step seeds; dN@I "
      "exact/+-1 %%; "
      "lat median/p95/%%<=5\n",
      noise_pct, outlier_rate, noise_seeds, step_seeds);
  std::printf(
      "| min_seg | p | adj | fp100 %% | fp365 %% | -5%% 100@57 | lat | -5%% "
      "365@200 | lat | -2%% 100@57 | lat | -2%% 365@200 | lat |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const bool adjust : {false, true}) {
    for (const double p : {1e-3, 1e-4, 1e-5}) {
      for (const std::size_t min_segment : {2, 3, 4, 5, 8}) {
        ChangePointOptions options;
        options.max_p_value = p;
        options.min_segment = min_segment;
        options.adjust_for_candidates = adjust;
        std::printf(
            "| %zu | %.0e | %s | %.1f | %.1f", min_segment, p,
            adjust ? "yes" : "no",
            false_alarm_pct(100, noise_seeds, noise_pct, outlier_rate, options),
            false_alarm_pct(365, noise_seeds, noise_pct, outlier_rate,
                            options));
        for (const double rel : {-0.05, -0.02}) {
          for (const auto& [n, at] :
               {std::pair<std::size_t, std::size_t>{100, 57},
                std::pair<std::size_t, std::size_t>{365, 200}}) {
            const auto r = step_result(n, at, rel, step_seeds, noise_pct,
                                       outlier_rate, options);
            std::printf(" | %.0f/%.0f | %s", r.exact_pct, r.near_pct,
                        r.latency.c_str());
          }
        }
        std::printf(" |\n");
        std::fflush(stdout);
      }
    }
  }
  return 0;
}
