// history merge and history samples.

#include "fpbench/history/history_merge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "schema.hpp"

namespace fpbench::history {
namespace {

// Rows per multi-row INSERT, as record does it.
constexpr std::size_t kBatchRows = 256;

// Multi-row INSERTs of `columns` values per row, flushed every kBatchRows.
class BatchInsert {
 public:
  BatchInsert(SqlConnection& db, std::string head, std::size_t columns)
      : db_(db), head_(std::move(head)), columns_(columns) {}

  // A row's values; text for the columns in `text_columns`, else numbers.
  struct Value {
    std::string text;
    double number = 0;
    bool is_text = false;
    bool is_int = false;
    std::int64_t integer = 0;
  };
  static Value text(std::string t) { return {std::move(t), 0, true, false, 0}; }
  static Value real(double d) { return {{}, d, false, false, 0}; }
  static Value integer(std::int64_t i) { return {{}, 0, false, true, i}; }

  Result<void> add(std::vector<Value> row) {
    rows_.push_back(std::move(row));
    if (rows_.size() == kBatchRows) return flush();
    return {};
  }

  Result<void> flush() {
    if (rows_.empty()) return {};
    std::string sql = head_ + " VALUES ";
    std::string one = "(";
    for (std::size_t c = 0; c < columns_; ++c) one += c == 0 ? "?" : ", ?";
    one += ")";
    for (std::size_t r = 0; r < rows_.size(); ++r)
      sql += (r == 0 ? "" : ", ") + one;
    FPBENCH_ASSIGN_OR_RETURN(auto statement, db_.prepare(sql));
    int p = 1;
    for (const auto& row : rows_) {
      for (const Value& v : row) {
        if (v.is_text) {
          statement->bind_text(p++, v.text);
        } else if (v.is_int) {
          statement->bind_int(p++, v.integer);
        } else {
          statement->bind_double(p++, v.number);
        }
      }
    }
    rows_.clear();
    return run_to_end(*statement);
  }

 private:
  SqlConnection& db_;
  std::string head_;
  std::size_t columns_;
  std::vector<std::vector<Value>> rows_;
};

// Ids in DEST by natural key, inserted when missing.
class DestIds {
 public:
  explicit DestIds(SqlConnection& db) : db_(db) {}

  Result<std::int64_t> machine(const std::string& name) {
    return id(
        machines_, name, {name},
        "INSERT INTO machines (name) VALUES (?) ON CONFLICT (name) DO NOTHING",
        "SELECT id FROM machines WHERE name = ?");
  }
  Result<std::int64_t> benchmark(const std::string& name,
                                 const std::string& filename,
                                 const std::string& configuration) {
    return id(benchmarks_, name, {name, filename, configuration},
              "INSERT INTO benchmarks (name, filename, configuration) VALUES "
              "(?, ?, ?) "
              "ON CONFLICT (name) DO NOTHING",
              "SELECT id FROM benchmarks WHERE name = ?");
  }
  Result<std::int64_t> metric(const std::string& name,
                              const std::string& source) {
    return id(metrics_, name + '\n' + source, {name, source},
              "INSERT INTO metrics (name, source) VALUES (?, ?) ON CONFLICT "
              "(name, source) DO NOTHING",
              "SELECT id FROM metrics WHERE name = ? AND source = ?");
  }

 private:
  Result<std::int64_t> id(std::map<std::string, std::int64_t>& cache,
                          const std::string& key,
                          const std::vector<std::string>& values,
                          const char* insert_sql, const char* select_sql) {
    if (const auto it = cache.find(key); it != cache.end()) return it->second;
    FPBENCH_ASSIGN_OR_RETURN(auto insert, db_.prepare(insert_sql));
    for (std::size_t i = 0; i < values.size(); ++i) {
      insert->bind_text(static_cast<int>(i) + 1, values[i]);
    }
    FPBENCH_TRY(run_to_end(*insert));
    FPBENCH_ASSIGN_OR_RETURN(auto select, db_.prepare(select_sql));
    // The key columns are the first ones (name; name and source for metrics).
    const std::size_t keys = values.size() == 3 ? 1 : values.size();
    for (std::size_t i = 0; i < keys; ++i)
      select->bind_text(static_cast<int>(i) + 1, values[i]);
    FPBENCH_ASSIGN_OR_RETURN(auto row, select->step());
    if (!row)
      return internal_error("'" + values[0] + "' vanished after its insert");
    cache.emplace(key, select->column_int(0));
    return cache.at(key);
  }

  SqlConnection& db_;
  std::map<std::string, std::int64_t> machines_, benchmarks_, metrics_;
};

struct SourceRun {
  std::int64_t id = 0;
  std::string commit, run_date, recorded_at, source_file, fingerprint,
      machine_class, machine;
};

struct MergeCounts {
  std::size_t added = 0, replaced = 0, kept = 0, samples = 0;
};

Result<std::vector<SourceRun>> source_runs(SqlConnection& src) {
  FPBENCH_ASSIGN_OR_RETURN(
      auto select,
      src.prepare(
          "SELECT r.id, r.commit_sha, r.run_date, r.recorded_at, "
          "r.source_file, r.fingerprint, r.machine_class, m.name FROM runs r "
          "JOIN machines m ON m.id = r.machine_id ORDER BY r.id"));
  std::vector<SourceRun> runs;
  while (true) {
    FPBENCH_ASSIGN_OR_RETURN(auto row, select->step());
    if (!row) break;
    auto& s = *select;
    runs.push_back(SourceRun{s.column_int(0), s.column_text(1),
                             s.column_text(2), s.column_text(3),
                             s.column_text(4), s.column_text(5),
                             s.column_text(6), s.column_text(7)});
  }
  return runs;
}

// The DEST run of the source run: nullopt when DEST's own recording stays.
Result<std::optional<std::int64_t>> claim_dest_run(SqlConnection& dest,
                                                   DestIds& ids,
                                                   const SourceRun& run,
                                                   MergeCounts& counts) {
  FPBENCH_ASSIGN_OR_RETURN(auto machine, ids.machine(run.machine));
  FPBENCH_ASSIGN_OR_RETURN(
      auto find, dest.prepare("SELECT id, recorded_at FROM runs WHERE "
                              "commit_sha = ? AND machine_id = ?"));
  find->bind_text(1, run.commit);
  find->bind_int(2, machine);
  FPBENCH_ASSIGN_OR_RETURN(auto row, find->step());
  if (row) {
    const std::int64_t id = find->column_int(0);
    if (find->column_text(1) >= run.recorded_at) {
      ++counts.kept;
      return std::optional<std::int64_t>();
    }
    ++counts.replaced;
    for (const char* sql : {"DELETE FROM run_stats WHERE run_id = ?",
                            "DELETE FROM samples WHERE run_id = ?",
                            "DELETE FROM runs WHERE id = ?"}) {
      FPBENCH_ASSIGN_OR_RETURN(auto del, dest.prepare(sql));
      del->bind_int(1, id);
      FPBENCH_TRY(run_to_end(*del));
    }
  } else {
    ++counts.added;
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto insert,
      dest.prepare("INSERT INTO runs (commit_sha, run_date, machine_id, "
                   "recorded_at, source_file, fingerprint, machine_class) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"));
  auto& s = *insert;
  s.bind_text(1, run.commit);
  s.bind_text(2, run.run_date);
  s.bind_int(3, machine);
  s.bind_text(4, run.recorded_at);
  s.bind_text(5, run.source_file);
  s.bind_text(6, run.fingerprint);
  s.bind_text(7, run.machine_class);
  FPBENCH_TRY(s.step());
  const std::int64_t id = s.column_int(0);
  FPBENCH_TRY(run_to_end(s));
  return std::optional<std::int64_t>(id);
}

// Samples and aggregates of one run, as stored.
Result<void> copy_run_rows(SqlConnection& src, SqlConnection& dest,
                           DestIds& ids, std::int64_t from, std::int64_t to,
                           MergeCounts& counts) {
  constexpr const char* kJoins =
      " JOIN benchmarks b ON b.id = s.benchmark_id JOIN metrics met ON met.id "
      "= s.metric_id "
      "WHERE s.run_id = ?";
  FPBENCH_ASSIGN_OR_RETURN(
      auto samples,
      src.prepare(
          std::string("SELECT b.name, b.filename, b.configuration, met.name, "
                      "met.source, s.side, s.value FROM samples s") +
          kJoins));
  FPBENCH_ASSIGN_OR_RETURN(
      auto stats,
      src.prepare(
          std::string("SELECT b.name, b.filename, b.configuration, met.name, "
                      "met.source, s.side, s.n, s.mean, s.variance, s.median, "
                      "s.min_value, s.max_value FROM run_stats s") +
          kJoins));
  BatchInsert sample_rows(
      dest,
      "INSERT INTO samples (run_id, benchmark_id, metric_id, side, value)", 5);
  BatchInsert stats_rows(
      dest,
      "INSERT INTO run_stats (run_id, benchmark_id, metric_id, side, n, mean, "
      "variance, median, min_value, max_value)",
      10);
  using V = BatchInsert;
  for (auto* statement : {samples.get(), stats.get()}) {
    const bool is_stats = statement == stats.get();
    statement->bind_int(1, from);
    while (true) {
      FPBENCH_ASSIGN_OR_RETURN(auto row, statement->step());
      if (!row) break;
      const SqlStatement& s = *statement;
      FPBENCH_ASSIGN_OR_RETURN(
          auto benchmark,
          ids.benchmark(s.column_text(0), s.column_text(1), s.column_text(2)));
      FPBENCH_ASSIGN_OR_RETURN(auto metric,
                               ids.metric(s.column_text(3), s.column_text(4)));
      std::vector<V::Value> values = {V::integer(to), V::integer(benchmark),
                                      V::integer(metric),
                                      V::text(s.column_text(5))};
      if (!is_stats) {
        values.push_back(V::real(s.column_double(6)));
        ++counts.samples;
        FPBENCH_TRY(sample_rows.add(std::move(values)));
        continue;
      }
      values.push_back(V::integer(s.column_int(6)));
      for (int c = 7; c <= 11; ++c)
        values.push_back(V::real(s.column_double(c)));
      FPBENCH_TRY(stats_rows.add(std::move(values)));
    }
  }
  FPBENCH_TRY(sample_rows.flush());
  return stats_rows.flush();
}

Result<MergeCounts> merge_one(SqlConnection& src, SqlConnection& dest) {
  FPBENCH_ASSIGN_OR_RETURN(auto runs, source_runs(src));
  DestIds ids(dest);
  MergeCounts counts;
  for (const SourceRun& run : runs) {
    FPBENCH_ASSIGN_OR_RETURN(auto to, claim_dest_run(dest, ids, run, counts));
    if (!to) continue;
    FPBENCH_TRY(copy_run_rows(src, dest, ids, run.id, *to, counts));
  }
  return counts;
}

}  // namespace

Result<CommandOutput> history_merge(const MergeOptions& options) {
  if (options.db.empty()) return usage_error("--db is required");
  if (options.sources.empty())
    return usage_error("merge needs at least one source store");
  for (const std::string& source : options.sources) {
    if (source == options.db)
      return usage_error("'" + source + "' is both a source and --db");
  }
  FPBENCH_ASSIGN_OR_RETURN(auto dest, HistoryStore::open(options.db));
  CommandOutput out;
  for (const std::string& source : options.sources) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto src,
        HistoryStore::open(
            source, OpenOptions{kLatestSchemaVersion, AccessMode::kReadOnly}));
    SqlConnection& db = dest.connection();
    FPBENCH_TRY(detail::begin_transaction(db));
    auto counts = merge_one(src.connection(), db);
    if (counts) {
      if (auto r = db.exec("COMMIT"); !r) counts = r.error();
    }
    if (!counts) {
      detail::rollback(db);
      return Error(
          counts.error().kind,
          fmt::format("merging {} into {}: {}; nothing of {} was merged",
                      source, options.db, counts.error().message, source));
    }
    out.text += fmt::format(
        "merged {}: {} runs added, {} replaced, {} already there ({} samples "
        "copied)\n",
        source, counts->added, counts->replaced, counts->kept, counts->samples);
  }
  return out;
}

Result<CommandOutput> history_samples(const SamplesOptions& options) {
  if (options.db.empty()) return usage_error("--db is required");
  if (options.commit.size() < 4) {
    return usage_error(
        "--commit: give the commit, or a prefix of at least 4 characters");
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto store,
      HistoryStore::open(options.db, OpenOptions{kLatestSchemaVersion,
                                                 AccessMode::kReadOnly}));
  SqlConnection& db = store.connection();
  FPBENCH_ASSIGN_OR_RETURN(
      auto select, db.prepare("SELECT DISTINCT r.commit_sha FROM runs r WHERE "
                              "substr(r.commit_sha, 1, length(?)) = ?"));
  select->bind_text(1, options.commit);
  select->bind_text(2, options.commit);
  std::set<std::string> commits;
  while (true) {
    FPBENCH_ASSIGN_OR_RETURN(auto row, select->step());
    if (!row) break;
    commits.insert(select->column_text(0));
  }
  if (commits.empty())
    return usage_error("--commit: no recorded run of commit '" +
                       options.commit + "'");
  if (commits.size() > 1) {
    return usage_error(
        fmt::format("--commit '{}' is ambiguous ({} commits start with it)",
                    options.commit, commits.size()));
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto samples,
      db.prepare(
          "SELECT m.name, b.filename, b.configuration, b.name, s.side, s.value "
          "FROM samples s JOIN runs r ON r.id = s.run_id JOIN machines m ON "
          "m.id = r.machine_id JOIN benchmarks b ON b.id = s.benchmark_id JOIN "
          "metrics met ON met.id = s.metric_id WHERE r.commit_sha = ? AND "
          "met.name = 'wall' AND met.source = 'clock'"));
  samples->bind_text(1, *commits.begin());
  const std::set<std::string> wanted(options.machines.begin(),
                                     options.machines.end());
  // Sorted here, bytewise: the backends' collations differ.
  std::vector<std::tuple<std::string, std::string, std::string, std::string,
                         std::string, double, std::size_t>>
      rows;
  std::set<std::string> seen_machines;
  while (true) {
    FPBENCH_ASSIGN_OR_RETURN(auto row, samples->step());
    if (!row) break;
    const auto& s = *samples;
    std::string machine = s.column_text(0);
    seen_machines.insert(machine);
    if (!wanted.empty() && wanted.count(machine) == 0) continue;
    rows.emplace_back(std::move(machine), s.column_text(3), s.column_text(4),
                      s.column_text(1), s.column_text(2), s.column_double(5),
                      rows.size());
  }
  for (const std::string& m : wanted) {
    if (seen_machines.count(m) == 0) {
      return usage_error(
          fmt::format("--machine '{}' recorded no wall samples of commit {}", m,
                      *commits.begin()));
    }
  }
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a),
                    std::get<6>(a)) < std::tie(std::get<0>(b), std::get<1>(b),
                                               std::get<2>(b), std::get<6>(b));
  });
  CommandOutput out;
  out.text = std::string(reports::kSampleCsvHeader);
  for (const auto& [machine, name, side, filename, configuration, value,
                    order] : rows) {
    // The store keeps rates only; a CSV time must be positive, so each row
    // says the seconds of one operation, which compare does not read.
    out.text += reports::sample_csv_line(side, filename, configuration, value,
                                         1.0 / value);
  }
  return out;
}

}  // namespace fpbench::history
