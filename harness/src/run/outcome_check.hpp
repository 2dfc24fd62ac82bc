#pragma once

// A counted sample must take the path its timed samples took: a count of
// another path (a descriptor Valgrind holds open where the timed process
// had none, a file only one of them found) passes for the timed one's in
// every table. Sources report what the measured code did as outcomes
// (reports/metric_samples.hpp: a scenario's size read and failed share, its
// error; a command's exit status), and after the run the harness compares
// them between the passes.
//
// Per benchmark, side and outcome name: the first pass (in pass order, the
// timed one when there is one) whose samples report the outcome is the
// reference, and every value a later pass's sample reports must be one that
// some reference sample reported (numbers equal to 1e-9 relative, texts
// exactly). A pass that does not report the outcome is not compared.

#include <string>
#include <vector>

#include "fpbench/harness/runner.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness::detail {

// One line per benchmark, side, outcome and later pass that differs, as the
// run's failures show them:
//   NAME [new]: outcome 'label' is 'failed: EBADF (read)' in the
//   instructions pass but 'failed: EBADF (fstat)' in the wall pass: ...
// A record belongs to the first pass whose key metric it has; `resumed` and
// `measured` are read alike.
std::vector<std::string> outcome_mismatches(
    const std::vector<Pass>& passes,
    const std::vector<reports::SampleRecord>& resumed,
    const std::vector<reports::SampleRecord>& measured);

}  // namespace fpbench::harness::detail
