#pragma once

// `fpbench history merge SRC... --db DEST` and `fpbench history samples`:
// stores filled on separate machines (a sharded run's parts, or machines
// without access to the shared store) brought together, and a recorded
// run's samples read back.
//
// merge copies every run of each source (its machine, commit, dates,
// fingerprint and class, samples and aggregates as stored) into DEST, one
// transaction per source: a source merges whole or not at all. A run is
// (commit, machine) as in record: one DEST does not have is added; one it
// has is replaced only when the source's was recorded later (recorded_at),
// and otherwise left alone. So merging the same sources again changes
// nothing, and merging in any order ends with the latest recording of each
// run. Machine classes are copied, not checked: they are what a store says
// about its runs, and detect keeps them apart.

#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/history_commands.hpp"

namespace fpbench::history {

struct MergeOptions {
  std::vector<std::string> sources;  // SQLite files or postgresql:// URLs
  std::string db;                    // DEST, created if missing
};

// One line per source: "merged SRC: 3 runs added, 1 replaced, 5 already
// there (12000 samples copied)".
Result<CommandOutput> history_merge(const MergeOptions& options);

struct SamplesOptions {
  std::string db;
  std::string commit;  // the full commit, or a unique prefix of 4 or more
  std::vector<std::string> machines;  // empty: every machine that recorded it
};

// The wall-clock samples of the commit's runs as compare.js CSV, machines
// and benchmarks in name order: the shards of a run recorded under several
// machine names read back as one run. The store keeps rates only, so the
// time column is the seconds of one operation, 1/rate.
Result<CommandOutput> history_samples(const SamplesOptions& options);

}  // namespace fpbench::history
