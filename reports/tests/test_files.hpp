#pragma once

// Small helpers the reports tests share: reading a whole file, the first
// line a golden file differs at, and whether a Python that can draw plots
// is there.

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

// Where `got` first differs from `want`, line by line, for a golden file's
// failure message.
inline std::string first_difference(const std::string& got,
                                    const std::string& want) {
  std::istringstream g(got), w(want);
  std::string gl, wl;
  for (int line = 1;; ++line) {
    const bool gok = static_cast<bool>(std::getline(g, gl));
    const bool wok = static_cast<bool>(std::getline(w, wl));
    if (!gok && !wok) return "(differs only in the final newline)";
    if (gl != wl || gok != wok) {
      return "line " + std::to_string(line) + "\n  got:  [" + gl +
             "]\n  want: [" + wl + "]";
    }
  }
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
