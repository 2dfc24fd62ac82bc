#pragma once

// CPU lists in taskset's form ("0", "0-2", "0,2-4,6"), as `fpbench run
// --cpu` and Node's compare.js (--set CPUSET=...) take them.

#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench {

// The CPUs of a list in ascending order, each once. Refused, saying why:
// an empty list or entry, a number that is not one, a range that runs
// backwards, a CPU beyond what the kernel's masks hold.
Result<std::vector<int>> parse_cpu_list(std::string_view text);

// The list in the same form, runs of CPUs as ranges: {0,1,2,5} -> "0-2,5".
std::string cpu_list_text(const std::vector<int>& cpus);

}  // namespace fpbench
