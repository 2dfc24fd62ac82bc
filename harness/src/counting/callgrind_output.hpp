#pragma once

// A sample run under valgrind --tool=callgrind: a folder of its own for
// callgrind's files, one per process (%p), so that a helper process the
// measured one forks cannot overwrite its counts.

#include <string>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

// A fresh folder under /tmp.
Result<std::string> make_callgrind_dir();

// valgrind and its options, to put before the measured command line.
std::vector<std::string> callgrind_argv(const std::string& valgrind,
                                        const std::string& dir);

// The output of the process that ran the loops (the one with the most
// "fpbench-loop" parts), read and the folder removed.
std::string take_measured_callgrind_output(const std::string& dir);

}  // namespace fpbench::harness
