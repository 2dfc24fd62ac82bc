#pragma once

// `fpbench bisect`: the first commit between a good and a bad revision that
// changes one benchmark's metric, as git bisect finds it, with each commit
// built in a worktree of bisect's own and measured by the runner.
//
// The search runs along bad's first parents. Each step builds the commit
// (the build cache keyed by commit serves what was built before), measures
// it against the last good build and calls it good, bad or skip:
//  - counted metrics (instructions, syscalls, allocs, ...) are exact per
//    operation: one sample per side decides, by the difference against the
//    noise floor (the metric's, or the spread seen at the ends);
//  - wall time is measured against the good and the bad build both, in
//    pairs run back to back (the load of a shared machine cancels), and
//    the step is like good, like bad or undecided by a one-sided test at
//    z = 3 on which of the two it is closer to (in log rate); undecided
//    means more samples, up to a budget, then a skip, never a guess;
//  - a commit that does not build, or whose benchmark fails, is skipped and
//    the nearest commit to the middle of what is left is tried instead.
// Before searching, the ends are measured against each other: when they do
// not differ the result is "not reproduced". When the commit found does not
// account for the whole good-to-bad change (within the noise floor), the rest
// of the range is searched from it, so that every change is found. The
// changes are found in range order; the report names as the first bad commit
// the one moving the metric towards bad that explains the most of the change,
// and lists a change back towards good as an improvement (bisect_report.hpp).
//
// Paths in the source (a program, a benchmark binary) are relative to each
// commit's worktree; the build command and every measured process run with
// the worktree as their working directory (the runner's working_dirs; a
// command source also through env -C, whose own few system calls are the
// same on both sides).

#include <optional>
#include <string>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/reports/bisect_report.hpp"

namespace fpbench::harness {

struct BisectOptions {
  std::string repo = ".";  // a folder inside the repository
  std::string good;
  std::string bad;
  std::string build_command;  // run with /bin/sh -c in each worktree
  // None: default_cache_root() (bisect_worktrees.hpp).
  std::optional<std::string> cache_dir;
  int jobs = 1;  // builds at once (the two ends are built together)
  // How to measure: the source kind, selection, preload and sample options
  // as `fpbench run` takes them; old_program and new_program are set per
  // step from `program`.
  RunOptions run;
  // The scenarios program, Google Benchmark binary or command, relative to
  // a commit's worktree.
  std::string program;
  std::string metric = "instructions";
  // Wall time: samples per side added at each look, and the most per side
  // a step may take before it is skipped as undecided.
  int wall_runs = 10;
  int wall_max_runs = 60;
  // At most this many changes are searched for in one range.
  int max_changes = 4;
  bool progress = true;  // one line per step on stderr
  // Each change found in instructions, syscalls or allocs is measured once
  // more, parent build against it with the parts kept, and explained.
  bool explain = true;
};

// Bad input (exit 2) for a revision that names no commit, good equal to
// bad, good not an ancestor of bad, a folder outside git, a selection of
// other than one benchmark; a failure (3) when an end does not build or its
// benchmark fails. Otherwise the report: reproduced or not, and the changes.
Result<reports::BisectReport> run_bisect(const BisectOptions& options);

}  // namespace fpbench::harness
