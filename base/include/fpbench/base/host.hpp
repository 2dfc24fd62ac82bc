#pragma once

// Facts about the machine that several modules record: the harness in a
// run's context, the history store in a machine's fingerprint.

#include <fstream>
#include <string>

namespace fpbench {

// The CPU's model name as /proc/cpuinfo gives it, or "unknown".
inline std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos)
        return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

}  // namespace fpbench
