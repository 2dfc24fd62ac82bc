#pragma once

// bisect --from-history: the range of the change point that `fpbench
// history detect` finds in a benchmark's series, from the last run at the
// old level (good) to the first at the new one (bad).

#include <string>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

struct HistoryRange {
  std::string good;
  std::string bad;
  std::string benchmark;  // as the history names it
  std::string summary;    // "change point of 2026-11-30: +3.1% (p 1e-05)"
};

// Runs `history_program detect --db DB --benchmark NAME --metric M --format
// json` and takes the latest change point of the series named NAME (or of
// the one series it finds). Bad input when the history has no such series
// or no change point in it, or the change point is the series' first run.
Result<HistoryRange> range_from_history(const std::string& history_program,
                                        const std::string& db,
                                        const std::string& benchmark,
                                        const std::string& metric);

}  // namespace fpbench::cli
