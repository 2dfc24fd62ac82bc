#pragma once

// Rows whose counted and timed metrics contradict each other: instructions
// per operation changed by a decided and large amount while the time per
// operation, measured precisely, stayed where it was. Both cannot be true
// of one path: the counted samples most likely ran another one than the
// timed samples (a descriptor limit Valgrind lowers, a file only one of
// them found). `fpbench compare` and `fpbench gate` name such rows instead
// of printing both figures as if they agreed.
//
// Per benchmark with wall and instructions samples on both sides, with
//
//   c    the instructions' change, 100 (new - old) / old per operation,
//        decided: both sides exact (within the metric's noise floor, as the
//        table's "exact") or Welch's p < 0.01
//   g, h the wall rate's improvement and the half-width of its 99%
//        interval (Welch's test, as the table's (**) column), in %
//   m    the most the time per operation may have moved in that interval:
//        max |100 / (1 + x/100) - 100| over x = g - h and x = g + h
//   T    the old time per operation, 1 / the old mean rate
//   d    |new - old| instructions per operation
//
// the row is contradicted when all three hold:
//
//   (1) |c| >= 50           the count halved, or grew by half or more
//   (2) |c| >= 2 m          it moved at least twice as much as the time
//                           may have, even at the edge of the interval
//   (3) d >= R T m / 100    with R = 64 instructions per ns: even retired
//                           at 64 per ns (8 per cycle at 4 GHz on two
//                           cores, beyond any core today), the instructions
//                           that came or went take longer than the largest
//                           change of time the interval allows
//
// (3) is the contradiction: instructions that went took at least d / R of
// the old time, which the new time should have lost. (1) and (2) keep the
// note to changes too large to be anything but another path. m is a move
// in either direction, so a change that trades instructions for time spent
// where none is counted (a system call, a fault, the kernel's copy) within
// the interval is not flagged, nor is an operation whose time is spent
// there anyway: its instructions are too few for its time. Work spread over
// more threads than R allows for, at full speed, could meet (3) by right.
// Other counts (system calls, allocations) have no such bound on their cost
// and are not checked.
//
// None without a Welch test on wall (fewer than two samples on a side, no
// variance), a 99% interval reaching -100% or an old count of 0. A note, not
// a verdict: the gate's decisions and exit code stay what they were.
//
// No reference: a consistency check, not an estimate. docs/statistics.md.

#include <string>
#include <vector>

#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::reports {

inline constexpr double kContradictionMinChangePct = 50;
inline constexpr double kContradictionTimeFactor = 2;
inline constexpr double kContradictionInstructionsPerNs = 64;

struct Contradiction {
  std::string name;  // "filename configuration"
  std::string counted_metric = "instructions";
  double counted_old = 0;  // per operation
  double counted_new = 0;
  double counted_change_pct = 0;    // c
  bool counted_exact = false;       // else significant by Welch's test
  double timed_change_pct = 0;      // g, of the wall rate
  double timed_half_width_pct = 0;  // h, at 99%
  double time_moved_pct = 0;        // m
  double old_ns_per_op = 0;         // T
};

// The contradicted rows of these records, in compare.R's order; none when
// they lack wall or instructions (or either comes from two sources).
std::vector<Contradiction> find_contradictions(
    const std::vector<SampleRecord>& records);

// One line without a newline: "NAME: instructions -99.57% (917097 -> 3910
// per operation, exact) but wall +0.12% ±1.90% (99%): ...".
std::string contradiction_text(const Contradiction& c);

}  // namespace fpbench::reports
