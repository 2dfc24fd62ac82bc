#pragma once

// FPBENCH_CHECK(cond): an invariant of the program itself, never of its input.
// When it fails the program is wrong, so it aborts with the place and the
// condition rather than carrying on with corrupt state.

#include <cstdio>
#include <cstdlib>

namespace fpbench::detail {

[[noreturn]] inline void check_failed(const char* file, int line,
                                      const char* condition) {
  std::fprintf(stderr, "fpbench: internal error: %s:%d: check failed: %s\n",
               file, line, condition);
  std::abort();
}

}  // namespace fpbench::detail

#define FPBENCH_CHECK(cond)      \
  ((cond) ? static_cast<void>(0) \
          : ::fpbench::detail::check_failed(__FILE__, __LINE__, #cond))
