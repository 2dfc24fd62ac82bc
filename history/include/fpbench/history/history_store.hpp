#pragma once

// The nightly history store: every recorded run's samples, and per run x
// benchmark x metric x side the aggregates that change-point detection reads.
//
// Schema (versioned, migrations applied in order at open, each in its own
// transaction with its row in schema_migrations):
//   v1  machines(id, name)  benchmarks(id, name, filename, configuration)
//       runs(id, commit_sha, run_date, machine_id, recorded_at, source_file,
//            UNIQUE(commit_sha, machine_id))
//       samples(run_id, benchmark_id, side 'old'|'new', rate >= 0)
//   v2  run_stats(run_id, benchmark_id, side, n, mean, variance, median,
//                 min_rate, max_rate), filled from the samples already there;
//       an index on runs(machine_id, run_date, id) for series reads.
//   v3  metrics(id, name, source, UNIQUE(name, source)); samples and
//       run_stats gain metric_id (rate becomes value, min_rate/max_rate
//       min_value/max_value; run_stats keyed by run, benchmark, metric,
//       side). What v2 held is metric 'wall' from source 'clock'.
//   v4  runs gain fingerprint (canonical JSON of the machine and its counter
//       sources, '' when unknown) and machine_class (its digest, '' before a
//       machine's first fingerprinted run); see machine_class.hpp. A series
//       is then also one machine class.
// mean and variance are stats::mean / stats::variance (R's definitions:
// variance with n - 1, NaN for n < 2); median is the middle value, or the
// mean of the two middle values for even n.
//
// A series is (benchmark, machine, metric, source) and one side: the same
// metric read from two sources (instructions from the PMU on one night and
// under callgrind on another) makes two series, never one.
//
// Dates are stored normalised to UTC, "YYYY-MM-DDTHH:MM:SSZ" with a
// four-digit year (normalize_iso8601 refuses any other), so that bytewise
// text order is time order; series are read in that order in both backends
// (PostgreSQL compares them with the "C" collation, not the database's). A
// series is ordered by (run_date, run id): two runs with the same date stay in
// the order they were first recorded.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/sql_connection.hpp"
#include "fpbench/reports/history_report.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::history {

inline constexpr int kLatestSchemaVersion = 4;

// ISO 8601 date or date-time -> "YYYY-MM-DDTHH:MM:SSZ" in UTC. Accepted:
// YYYY-MM-DD, and YYYY-MM-DD[T ]HH:MM[:SS[.fraction]] with an optional Z or
// +HH:MM / -HH:MM / +HHMM offset; no offset means UTC. The fraction is
// dropped. Anything else, an impossible date (2026-02-30), or an instant
// outside 0001-01-01T00:00:00Z .. 9999-12-31T23:59:59Z once in UTC, is a
// usage error: four-digit years are what keeps text order time order.
Result<std::string> normalize_iso8601(std::string_view text);

// Now, in the normalised form.
std::string utc_now_iso8601();

struct RecordInfo {
  std::string commit;
  std::string date_iso;  // any form normalize_iso8601 accepts
  std::string machine;
  std::string source_file;  // for the record only
  // From schema version 4: the run's fingerprint and its class (both empty:
  // unknown, and no check). A fingerprint that differs from the machine's
  // latest run's is refused unless new_machine_class says the machine
  // changed on purpose.
  std::string fingerprint{};
  std::string machine_class{};
  bool new_machine_class = false;
};

// One metric's samples of a run, from one source. Values per operation
// (wall: operations per second), finite and >= 0.
struct RecordedMetric {
  std::string metric;  // "wall", "instructions", "syscalls:openat", ...
  std::string source;  // "clock", "pmu", "valgrind", "tracepoint", ...
  reports::SampleSet samples;
};

struct RecordSummary {
  std::int64_t run_id = 0;
  std::size_t benchmarks = 0;  // distinct benchmark names over every metric
  std::size_t samples = 0;     // values stored, over every metric
  bool replaced = false;       // this commit + machine was recorded before
  std::string date;            // normalised
};

// A series and its points are plain data that reports renders.
using reports::RunPoint;
using reports::Series;

struct SeriesQuery {
  std::string side = "new";       // "new" or "old"
  std::string machine;            // empty: every machine
  std::string benchmark_pattern;  // substring of the benchmark name; empty: all
  std::string metric = "wall";    // empty: every metric
};

struct OpenOptions {
  // Migrate no further than this version; tests use 1 to build an old store.
  int schema_version = kLatestSchemaVersion;
  // Read-only (the reading commands): the store must exist, at least at
  // schema_version, and nothing is created, migrated or written, so a
  // mistyped --db, another application's database or an old store is an
  // error that leaves it as it was.
  AccessMode mode = AccessMode::kReadWrite;
};

class HistoryStore {
 public:
  // A postgresql:// (or postgres://) URL selects PostgreSQL, anything else is
  // an SQLite file path. Read-write creates the schema or migrates it to the
  // version asked for; an SQLite file holding other tables is refused. A
  // store newer than this program is an error.
  static Result<HistoryStore> open(std::string_view db,
                                   const OpenOptions& options = {});

  // Records one run in ONE transaction: on any error nothing of it is kept.
  // The same commit + machine again replaces that run (same run id), every
  // metric of it. Values must be finite and >= 0; a run without samples is
  // refused, and so is a metric other than wall/clock in a store held below
  // version 3 (tests build old stores).
  Result<RecordSummary> record(const std::vector<RecordedMetric>& metrics,
                               const RecordInfo& info);
  // compare.js rates: metric 'wall', source 'clock'.
  Result<RecordSummary> record(const reports::SampleSet& samples,
                               const RecordInfo& info);

  // Per-run aggregates, one Series per benchmark x machine x metric x
  // source, sorted by benchmark name, machine, metric, source (bytewise).
  // Reads run_stats, never the samples. Needs the latest schema.
  Result<std::vector<Series>> load_series(const SeriesQuery& query);

  [[nodiscard]] int schema_version() const { return schema_version_; }
  SqlConnection& connection() { return *connection_; }

 private:
  HistoryStore(std::unique_ptr<SqlConnection> connection, int version)
      : connection_(std::move(connection)), schema_version_(version) {}

  std::unique_ptr<SqlConnection> connection_;
  int schema_version_ = 0;
};

}  // namespace fpbench::history
