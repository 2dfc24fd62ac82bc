#pragma once

// Reading what a test wrote or compares against: a whole file, and the first
// line a golden file differs at.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fpbench::test_support {

// The bytes of p; empty when it cannot be read.
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

}  // namespace fpbench::test_support
