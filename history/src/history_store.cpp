// HistoryStore: open (with migrations), record (one transaction), and the
// series reads of detection, written once over SqlConnection.

#include "fpbench/history/history_store.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "machine_class.hpp"
#include "schema.hpp"

namespace fpbench::history {
namespace {

// Rows per multi-row INSERT into samples: 5 parameters each, well under
// SQLite's 32766 and PostgreSQL's 65535 parameter limits, and few enough
// round trips to PostgreSQL (60,000 samples a night: 235 statements).
constexpr std::size_t kSampleBatchRows = 256;

// From version 3 on a sample row carries its metric.
bool has_metrics(int schema_version) { return schema_version >= 3; }

std::string sample_insert_sql(std::size_t rows, int schema_version) {
  const bool metric = has_metrics(schema_version);
  std::string sql =
      metric ? "INSERT INTO samples (run_id, benchmark_id, side, value, "
               "metric_id) VALUES "
             : "INSERT INTO samples (run_id, benchmark_id, side, rate) VALUES ";
  const char* row = metric ? "(?, ?, ?, ?, ?)" : "(?, ?, ?, ?)";
  for (std::size_t i = 0; i < rows; ++i)
    sql += fmt::format("{}{}", i == 0 ? "" : ", ", row);
  return sql;
}

Result<void> validate(const std::vector<RecordedMetric>& metrics,
                      const RecordInfo& info, int schema_version) {
  if (info.commit.empty()) return usage_error("--commit: empty commit");
  if (info.machine.empty()) return usage_error("--machine: empty machine name");
  std::set<std::pair<std::string, std::string>> seen;
  std::size_t values = 0;
  for (const RecordedMetric& m : metrics) {
    if (m.metric.empty() || m.source.empty()) {
      return bad_input_error(info.source_file +
                             ": a metric without its name or source");
    }
    if (!seen.emplace(m.metric, m.source).second) {
      return internal_error(
          fmt::format("metric {} ({}) given twice", m.metric, m.source));
    }
    if (!has_metrics(schema_version) &&
        (m.metric != "wall" || m.source != "clock")) {
      return bad_input_error(fmt::format(
          "metric {} ({}) needs schema version 3", m.metric, m.source));
    }
    values += m.samples.sample_count();
    for (const auto& b : m.samples.benchmarks()) {
      for (const auto* side : {&b.old_rates, &b.new_rates}) {
        for (const double v : *side) {
          if (!std::isfinite(v) || v < 0) {
            return bad_input_error(fmt::format(
                "{}: benchmark '{}': {} {} is not a finite number >= 0",
                info.source_file, b.name, m.metric, v));
          }
        }
      }
    }
  }
  if (values == 0)
    return bad_input_error(info.source_file + ": no samples to record");
  return {};
}

// Inserts a row by its UNIQUE key if missing; its id. `key` binds the key
// columns of both statements.
Result<std::int64_t> upsert_id(SqlStatement& insert, SqlStatement& select,
                               const std::function<void(SqlStatement&)>& key,
                               std::string_view what) {
  insert.reset();
  key(insert);
  FPBENCH_TRY(run_to_end(insert));
  select.reset();
  key(select);
  FPBENCH_ASSIGN_OR_RETURN(auto row, select.step());
  if (!row)
    return internal_error(fmt::format("'{}' vanished after its insert", what));
  return select.column_int(0);
}

// The body of record(), inside the transaction the caller owns.
class Recorder {
 public:
  Recorder(SqlConnection& db, int schema_version)
      : db_(db), schema_version_(schema_version) {}

  Result<RecordSummary> record(const std::vector<RecordedMetric>& metrics,
                               const RecordInfo& info,
                               const std::string& date) {
    RecordSummary summary;
    summary.date = date;
    FPBENCH_ASSIGN_OR_RETURN(auto machine, machine_id(info.machine));
    if (schema_version_ >= 4 && !info.fingerprint.empty()) {
      FPBENCH_TRY(check_machine_class(info, machine));
    }
    FPBENCH_ASSIGN_OR_RETURN(auto run,
                             claim_run(info, machine, date, summary.replaced));
    summary.run_id = run;
    FPBENCH_TRY(prepare());

    for (const RecordedMetric& m : metrics) {
      std::optional<std::int64_t> metric;
      if (has_metrics(schema_version_)) {
        FPBENCH_ASSIGN_OR_RETURN(metric, metric_id(m));
      }
      for (const auto& b : m.samples.benchmarks()) {
        FPBENCH_ASSIGN_OR_RETURN(auto benchmark, benchmark_id(b));
        for (const auto& [side, values] :
             {std::pair<std::string, const std::vector<double>*>{"old",
                                                                 &b.old_rates},
              std::pair<std::string, const std::vector<double>*>{
                  "new", &b.new_rates}}) {
          if (values->empty()) continue;
          for (const double v : *values) {
            FPBENCH_TRY(add_sample(
                {run, benchmark, metric.value_or(0), side == "new", v}));
          }
          if (insert_stats_ != nullptr) {
            FPBENCH_TRY(detail::insert_run_stats(
                *insert_stats_,
                detail::RunStatsKey{run, benchmark, side, metric},
                detail::aggregate(*values)));
          }
          summary.samples += values->size();
        }
      }
    }
    FPBENCH_TRY(flush());
    summary.benchmarks = benchmark_ids_.size();
    return summary;
  }

 private:
  struct Pending {
    std::int64_t run;
    std::int64_t benchmark;
    std::int64_t metric;
    bool is_new;
    double value;
  };

  Result<void> prepare() {
    FPBENCH_ASSIGN_OR_RETURN(
        insert_benchmark_,
        db_.prepare("INSERT INTO benchmarks (name, filename, configuration) "
                    "VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING"));
    FPBENCH_ASSIGN_OR_RETURN(
        select_benchmark_,
        db_.prepare("SELECT id FROM benchmarks WHERE name = ?"));
    if (schema_version_ >= 2) {  // run_stats exists from v2 on
      FPBENCH_ASSIGN_OR_RETURN(insert_stats_, detail::prepare_insert_run_stats(
                                                  db_, schema_version_));
    }
    return {};
  }

  Result<std::int64_t> benchmark_id(const reports::BenchmarkSamples& b) {
    if (const auto it = benchmark_ids_.find(b.name); it != benchmark_ids_.end())
      return it->second;
    insert_benchmark_->reset();
    insert_benchmark_->bind_text(1, b.name);
    insert_benchmark_->bind_text(2, b.filename);
    insert_benchmark_->bind_text(3, b.configuration);
    FPBENCH_TRY(run_to_end(*insert_benchmark_));
    select_benchmark_->reset();
    select_benchmark_->bind_text(1, b.name);
    FPBENCH_ASSIGN_OR_RETURN(auto row, select_benchmark_->step());
    if (!row)
      return internal_error(
          fmt::format("'{}' vanished after its insert", b.name));
    const std::int64_t id = select_benchmark_->column_int(0);
    benchmark_ids_.emplace(b.name, id);
    return id;
  }

  Result<std::int64_t> metric_id(const RecordedMetric& m) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto insert,
        db_.prepare("INSERT INTO metrics (name, source) VALUES (?, ?) ON "
                    "CONFLICT (name, source) DO NOTHING"));
    FPBENCH_ASSIGN_OR_RETURN(
        auto select,
        db_.prepare("SELECT id FROM metrics WHERE name = ? AND source = ?"));
    return upsert_id(
        *insert, *select,
        [&](SqlStatement& s) {
          s.bind_text(1, m.metric);
          s.bind_text(2, m.source);
        },
        m.metric);
  }

  Result<std::int64_t> machine_id(const std::string& name) {
    FPBENCH_ASSIGN_OR_RETURN(auto insert,
                             db_.prepare("INSERT INTO machines (name) VALUES "
                                         "(?) ON CONFLICT (name) DO NOTHING"));
    FPBENCH_ASSIGN_OR_RETURN(
        auto select, db_.prepare("SELECT id FROM machines WHERE name = ?"));
    return upsert_id(
        *insert, *select, [&](SqlStatement& s) { s.bind_text(1, name); }, name);
  }

  // The fingerprint against the machine's latest other fingerprinted run.
  // The first fingerprinted run of a machine gives its class to the runs
  // recorded before fingerprints, which have nothing to say against it.
  Result<void> check_machine_class(const RecordInfo& info,
                                   std::int64_t machine) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto latest,
        db_.prepare("SELECT fingerprint FROM runs WHERE machine_id = ? AND "
                    "commit_sha <> ? AND fingerprint <> '' ORDER BY run_date "
                    "DESC, id DESC LIMIT 1"));
    latest->bind_int(1, machine);
    latest->bind_text(2, info.commit);
    FPBENCH_ASSIGN_OR_RETURN(auto row, latest->step());
    if (!row) {
      FPBENCH_ASSIGN_OR_RETURN(
          auto adopt, db_.prepare("UPDATE runs SET machine_class = ? WHERE "
                                  "machine_id = ? AND machine_class = ''"));
      adopt->bind_text(1, info.machine_class);
      adopt->bind_int(2, machine);
      return run_to_end(*adopt);
    }
    const std::string stored = latest->column_text(0);
    FPBENCH_TRY(run_to_end(*latest));
    if (info.new_machine_class) return {};
    auto before = detail::parse_fingerprint(stored);
    auto now = detail::parse_fingerprint(info.fingerprint);
    FPBENCH_TRY(before);
    FPBENCH_TRY(now);
    const auto differences = detail::fingerprint_differences(*before, *now);
    if (differences.empty()) return {};
    std::string listed;
    for (const std::string& d : differences)
      listed += (listed.empty() ? "" : "; ") + d;
    return usage_error(
        fmt::format("machine '{}' has changed since its latest run ({}); its "
                    "runs would not be comparable. "
                    "Pass --new-machine-class to start a new class of this "
                    "machine (detect keeps classes "
                    "apart), or record under another --machine",
                    info.machine, listed));
  }

  // The run row of commit + machine: the existing one emptied and updated,
  // or a new one.
  Result<std::int64_t> claim_run(const RecordInfo& info, std::int64_t machine,
                                 const std::string& date, bool& replaced) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto find,
        db_.prepare(
            "SELECT id FROM runs WHERE commit_sha = ? AND machine_id = ?"));
    find->bind_text(1, info.commit);
    find->bind_int(2, machine);
    FPBENCH_ASSIGN_OR_RETURN(auto row, find->step());
    const std::string recorded_at = utc_now_iso8601();
    if (row) {
      replaced = true;
      const std::int64_t id = find->column_int(0);
      const bool v4 = schema_version_ >= 4;
      for (const char* sql :
           {"DELETE FROM run_stats WHERE run_id = ?",
            "DELETE FROM samples WHERE run_id = ?",
            v4 ? "UPDATE runs SET run_date = ?, recorded_at = ?, source_file = "
                 "?, "
                 "fingerprint = ?, machine_class = ? WHERE id = ?"
               : "UPDATE runs SET run_date = ?, recorded_at = ?, source_file = "
                 "? "
                 "WHERE id = ?"}) {
        if (schema_version_ < 2 &&
            std::string_view(sql).find("run_stats") != std::string_view::npos) {
          continue;
        }
        FPBENCH_ASSIGN_OR_RETURN(auto statement, db_.prepare(sql));
        if (std::string_view(sql).starts_with("UPDATE")) {
          statement->bind_text(1, date);
          statement->bind_text(2, recorded_at);
          statement->bind_text(3, info.source_file);
          int p = 4;
          if (v4) {
            statement->bind_text(p++, info.fingerprint);
            statement->bind_text(p++, info.machine_class);
          }
          statement->bind_int(p, id);
        } else {
          statement->bind_int(1, id);
        }
        FPBENCH_TRY(run_to_end(*statement));
      }
      return id;
    }
    FPBENCH_ASSIGN_OR_RETURN(
        auto insert,
        db_.prepare(
            schema_version_ >= 4
                ? "INSERT INTO runs (commit_sha, run_date, machine_id, "
                  "recorded_at, source_file, fingerprint, machine_class) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"
                : "INSERT INTO runs (commit_sha, run_date, machine_id, "
                  "recorded_at, source_file) VALUES (?, ?, ?, ?, ?) RETURNING "
                  "id"));
    insert->bind_text(1, info.commit);
    insert->bind_text(2, date);
    insert->bind_int(3, machine);
    insert->bind_text(4, recorded_at);
    insert->bind_text(5, info.source_file);
    if (schema_version_ >= 4) {
      insert->bind_text(6, info.fingerprint);
      insert->bind_text(7, info.machine_class);
    }
    FPBENCH_TRY(insert->step());
    const std::int64_t id = insert->column_int(0);
    FPBENCH_TRY(run_to_end(*insert));
    return id;
  }

  Result<void> add_sample(const Pending& sample) {
    pending_.push_back(sample);
    if (pending_.size() == kSampleBatchRows) return flush();
    return {};
  }

  Result<void> flush() {
    if (pending_.empty()) return {};
    const bool full = pending_.size() == kSampleBatchRows;
    std::unique_ptr<SqlStatement>& statement =
        full ? full_batch_ : partial_batch_;
    if (statement == nullptr || (!full && partial_rows_ != pending_.size())) {
      FPBENCH_ASSIGN_OR_RETURN(
          statement,
          db_.prepare(sample_insert_sql(pending_.size(), schema_version_)));
      if (!full) partial_rows_ = pending_.size();
    }
    statement->reset();
    int p = 1;
    for (const Pending& s : pending_) {
      statement->bind_int(p++, s.run);
      statement->bind_int(p++, s.benchmark);
      statement->bind_text(p++, s.is_new ? "new" : "old");
      statement->bind_double(p++, s.value);
      if (has_metrics(schema_version_)) statement->bind_int(p++, s.metric);
    }
    pending_.clear();
    return run_to_end(*statement);
  }

  SqlConnection& db_;
  int schema_version_;
  std::unique_ptr<SqlStatement> insert_benchmark_;
  std::unique_ptr<SqlStatement> select_benchmark_;
  std::unique_ptr<SqlStatement> insert_stats_;
  std::map<std::string, std::int64_t> benchmark_ids_;
  std::vector<Pending> pending_;
  std::unique_ptr<SqlStatement> full_batch_;
  std::unique_ptr<SqlStatement> partial_batch_;
  std::size_t partial_rows_ = 0;
};

}  // namespace

Result<HistoryStore> HistoryStore::open(std::string_view db,
                                        const OpenOptions& options) {
  if (options.schema_version < 1 ||
      options.schema_version > kLatestSchemaVersion) {
    return usage_error(fmt::format("schema version {} does not exist (1 to {})",
                                   options.schema_version,
                                   kLatestSchemaVersion));
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto connection, open_database(db, options.mode, "schema_migrations"));
  if (options.mode == AccessMode::kReadWrite) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto version, detail::migrate(*connection, options.schema_version));
    return HistoryStore(std::move(connection), version);
  }
  FPBENCH_ASSIGN_OR_RETURN(auto version, detail::stored_version(*connection));
  const std::string& name = connection->name();
  if (version == 0) {
    return bad_input_error(
        fmt::format("{}: not an fpbench history store (no schema_migrations "
                    "table); record a run into "
                    "it first",
                    name));
  }
  if (version < options.schema_version) {
    return bad_input_error(fmt::format(
        "{}: history store schema version {} is older than this fpbench's "
        "({}); reading "
        "commands never write: `fpbench history record` into it migrates it",
        name, version, options.schema_version));
  }
  return HistoryStore(std::move(connection), version);
}

Result<RecordSummary> HistoryStore::record(const reports::SampleSet& samples,
                                           const RecordInfo& info) {
  return record(std::vector<RecordedMetric>{{"wall", "clock", samples}}, info);
}

Result<RecordSummary> HistoryStore::record(
    const std::vector<RecordedMetric>& metrics, const RecordInfo& info) {
  FPBENCH_ASSIGN_OR_RETURN(auto date, normalize_iso8601(info.date_iso));
  FPBENCH_TRY(validate(metrics, info, schema_version_));
  FPBENCH_TRY(detail::begin_transaction(*connection_));
  Recorder recorder(*connection_, schema_version_);
  auto summary = recorder.record(metrics, info, date);
  if (summary) {
    if (auto r = connection_->exec("COMMIT"); !r) summary = r.error();
  }
  if (!summary) {
    detail::rollback(*connection_);
    return Error(
        summary.error().kind,
        fmt::format(
            "recording {} (commit {}, machine {}) into {}: {}; nothing was "
            "recorded",
            info.source_file, info.commit, info.machine, connection_->name(),
            summary.error().message));
  }
  return summary;
}

Result<std::vector<Series>> HistoryStore::load_series(
    const SeriesQuery& query) {
  if (query.side != "new" && query.side != "old") {
    return usage_error("--side must be new or old, not '" + query.side + "'");
  }
  if (!has_metrics(schema_version_)) {
    return internal_error(
        fmt::format("series reads need schema version {}, the store is at {}",
                    kLatestSchemaVersion, schema_version_));
  }
  std::string sql =
      "SELECT b.name, m.name, r.commit_sha, r.run_date, r.id, s.n, s.mean, "
      "s.variance, "
      "s.median, s.min_value, s.max_value, met.name, met.source, " +
      std::string(schema_version_ >= 4 ? "r.machine_class " : "'' ") +
      "FROM run_stats s JOIN runs r ON r.id = s.run_id "
      "JOIN benchmarks b ON b.id = s.benchmark_id JOIN machines m ON m.id = "
      "r.machine_id "
      "JOIN metrics met ON met.id = s.metric_id "
      "WHERE s.side = ?";
  if (!query.metric.empty()) sql += " AND met.name = ?";
  if (!query.machine.empty()) sql += " AND m.name = ?";
  if (!query.benchmark_pattern.empty()) {
    sql += connection_->dialect() == SqlDialect::kSqlite
               ? " AND instr(b.name, ?) > 0"
               : " AND strpos(b.name, ?) > 0";
  }
  // Ids, not names: text order differs between the backends' collations;
  // the series are sorted by name below, bytewise.
  {
    const char* date_order = connection_->dialect() == SqlDialect::kSqlite
                                 ? "r.run_date"
                                 : "r.run_date COLLATE \"C\"";
    sql += schema_version_ >= 4
               ? fmt::format(
                     " ORDER BY s.benchmark_id, r.machine_id, r.machine_class, "
                     "s.metric_id, {}, r.id",
                     date_order)
               : fmt::format(
                     " ORDER BY s.benchmark_id, r.machine_id, s.metric_id, {}, "
                     "r.id",
                     date_order);
  }
  FPBENCH_ASSIGN_OR_RETURN(auto select, connection_->prepare(sql));
  auto& s = *select;
  int p = 1;
  s.bind_text(p++, query.side);
  if (!query.metric.empty()) s.bind_text(p++, query.metric);
  if (!query.machine.empty()) s.bind_text(p++, query.machine);
  if (!query.benchmark_pattern.empty())
    s.bind_text(p++, query.benchmark_pattern);

  std::vector<Series> out;
  while (true) {
    FPBENCH_ASSIGN_OR_RETURN(auto row, s.step());
    if (!row) break;
    std::string benchmark = s.column_text(0), machine = s.column_text(1);
    std::string metric = s.column_text(11), source = s.column_text(12);
    std::string machine_class = s.column_text(13);
    if (out.empty() || out.back().benchmark != benchmark ||
        out.back().machine != machine || out.back().metric != metric ||
        out.back().source != source ||
        out.back().machine_class != machine_class) {
      const auto info = reports::metric_info(metric);
      out.push_back(Series{std::move(benchmark),
                           std::move(machine),
                           query.side,
                           {},
                           std::move(metric),
                           std::move(source),
                           info.has_value() && info->lower_is_better,
                           std::move(machine_class)});
    }
    out.back().points.push_back(
        RunPoint{s.column_int(4), s.column_text(2), s.column_text(3),
                 s.column_int(5), s.column_double(6), s.column_double(7),
                 s.column_double(8), s.column_double(9), s.column_double(10)});
  }
  std::sort(out.begin(), out.end(), [](const Series& a, const Series& b) {
    return std::tie(a.benchmark, a.machine, a.machine_class, a.metric,
                    a.source) < std::tie(b.benchmark, b.machine,
                                         b.machine_class, b.metric, b.source);
  });
  return out;
}

}  // namespace fpbench::history
