#pragma once

// A fresh history store per test on either backend, for the tests
// parameterised on "sqlite" and "postgres". PostgreSQL runs need
// FPBENCH_TEST_POSTGRES_URL (ci/start-test-postgres.sh prints one); each
// store gets its own schema there. Without it they skip, or fail under CI.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "fpbench/history/history_store.hpp"
#include "fpbench/test_support/ci.hpp"

namespace fpbench::history::test_support {

class BackendTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string name =
        ::testing::UnitTest::GetInstance()->current_test_info()->name();
    for (const char c : name)
      tag_ += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    // PostgreSQL cuts identifiers at 63 bytes; stay below rather than rely on
    // it.
    tag_ =
        ("fpbench_t" + std::to_string(::getpid()) + "_" + tag_).substr(0, 52);
    // Files of the test (inputs; the SQLite stores) on either backend.
    dir_ = std::filesystem::temp_directory_path() / tag_;
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    if (GetParam() != "sqlite") {
      const char* url = std::getenv("FPBENCH_TEST_POSTGRES_URL");
      if (url == nullptr || *url == '\0') {
        const std::string why =
            "FPBENCH_TEST_POSTGRES_URL is not set; start a server with "
            "`eval \"$(bash ci/start-test-postgres.sh)\"` to run the "
            "PostgreSQL tests";
        FPBENCH_SKIP_OR_FAIL_IN_CI(why);
      }
      admin_url_ = url;
    }
    db_ = new_store("history");
  }

  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
    if (schemas_.empty()) return;
    auto admin = open_postgres(admin_url_);
    if (!admin) return;
    for (const std::string& schema : schemas_) {
      (void)(*admin)->exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
  }

  // Another empty store of this test: an SQLite path in the test's
  // directory (no file yet), or a URL whose search_path is a new schema.
  std::string new_store(const std::string& name) {
    if (GetParam() == "sqlite") return (dir_ / (name + ".sqlite")).string();
    const std::string schema = tag_ + "_" + name;
    auto admin = open_postgres(admin_url_);
    EXPECT_TRUE(admin.has_value()) << admin.error().message;
    if (!admin) return {};
    EXPECT_TRUE((*admin)->exec("DROP SCHEMA IF EXISTS " + schema +
                               " CASCADE; CREATE SCHEMA " + schema));
    schemas_.push_back(schema);
    return admin_url_ +
           (admin_url_.find('?') == std::string::npos ? "?" : "&") +
           "options=-csearch_path%3D" + schema;
  }

  bool sqlite() const { return GetParam() == "sqlite"; }

  std::filesystem::path dir_;
  std::string db_, admin_url_, tag_;
  std::vector<std::string> schemas_;
};

// The one integer a query returns.
inline std::int64_t scalar(SqlConnection& db, const std::string& sql) {
  auto s = db.prepare(sql);
  EXPECT_TRUE(s.has_value()) << (s ? "" : s.error().message);
  if (!s) return -1;
  auto row = (*s)->step();
  EXPECT_TRUE(row.has_value() && *row) << sql;
  return (*s)->column_int(0);
}

inline std::int64_t scalar(HistoryStore& store, const std::string& sql) {
  return scalar(store.connection(), sql);
}

}  // namespace fpbench::history::test_support
