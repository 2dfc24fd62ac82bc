#pragma once

// Schema migrations of the history store and the per-run aggregate they and
// record() both compute. Private to fpbench_ci.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/ci/sql_connection.hpp"

namespace fpbench::ci::detail {

struct Aggregate {
  std::int64_t n = 0;
  double mean = 0;
  double variance = 0;  // n - 1 denominator; NaN for n < 2
  double median = 0;
  double min = 0;
  double max = 0;
};

// n = 0 is not allowed (callers skip empty sides).
Aggregate aggregate(std::vector<double> rates);

// Brings the schema to `target` (<= kLatestSchemaVersion) and returns the
// version it is at. Refuses a store newer than kLatestSchemaVersion.
Result<int> migrate(SqlConnection& db, int target);

// BEGIN IMMEDIATE on SQLite (take the write lock now rather than fail to
// upgrade a read lock later), BEGIN on PostgreSQL.
Result<void> begin_transaction(SqlConnection& db);
// Best effort: the caller is already reporting the error that led here.
void rollback(SqlConnection& db);

// Which run_stats row: the metric from schema version 3 on (before it every
// row was the wall-clock rate and the table has no metric column).
struct RunStatsKey {
  std::int64_t run_id = 0;
  std::int64_t benchmark_id = 0;
  std::string side;
  std::optional<std::int64_t> metric_id;
};

// Prepared "INSERT INTO run_stats ..." of that schema version, and its binding.
Result<std::unique_ptr<SqlStatement>> prepare_insert_run_stats(SqlConnection& db,
                                                               int schema_version);
Result<void> insert_run_stats(SqlStatement& insert, const RunStatsKey& key, const Aggregate& a);

}  // namespace fpbench::ci::detail
