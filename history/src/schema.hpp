#pragma once

// Schema migrations of the history store and the per-run aggregate they and
// record() both compute. Private to fpbench_ci.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/sql_connection.hpp"

namespace fpbench::history::detail {

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
// version it is at. Refuses a store newer than kLatestSchemaVersion. Each
// step runs under the store's write lock (begin_transaction) and reads the
// version again there, so processes opening a new store at once migrate it
// once, one after the other.
Result<int> migrate(SqlConnection& db, int target);

// The version a store is at without changing anything: 0 when it has no
// schema_migrations table. Refuses a store newer than kLatestSchemaVersion.
Result<int> stored_version(SqlConnection& db);

// Whether `table` exists (in the search path, on PostgreSQL).
Result<bool> has_table(SqlConnection& db, std::string_view table);

// The first argument of the advisory lock that serialises a PostgreSQL
// store's writers; the second is the hash of the store's schema, so stores
// in other schemas of one database do not wait for each other.
inline constexpr int kStoreLockClass = 0x66706268;  // "fpbh"

// Starts a transaction holding the store's write lock until it ends: BEGIN
// IMMEDIATE on SQLite (the lock now rather than a failed upgrade of a read
// lock later; busy_timeout waits for it), BEGIN and a transaction-level
// advisory lock on PostgreSQL (its row locks alone let two recordings of one
// commit and machine both insert, and concurrent CREATE TABLEs collide).
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
Result<std::unique_ptr<SqlStatement>> prepare_insert_run_stats(
    SqlConnection& db, int schema_version);
Result<void> insert_run_stats(SqlStatement& insert, const RunStatsKey& key,
                              const Aggregate& a);

}  // namespace fpbench::history::detail
