#pragma once

// CI services set CI=true. There a test that cannot reach what it drives or
// compares against (node, a Python with matplotlib, a PostgreSQL server, a
// system call counter) must fail rather than skip, or a green run would hide
// that nothing was checked.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string_view>

namespace fpbench::test_support {

// Any value of CI but empty, "0" or "false" counts.
inline bool running_in_ci() {
  const char* ci = std::getenv("CI");
  if (ci == nullptr) return false;
  const std::string_view value(ci);
  return !value.empty() && value != "0" && value != "false";
}

}  // namespace fpbench::test_support

// Skips the current test saying why, or fails it with the same reason under
// CI (see running_in_ci). Returns from the enclosing void function either way.
#define FPBENCH_SKIP_OR_FAIL_IN_CI(reason)                                   \
  do {                                                                       \
    if (::fpbench::test_support::running_in_ci()) {                          \
      FAIL() << (reason) << "; CI is set, so this is a failure, not a skip"; \
    }                                                                        \
    GTEST_SKIP() << (reason);                                                \
  } while (false)
