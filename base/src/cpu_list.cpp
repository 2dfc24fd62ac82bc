#include "fpbench/base/cpu_list.hpp"

#include <sched.h>

#include <algorithm>
#include <charconv>

#include "fpbench/base/error.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench {
namespace {

Result<int> cpu_number(std::string_view text, std::string_view list) {
  int cpu = -1;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), cpu);
  if (text.empty()) {
    return usage_error("'" + std::string(list) +
                       "': a number is missing (taskset's form: 0, 0-2, "
                       "0,2-4)");
  }
  if (ec != std::errc() || end != text.data() + text.size()) {
    return usage_error("'" + std::string(list) + "': '" + std::string(text) +
                       "' is not a CPU number");
  }
  if (cpu >= CPU_SETSIZE) {
    return usage_error("'" + std::string(list) + "': CPU " +
                       std::to_string(cpu) + " is beyond the largest, " +
                       std::to_string(CPU_SETSIZE - 1));
  }
  return cpu;
}

}  // namespace

Result<std::vector<int>> parse_cpu_list(std::string_view text) {
  std::vector<int> out;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view entry = rest.substr(0, comma);
    const std::size_t dash = entry.find('-');
    FPBENCH_ASSIGN_OR_RETURN(auto first,
                             cpu_number(entry.substr(0, dash), text));
    int last = first;
    if (dash != std::string_view::npos) {
      FPBENCH_ASSIGN_OR_RETURN(last, cpu_number(entry.substr(dash + 1), text));
      if (last < first) {
        return usage_error("'" + std::string(text) + "': the range '" +
                           std::string(entry) + "' runs backwards");
      }
    }
    for (int cpu = first; cpu <= last; ++cpu) out.push_back(cpu);
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string cpu_list_text(const std::vector<int>& cpus) {
  std::string out;
  for (std::size_t i = 0; i < cpus.size();) {
    std::size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(cpus[i]);
    if (j > i) out += "-" + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace fpbench
