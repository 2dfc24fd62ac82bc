#pragma once

// The per-function counts of callgrind's loop parts: which functions the
// measured loop's instructions were spent in, and which functions called an
// allocator, read from a callgrind output file (format version 1, as
// `valgrind --tool=callgrind --combine-dumps=yes` writes it).
//
// In each part, a cost line after "fn=F" is F's own (self) count; the cost
// line after "calls=N ..." is what a call from F to the last "cfn=" cost,
// which F's inclusive count adds (a call of F to itself is not added again).
// Only the first event (Ir unless "events:" says otherwise, then the Ir
// column) is read. Names compressed as "(id) name" keep their id for the
// whole file, across parts. A call to malloc, calloc, realloc, memalign,
// aligned_alloc, posix_memalign, valloc or an operator new from a function
// that is none of them is an allocating call site of that function.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {

struct FunctionProfile {
  std::string name;  // as callgrind names it (demangled)
  std::uint64_t self = 0;
  std::uint64_t inclusive = 0;
};

struct CallgrindLoop {
  std::uint64_t total = 0;  // the part's summary
  // Every function with a count, by inclusive count, largest first.
  std::vector<FunctionProfile> functions;
  // Calls of an allocator by caller, most first.
  std::vector<std::pair<std::string, std::uint64_t>> alloc_sites;
};

// The parts whose trigger is "Client Request: fpbench-loop", in file order.
// Bad input when a line of a part cannot be read.
Result<std::vector<CallgrindLoop>> parse_callgrind_loops(
    const std::string& text);

// The loop's functions and allocating call sites, per operation over
// `iterations`, into a sample's profile (the largest
// reports::kMaxProfiledFunctions functions).
void add_loop_profile(const CallgrindLoop& loop, double iterations,
                      reports::LoopProfile& profile);

// True for the names above (malloc, operator new(unsigned long), ...).
bool is_allocator(const std::string& function);

}  // namespace fpbench::harness
