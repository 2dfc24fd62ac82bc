#pragma once

// The few SQL operations the history store needs, behind one interface with
// two backends: SQLite (a file path) and PostgreSQL (a postgresql:// URL).
//
// SQL is written once, with `?` placeholders; the PostgreSQL backend rewrites
// them to $1, $2, ... (a `?` inside a quoted literal is left alone). Values
// travel as int64, double or text. A NULL column reads as 0 / NaN / "".
// Doubles are sent to PostgreSQL in shortest round-trip text form, so they
// come back bit-identical.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::history {

enum class SqlDialect { kSqlite, kPostgres };

class SqlStatement {
 public:
  virtual ~SqlStatement() = default;

  // Parameters are numbered from 1, as in SQL.
  virtual void bind_int(int index, std::int64_t value) = 0;
  virtual void bind_double(int index, double value) = 0;
  virtual void bind_text(int index, std::string_view value) = 0;

  // Executes on the first call after binding; true while a row is available.
  [[nodiscard]] virtual Result<bool> step() = 0;
  // Ready to execute again with new bindings.
  virtual void reset() = 0;

  // Columns are numbered from 0, as in every C client library.
  [[nodiscard]] virtual std::int64_t column_int(int column) const = 0;
  [[nodiscard]] virtual double column_double(int column) const = 0;
  [[nodiscard]] virtual std::string column_text(int column) const = 0;
};

class SqlConnection {
 public:
  virtual ~SqlConnection() = default;

  // One or more statements without parameters or results.
  [[nodiscard]] virtual Result<void> exec(std::string_view sql) = 0;
  [[nodiscard]] virtual Result<std::unique_ptr<SqlStatement>> prepare(
      std::string_view sql) = 0;
  [[nodiscard]] virtual SqlDialect dialect() const = 0;
  // The path, or the URL without its password: for error messages.
  [[nodiscard]] virtual const std::string& name() const = 0;
};

// How a store is opened. Read-only never creates, migrates or writes
// anything: SQLite opens the file read-only, a PostgreSQL session is READ
// ONLY, so a stray write fails instead of landing.
enum class AccessMode { kReadWrite, kReadOnly };

// Opens an SQLite database; read-write creates a missing file, read-only
// refuses it. The parent directory must exist: a missing one is reported,
// not created. A file that is not an SQLite database is refused, and so is
// one that holds tables but not `owner_table` (when given): it belongs to
// another application. Both checks come before any setting that would
// write to the file (the WAL journal mode).
Result<std::unique_ptr<SqlConnection>> open_sqlite(
    std::string_view path, AccessMode mode, std::string_view owner_table = {});

// Connects to PostgreSQL with a libpq connection URI (postgresql://...).
Result<std::unique_ptr<SqlConnection>> open_postgres(
    std::string_view url, AccessMode mode = AccessMode::kReadWrite);

// A postgresql:// or postgres:// URL selects PostgreSQL, anything else is a
// path to an SQLite file.
Result<std::unique_ptr<SqlConnection>> open_database(
    std::string_view db, AccessMode mode, std::string_view owner_table = {});

// Runs a statement that returns no rows to completion.
Result<void> run_to_end(SqlStatement& statement);

}  // namespace fpbench::history
