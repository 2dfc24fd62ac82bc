#pragma once

// What the CLI tests of the history share: fpbench run with its output kept
// in files.

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "fpbench/test_support/test_files.hpp"

namespace fpbench::history::test_support {

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
  return CliResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                   ::fpbench::test_support::slurp(out),
                   ::fpbench::test_support::slurp(err)};
}

}  // namespace fpbench::history::test_support
