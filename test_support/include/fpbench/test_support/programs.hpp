#pragma once

// Running programs from a test: whether node and a Python that can draw the
// plots are there, a command line run with its output kept, and the closing
// line of a run until decided.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <string>

#include "fpbench/test_support/test_files.hpp"

namespace fpbench::test_support {

// The `node` on PATH: the oracle of the core's Node comparisons and the
// runtime of `fpbench run --node`.
inline bool node_available() {
  return std::system("node --version > /dev/null 2>&1") == 0;
}

// The plots need a Python with matplotlib (FPBENCH_PYTHON, else
// /usr/bin/python3), the one reports::render_plot runs.
inline bool plotting_python_available() {
  const char* env = std::getenv("FPBENCH_PYTHON");
  const std::string python =
      env != nullptr && *env != '\0' ? env : "/usr/bin/python3";
  const std::string cmd =
      "'" + python + "' -c 'import matplotlib' >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

struct CliRun {
  int exit_code;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

// `program args` with no input, its output kept in `dir`; killed after 120 s
// so that a hang fails the test instead of stalling ctest.
inline CliRun run_program(const std::string& program, const std::string& args,
                          const std::filesystem::path& dir) {
  const std::filesystem::path out = dir / "stdout", err = dir / "stderr";
  const std::string cmd = "timeout -s KILL 120 '" + program + "' " + args +
                          " >'" + out.string() + "' 2>'" + err.string() +
                          "' </dev/null";
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

// The line `fpbench run` closes with under a stopping rule, "runs per
// configuration: 10 (3 configurations), 30 (1)", when its form is that and
// its counts add up to `configurations`; else what it found, to be printed.
inline ::testing::AssertionResult runs_per_configuration_line(
    const std::string& err, int configurations) {
  const std::string prefix = "fpbench: runs per configuration: ";
  const std::size_t at = err.find(prefix);
  if (at == std::string::npos)
    return ::testing::AssertionFailure() << "no such line in:\n" << err;
  const std::string line =
      err.substr(at, err.find('\n', at) - at).substr(prefix.size());
  const std::regex form(R"(\d+ \((\d+) configurations?\)(, \d+ \(\d+\))*)");
  if (!std::regex_match(line, form))
    return ::testing::AssertionFailure() << "malformed: " << line;
  int sum = 0;
  const std::regex count(R"(\((\d+))");
  for (auto it = std::sregex_iterator(line.begin(), line.end(), count);
       it != std::sregex_iterator(); ++it) {
    sum += std::stoi((*it)[1]);
  }
  if (sum != configurations)
    return ::testing::AssertionFailure()
           << line << ": " << sum << " configurations, not " << configurations;
  return ::testing::AssertionSuccess();
}

}  // namespace fpbench::test_support
