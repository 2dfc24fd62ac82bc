#pragma once

// What the scenarios tests share: under CI (CI=true) a test that cannot reach
// what it checks against (node, a system call counter) fails instead of
// skipping, so a green run cannot hide that nothing was compared.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

namespace fpbench::scenarios::test_support {

// Any value of CI but empty, "0" or "false" counts.
inline bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (ci == nullptr) return false;
  const std::string_view value(ci);
  return !value.empty() && value != "0" && value != "false";
}

}  // namespace fpbench::scenarios::test_support

// Skips the current test saying why, or fails it with the same reason under
// CI. Returns from the enclosing void function either way.
#define FPBENCH_SKIP_OR_FAIL_IN_CI(reason)                                   \
  do {                                                                       \
    if (::fpbench::scenarios::test_support::running_in_ci()) {               \
      FAIL() << (reason) << "; CI is set, so this is a failure, not a skip"; \
    }                                                                        \
    GTEST_SKIP() << (reason);                                                \
  } while (false)
