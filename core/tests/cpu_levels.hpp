#pragma once

// The instruction-set levels this CPU reports at run time, read here with the
// feature lists fast/dispatch.hpp documents rather than asked of the code
// under test: a dispatcher that stopped offering a level the CPU has must fail
// the differential tests, not quietly test fewer levels. Under Valgrind the
// CPU reported is Valgrind's (no AVX-512), for this and the dispatcher alike.

#include <gtest/gtest.h>

#include <vector>

#include "fast/dispatch.hpp"

namespace fpbench::core::testing_support {

inline std::vector<fast::internal::Isa> cpu_levels() {
  using fast::internal::Isa;
  std::vector<Isa> out{Isa::kPortable};
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  const bool avx2 =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
      __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
                      __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512vbmi") &&
                      __builtin_cpu_supports("avx512vbmi2");
  if (avx2) out.push_back(Isa::kAvx2);
  if (avx512) out.push_back(Isa::kAvx512);
#endif
  return out;
}

// Whether fast:: runs exactly the levels the CPU reports: one it lowers would
// be tested as a lower level, one the CPU lacks would not run at all.
inline testing::AssertionResult fast_runs_exactly(
    const std::vector<fast::internal::Isa>& levels) {
  using fast::internal::Isa;
  for (Isa isa : {Isa::kPortable, Isa::kAvx2, Isa::kAvx512}) {
    bool reported = false;
    for (Isa level : levels) reported = reported || level == isa;
    const bool runs = fast::internal::isa_supported(isa);
    if (runs == reported) continue;
    return testing::AssertionFailure()
           << "this CPU " << (reported ? "reports " : "does not report ")
           << fast::internal::isa_name(isa) << " but fast:: "
           << (runs ? "runs it" : "does not run it, so it would go untested")
           << " (fast:: picks "
           << fast::internal::isa_name(fast::internal::best_isa()) << ")";
  }
  return testing::AssertionSuccess();
}

}  // namespace fpbench::core::testing_support
