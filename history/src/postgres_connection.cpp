// PostgreSQL backend of SqlConnection, over libpq.
//
// Statements are prepared server-side once (PQprepare) and executed with text
// parameters; results come back whole (a PGresult), which is fine for the
// history store's largest read, one row per run x benchmark. Notices
// ("relation already exists, skipping") are silenced: the store's output is
// its own. A read-only session makes every transaction READ ONLY, so a read
// command cannot write even by mistake.

#include <fmt/format.h>
#include <libpq-fe.h>

#include <cstdlib>
#include <limits>
#include <vector>

#include "fpbench/base/try.hpp"
#include "fpbench/history/sql_connection.hpp"

namespace fpbench::history {
namespace {

// `?` -> `$n`, outside single-quoted literals.
std::string number_placeholders(std::string_view sql, int& count) {
  std::string out;
  out.reserve(sql.size() + 16);
  int next = 1;
  bool quoted = false;
  for (const char c : sql) {
    if (c == '\'') quoted = !quoted;
    if (c == '?' && !quoted) {
      out += '$';
      out += std::to_string(next++);
    } else {
      out += c;
    }
  }
  count = next - 1;
  return out;
}

std::string without_password(std::string_view url) {
  // postgresql://user:password@host/... -> postgresql://user@host/...
  const std::size_t scheme = url.find("://");
  const std::size_t at = url.find('@');
  if (scheme == std::string_view::npos || at == std::string_view::npos)
    return std::string(url);
  const std::size_t colon = url.find(':', scheme + 3);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon)) + std::string(url.substr(at));
}

std::string trimmed_error(PGconn* conn) {
  std::string message = PQerrorMessage(conn);
  while (!message.empty() &&
         (message.back() == '\n' || message.back() == ' ')) {
    message.pop_back();
  }
  return message;
}

class PostgresStatement final : public SqlStatement {
 public:
  PostgresStatement(PGconn* conn, std::string statement_name, int n_params,
                    const std::string& db_name)
      : conn_(conn),
        statement_name_(std::move(statement_name)),
        params_(static_cast<std::size_t>(n_params)),
        db_name_(db_name) {}
  ~PostgresStatement() override {
    clear_result();
    PGresult* r = PQexec(conn_, ("DEALLOCATE " + statement_name_).c_str());
    PQclear(r);
  }
  PostgresStatement(const PostgresStatement&) = delete;
  PostgresStatement& operator=(const PostgresStatement&) = delete;

  void bind_int(int index, std::int64_t value) override {
    param(index) = std::to_string(value);
  }
  void bind_double(int index, double value) override {
    param(index) = fmt::format("{}", value);
  }
  void bind_text(int index, std::string_view value) override {
    param(index) = value;
  }

  Result<bool> step() override {
    if (result_ == nullptr) {
      std::vector<const char*> values(params_.size());
      for (std::size_t i = 0; i < params_.size(); ++i)
        values[i] = params_[i].c_str();
      result_ = PQexecPrepared(conn_, statement_name_.c_str(),
                               static_cast<int>(values.size()), values.data(),
                               nullptr, nullptr, 0);
      const ExecStatusType status = PQresultStatus(result_);
      if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
        Error e = io_error(db_name_ + ": " + trimmed_error(conn_));
        clear_result();
        return e;
      }
      row_ = -1;
    }
    ++row_;
    return row_ < PQntuples(result_);
  }
  void reset() override { clear_result(); }

  std::int64_t column_int(int column) const override {
    if (PQgetisnull(result_, row_, column)) return 0;
    return std::strtoll(PQgetvalue(result_, row_, column), nullptr, 10);
  }
  double column_double(int column) const override {
    if (PQgetisnull(result_, row_, column))
      return std::numeric_limits<double>::quiet_NaN();
    return std::strtod(PQgetvalue(result_, row_, column), nullptr);
  }
  std::string column_text(int column) const override {
    if (PQgetisnull(result_, row_, column)) return {};
    return std::string(
        PQgetvalue(result_, row_, column),
        static_cast<std::size_t>(PQgetlength(result_, row_, column)));
  }

 private:
  std::string& param(int index) {
    return params_.at(static_cast<std::size_t>(index - 1));
  }
  void clear_result() {
    PQclear(result_);
    result_ = nullptr;
  }

  PGconn* conn_;
  std::string statement_name_;
  std::vector<std::string> params_;
  const std::string& db_name_;
  PGresult* result_ = nullptr;
  int row_ = -1;
};

class PostgresConnection final : public SqlConnection {
 public:
  PostgresConnection(PGconn* conn, std::string name)
      : conn_(conn), name_(std::move(name)) {}
  ~PostgresConnection() override { PQfinish(conn_); }
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  Result<void> exec(std::string_view sql) override {
    PGresult* r = PQexec(conn_, std::string(sql).c_str());
    const ExecStatusType status = PQresultStatus(r);
    PQclear(r);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      return io_error(name_ + ": " + trimmed_error(conn_));
    }
    return {};
  }

  Result<std::unique_ptr<SqlStatement>> prepare(std::string_view sql) override {
    int n_params = 0;
    const std::string numbered = number_placeholders(sql, n_params);
    std::string statement_name = "fpbench_" + std::to_string(++statements_);
    PGresult* r =
        PQprepare(conn_, statement_name.c_str(), numbered.c_str(), 0, nullptr);
    const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    PQclear(r);
    if (!ok)
      return internal_error(name_ + ": " + trimmed_error(conn_) +
                            " in: " + numbered);
    return std::unique_ptr<SqlStatement>(new PostgresStatement(
        conn_, std::move(statement_name), n_params, name_));
  }

  SqlDialect dialect() const override { return SqlDialect::kPostgres; }
  const std::string& name() const override { return name_; }

 private:
  PGconn* conn_;
  std::string name_;
  int statements_ = 0;
};

void ignore_notice(void* /*arg*/, const char* /*message*/) {}

}  // namespace

Result<std::unique_ptr<SqlConnection>> open_postgres(std::string_view url,
                                                     AccessMode mode) {
  const std::string name = without_password(url);
  PGconn* conn = PQconnectdb(std::string(url).c_str());
  if (conn == nullptr) return io_error(name + ": cannot allocate a connection");
  if (PQstatus(conn) != CONNECTION_OK) {
    Error e = io_error(name + ": cannot connect: " + trimmed_error(conn));
    PQfinish(conn);
    return e;
  }
  PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  auto connection =
      std::unique_ptr<SqlConnection>(new PostgresConnection(conn, name));
  if (mode == AccessMode::kReadOnly) {
    FPBENCH_TRY(connection->exec("SET default_transaction_read_only = on"));
  }
  return connection;
}

}  // namespace fpbench::history
