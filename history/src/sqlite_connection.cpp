// SQLite backend of SqlConnection.
//
// Pragmas, set on every connection:
// - journal_mode=WAL: readers (detect, report) never block the nightly writer
//   nor it them, and a commit appends to the log instead of rewriting pages
//   twice, which is what makes recording 60,000 samples take well under a
//   second.
// - synchronous=NORMAL: in WAL mode this syncs at checkpoints, not at every
//   commit. A crashed process loses nothing and the file never corrupts; a
//   power cut may lose the last committed night, which the next run records
//   again (record is idempotent per commit and machine).
// - foreign_keys=ON: SQLite leaves references unchecked otherwise.
// - busy_timeout: a second writer waits (up to a minute) instead of failing
//   at once; every write takes the lock first (BEGIN IMMEDIATE, schema.hpp).
// A read-only connection sets none of the writing ones.

#include <fmt/format.h>
#include <sqlite3.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>
#include <system_error>
#include <thread>

#include "fpbench/base/try.hpp"
#include "fpbench/history/sql_connection.hpp"

namespace fpbench::history {
namespace {

constexpr int kBusyTimeoutMs = 60000;

class SqliteStatement final : public SqlStatement {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt, const std::string& db_name)
      : db_(db), stmt_(stmt), db_name_(db_name) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  void bind_int(int index, std::int64_t value) override {
    sqlite3_bind_int64(stmt_, index, value);
  }
  void bind_double(int index, double value) override {
    sqlite3_bind_double(stmt_, index, value);
  }
  void bind_text(int index, std::string_view value) override {
    sqlite3_bind_text(stmt_, index, value.data(),
                      static_cast<int>(value.size()), SQLITE_TRANSIENT);
  }

  Result<bool> step() override {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    Error e = io_error(db_name_ + ": " + sqlite3_errmsg(db_));
    sqlite3_reset(stmt_);
    return e;
  }
  void reset() override { sqlite3_reset(stmt_); }

  std::int64_t column_int(int column) const override {
    return sqlite3_column_int64(stmt_, column);
  }
  double column_double(int column) const override {
    if (sqlite3_column_type(stmt_, column) == SQLITE_NULL) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    return sqlite3_column_double(stmt_, column);
  }
  std::string column_text(int column) const override {
    const unsigned char* text = sqlite3_column_text(stmt_, column);
    if (text == nullptr) return {};
    return std::string(
        reinterpret_cast<const char*>(text),
        static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column)));
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
  const std::string& db_name_;
};

class SqliteConnection final : public SqlConnection {
 public:
  SqliteConnection(sqlite3* db, std::string name)
      : db_(db), name_(std::move(name)) {}
  ~SqliteConnection() override { sqlite3_close_v2(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  Result<void> exec(std::string_view sql) override {
    char* message = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message) !=
        SQLITE_OK) {
      Error e = io_error(name_ + ": " +
                         (message != nullptr ? message : sqlite3_errmsg(db_)));
      sqlite3_free(message);
      return e;
    }
    return {};
  }

  Result<std::unique_ptr<SqlStatement>> prepare(std::string_view sql) override {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt,
                           nullptr) != SQLITE_OK) {
      return internal_error(name_ + ": " + sqlite3_errmsg(db_) +
                            " in: " + std::string(sql));
    }
    return std::unique_ptr<SqlStatement>(new SqliteStatement(db_, stmt, name_));
  }

  SqlDialect dialect() const override { return SqlDialect::kSqlite; }
  const std::string& name() const override { return name_; }

 private:
  sqlite3* db_;
  std::string name_;
};

// Reading the table list reads the header: a file of another kind fails
// here, before a pragma could rewrite it.
Result<void> check_owner(SqliteConnection& connection, sqlite3* db,
                         std::string_view owner_table) {
  auto foreign = [&](const Error& e) -> Error {
    const int code = sqlite3_errcode(db);
    if (code != SQLITE_NOTADB && code != SQLITE_CORRUPT) return e;
    return bad_input_error(
        connection.name() +
        ": not an fpbench history store (not an SQLite database); left "
        "untouched");
  };
  auto tables =
      connection.prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
  if (!tables) return foreign(tables.error());
  std::string names;
  bool owned = false;
  while (true) {
    auto row = (*tables)->step();
    if (!row) return foreign(row.error());
    if (!*row) break;
    const std::string table = (*tables)->column_text(0);
    if (table == owner_table) owned = true;
    if (names.size() < 200) names += (names.empty() ? "" : ", ") + table;
  }
  if (owner_table.empty() || owned || names.empty()) return {};
  return bad_input_error(connection.name() +
                         ": not an fpbench history store (an SQLite database "
                         "with other tables: " +
                         names + "); left untouched");
}

// Switching a new file to WAL needs it unlocked for a moment, and SQLite
// answers SQLITE_BUSY at once rather than wait (busy_timeout does not
// apply): several processes opening a new store together retry here until
// one of them has switched it.
Result<void> enter_wal_mode(SqliteConnection& connection, sqlite3* db) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(kBusyTimeoutMs);
  while (true) {
    auto r = connection.exec("PRAGMA journal_mode=WAL");
    if (r || (sqlite3_errcode(db) & 0xff) != SQLITE_BUSY ||
        std::chrono::steady_clock::now() > deadline) {
      return r;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

}  // namespace

Result<std::unique_ptr<SqlConnection>> open_sqlite(
    std::string_view path, AccessMode mode, std::string_view owner_table) {
  namespace fs = std::filesystem;
  const std::string name(path);
  if (name.empty()) return usage_error("--db: empty database path");
  const fs::path parent = fs::path(name).parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::is_directory(parent, ec)) {
    return io_error(name + ": directory '" + parent.string() +
                    "' does not exist");
  }
  const bool read_only = mode == AccessMode::kReadOnly;
  if (read_only && !fs::exists(name, ec)) {
    return bad_input_error(
        name + ": no such history store (record a run into it first)");
  }
  sqlite3* db = nullptr;
  const int flags = read_only ? SQLITE_OPEN_READONLY
                              : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  const int rc = sqlite3_open_v2(name.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error e =
        io_error(name + ": cannot open: " +
                 (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
    sqlite3_close_v2(db);
    return e;
  }
  auto connection = std::make_unique<SqliteConnection>(db, name);
  // Before anything else: waiting out another writer's lock is what lets
  // several recorders share a store.
  FPBENCH_TRY(
      connection->exec(fmt::format("PRAGMA busy_timeout={}", kBusyTimeoutMs)));
  FPBENCH_TRY(check_owner(*connection, db, owner_table));
  if (!read_only) {
    FPBENCH_TRY(enter_wal_mode(*connection, db));
    FPBENCH_TRY(connection->exec("PRAGMA synchronous=NORMAL"));
  }
  FPBENCH_TRY(connection->exec("PRAGMA foreign_keys=ON"));
  return std::unique_ptr<SqlConnection>(std::move(connection));
}

Result<void> run_to_end(SqlStatement& statement) {
  while (true) {
    FPBENCH_ASSIGN_OR_RETURN(auto more, statement.step());
    if (!more) return {};
  }
}

Result<std::unique_ptr<SqlConnection>> open_database(
    std::string_view db, AccessMode mode, std::string_view owner_table) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) {
    return open_postgres(db, mode);
  }
  return open_sqlite(db, mode, owner_table);
}

}  // namespace fpbench::history
