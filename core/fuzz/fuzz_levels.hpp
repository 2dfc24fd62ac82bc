#pragma once

// Shared by the differential fuzz targets: the levels to run, and the abort
// that names the disagreement for the crash report.

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fast/dispatch.hpp"
#include "fpbench/core/encoding.hpp"

namespace fpbench::core::fuzzing {

using fast::internal::Isa;

inline constexpr Isa kLevels[] = {Isa::kPortable, Isa::kAvx2, Isa::kAvx512};

[[noreturn]] inline void disagree(const char* what, Isa isa, Encoding e,
                                  std::size_t size) {
  std::fprintf(stderr,
               "fast and baseline disagree: %s impl=%s encoding=%s size=%zu\n",
               what, std::string(fast::internal::isa_name(isa)).c_str(),
               std::string(encoding_name(e)).c_str(), size);
  std::abort();
}

}  // namespace fpbench::core::fuzzing
