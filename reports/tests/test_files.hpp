#pragma once

// Small helpers the reports tests share: reading a whole file, and whether
// a Python that can draw plots is there.

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fpbench::reports::test_support {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The plots need a Python with matplotlib (FPBENCH_PYTHON, else
// /usr/bin/python3); tests that draw are skipped without one.
inline bool plotting_python_available() {
  const char* env = std::getenv("FPBENCH_PYTHON");
  const std::string python =
      env != nullptr && *env != '\0' ? env : "/usr/bin/python3";
  const std::string cmd =
      "'" + python + "' -c 'import matplotlib' >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

}  // namespace fpbench::reports::test_support
