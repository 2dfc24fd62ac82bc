#pragma once

// Seeded normal noise with our own Box-Muller transform, so that simulated
// samples and series are the same with every standard library.

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

namespace fpbench::test_support {

class Noise {
 public:
  explicit Noise(std::uint64_t seed) : engine_(seed) {}

  double normal() {
    const double u1 = uniform_open();
    const double u2 = uniform_open();
    return std::sqrt(-2.0 * std::log(u1)) *
           std::cos(2.0 * std::numbers::pi * u2);
  }

 private:
  // In (0, 1]: the top 53 bits, shifted off zero.
  double uniform_open() {
    return (static_cast<double>(engine_() >> 11) + 1.0) * 0x1.0p-53;
  }
  std::mt19937_64 engine_;
};

}  // namespace fpbench::test_support
