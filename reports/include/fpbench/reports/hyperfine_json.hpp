#pragma once

// Reading hyperfine's --export-json file as samples.
//
// One sample per timed run: results[].times holds the wall-clock seconds of
// each run, and
//   rate = runs per second = 1 / time_in_seconds
// (higher is better, like every rate fpbench compares). The filename is the
// command line (results[].command), the configuration is empty.
//
// Runs whose exit code (results[].exit_codes, hyperfine 1.10+) is not 0 are
// left out with one warning per command: "FILE: command 'X': N run(s)
// failed (non-zero exit code) and were left out".
//
// Errors (bad-input, naming the file; parse errors also the line): invalid
// JSON, no "results" array, a result without a "command" string, a result
// without "times" (exports that only carry mean and stddev: the raw times
// are needed), a time that is not a positive finite number (hyperfine
// subtracts the shell's start-up time and can report 0 for very short
// commands: measure with --shell=none or a longer command), and a file
// without a single usable run.

#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

// Adds every successful run to `out` as a sample of `side` and appends the
// warnings to `warnings`. On error nothing is added to `out`.
Result<void> add_hyperfine_json(std::string_view json_text,
                                std::string_view source_name, Binary side,
                                SampleSet& out,
                                std::vector<std::string>& warnings);

}  // namespace fpbench::reports
