#pragma once

// Seeded normal samples, for the gate's tests and the harness's tests of
// --until-decided. A different draw from Noise (noise.hpp): each test's
// seeded inputs are those of its own generator.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace fpbench::test_support {

// Normal samples from a fully specified generator (mt19937_64 + Box-Muller),
// so every platform builds the same inputs.
inline std::vector<double> normal_samples(std::uint64_t seed, std::size_t n,
                                          double mean, double cv) {
  std::mt19937_64 rng(seed);
  const auto uniform = [&rng] {
    return (static_cast<double>(rng() >> 11) + 0.5) * 0x1.0p-53;
  };
  std::vector<double> out;
  while (out.size() < n) {
    const double r = std::sqrt(-2 * std::log(uniform()));
    const double theta = 2 * M_PI * uniform();
    out.push_back(mean * (1 + cv * r * std::cos(theta)));
    if (out.size() < n) out.push_back(mean * (1 + cv * r * std::sin(theta)));
  }
  return out;
}

}  // namespace fpbench::test_support
