#pragma once

// What the CLI tests of the history share: a whole file read, and fpbench
// run with its output kept in files.

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fpbench::history::test_support {

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct CliResult {
  int exit_code;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

// `fpbench ARGS` (the build's, FPBENCH_CLI), its stdout and stderr kept in
// `dir`.
inline CliResult run_fpbench(const std::string& args,
                             const std::filesystem::path& dir) {
  const std::filesystem::path out = dir / "stdout", err = dir / "stderr";
  const std::string cmd = std::string("'") + FPBENCH_CLI + "' " + args + " >'" +
                          out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  return CliResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out),
                   slurp(err)};
}

}  // namespace fpbench::history::test_support
