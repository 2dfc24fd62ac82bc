#pragma once

// The instruction-set levels the differential tests run fast:: at: those
// core reads from this CPU (fast::internal::cpu_levels), asked rather than
// read again here so that the feature lists live in one place. fast:: must
// run exactly these (fast_runs_exactly): a dispatcher that lowered one must
// fail the tests, not quietly test fewer levels. Under Valgrind the CPU
// reported is Valgrind's (no AVX-512).

#include <gtest/gtest.h>

#include <vector>

#include "fast/dispatch.hpp"

namespace fpbench::core::testing_support {

inline const std::vector<fast::internal::Isa>& levels() {
  return fast::internal::cpu_levels();
}

// Whether fast:: runs exactly the levels core reads from the CPU: one it
// lowers would be tested as a lower level, one the CPU lacks would not run at
// all.
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
