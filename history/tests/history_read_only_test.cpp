// The reading commands (detect, report, plot) never create, migrate or
// write a store: whatever --db names that is not a current fpbench store,
// they refuse with exit 2 and leave byte for byte as it was. And record
// does not turn another application's SQLite database into a store.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "fpbench/history/history_store.hpp"
#include "store_fixture.hpp"

namespace fpbench::history {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;
using test_support::CliResult;
using test_support::scalar;

std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.insert(entry.path().filename());
  return names;
}

class ReadOnly : public test_support::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    out_ = dir_.parent_path() /
           (tag_ + "-out");  // outside dir_, whose listing is checked
    fs::create_directories(out_);
    csv_ = out_ / "night.csv";
    std::ofstream(csv_)
        << "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
           "\"old\",\"fs/x.js\",\"n=1\",100,0.01\n"
           "\"new\",\"fs/x.js\",\"n=1\",200,0.005\n";
  }
  void TearDown() override {
    if (!out_.empty()) fs::remove_all(out_);
    BackendTest::TearDown();
  }

  CliResult cli(const std::string& args) {
    return test_support::run_fpbench(args, out_);
  }

  // Every reading command on `db`: exit 2, one error line naming `why`.
  void expect_refused(const std::string& db, const std::string& why) {
    const std::string quoted = " --db '" + db + "'";
    for (const std::string& command :
         {"history detect" + quoted,
          "history detect" + quoted + " --metric all",
          "history report" + quoted,
          "history plot" + quoted + " '" + (out_ / "h.png").string() + "'"}) {
      const CliResult r = cli(command);
      EXPECT_EQ(r.exit_code, 2) << command << ": " << r.err;
      EXPECT_EQ(r.err.rfind("fpbench: error: ", 0), 0u)
          << command << ": " << r.err;
      EXPECT_NE(r.err.find(why), std::string::npos) << command << ": " << r.err;
    }
  }

  fs::path out_, csv_;
};

// Files are SQLite's alone.
class ReadOnlyFiles : public ReadOnly {};

// An SQLite file of every kind that is not a store, each with a checksum
// (its bytes) and the directory's listing (no -wal, -shm or journal left
// behind) compared before and after.
TEST_P(ReadOnlyFiles,
       ReadingCommandsRefuseAFileThatIsNotAStoreAndLeaveItUntouched) {
  const fs::path empty = dir_ / "empty.sqlite", text = dir_ / "notes.sqlite",
                 foreign = dir_ / "other-app.sqlite";
  std::ofstream(empty).flush();
  std::ofstream(text) << "not a database, just text\n";
  {
    auto other = open_sqlite(foreign.string(), AccessMode::kReadWrite);
    ASSERT_TRUE(other.has_value()) << other.error().message;
    ASSERT_TRUE((*other)->exec(
        "PRAGMA journal_mode=DELETE; CREATE TABLE contacts (name TEXT); "
        "INSERT INTO contacts VALUES ('ada')"));
  }
  const std::set<std::string> files = listing(dir_);
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {empty, "not an fpbench history store (no schema_migrations table)"},
      {text, "not an fpbench history store (not an SQLite database)"},
      {foreign,
       "not an fpbench history store (an SQLite database with other tables: "
       "contacts)"}};
  for (const auto& [path, why] : cases) {
    const std::string before = slurp(path);
    expect_refused(path.string(), why);
    EXPECT_EQ(slurp(path), before) << path << " changed";
  }
  EXPECT_EQ(listing(dir_), files);

  // record neither: another application's database is not an empty store.
  for (const fs::path& path : {text, foreign}) {
    const std::string before = slurp(path);
    const CliResult r = cli("history record '" + csv_.string() + "' --db '" +
                            path.string() + "' --commit abc");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("not an fpbench history store"), std::string::npos)
        << r.err;
    EXPECT_EQ(slurp(path), before) << path << " changed";
  }
  EXPECT_EQ(listing(dir_), files);
}

// PostgreSQL's counterpart of a missing file: a schema without a store.
TEST_P(ReadOnly, ReadingCommandsCreateNothingWhereThereIsNoStore) {
  if (sqlite()) {
    expect_refused(db_, "no such history store");
    EXPECT_FALSE(fs::exists(db_));
    return;
  }
  expect_refused(db_,
                 "not an fpbench history store (no schema_migrations table)");
  auto admin = open_postgres(admin_url_);
  ASSERT_TRUE(admin.has_value());
  EXPECT_EQ(scalar(**admin,
                   "SELECT COUNT(*) FROM information_schema.tables WHERE "
                   "table_schema = '" +
                       schemas_.back() + "'"),
            0);
}

// A store of an older schema: reading commands say how to migrate it and
// leave it at its version; record migrates it, and then they read it.
TEST_P(ReadOnly, ReadingCommandsLeaveAnOlderStoreAtItsVersion) {
  {
    auto v2 = HistoryStore::open(db_, OpenOptions{2});
    ASSERT_TRUE(v2.has_value()) << v2.error().message;
    reports::SampleSet samples;
    samples.add(reports::Binary::kNew, "fs/x.js", "n=1", 200);
    ASSERT_TRUE(v2->record(
        samples, RecordInfo{"old1", "2026-11-01", "ci-1", "night.csv"}));
  }
  const std::string before = sqlite() ? slurp(db_) : std::string();
  const std::set<std::string> files = listing(dir_);
  expect_refused(db_, "schema version 2 is older than this fpbench's (" +
                          std::to_string(kLatestSchemaVersion) + ")");
  const CliResult r = cli("history report --db '" + db_ + "'");
  EXPECT_NE(r.err.find("`fpbench history record` into it migrates it"),
            std::string::npos)
      << r.err;
  if (sqlite()) {
    EXPECT_EQ(slurp(db_), before) << "the store changed";
    // A reader of a WAL database opens SQLite's shared-memory index and an
    // (empty) log beside it; nothing else, and nothing written to the log.
    std::set<std::string> expected = files;
    expected.insert({"history.sqlite-shm", "history.sqlite-wal"});
    EXPECT_EQ(listing(dir_), expected);
    EXPECT_EQ(fs::file_size(db_ + "-wal"), 0u);
  }
  {
    auto store = HistoryStore::open(db_, OpenOptions{1, AccessMode::kReadOnly});
    ASSERT_TRUE(store.has_value()) << store.error().message;
    EXPECT_EQ(store->schema_version(), 2);
    EXPECT_EQ(scalar(*store, "SELECT MAX(version) FROM schema_migrations"), 2);
  }

  const CliResult recorded =
      cli("history record '" + csv_.string() + "' --db '" + db_ +
          "' --commit new1 --date 2026-11-02 --machine ci-1");
  ASSERT_EQ(recorded.exit_code, 0) << recorded.err;
  const CliResult read = cli("history report --db '" + db_ + "'");
  EXPECT_EQ(read.exit_code, 0) << read.err;
}

INSTANTIATE_TEST_SUITE_P(Sqlite, ReadOnlyFiles, ::testing::Values("sqlite"),
                         [](const auto& param_info) {
                           return param_info.param;
                         });
INSTANTIATE_TEST_SUITE_P(Backends, ReadOnly,
                         ::testing::Values("sqlite", "postgres"),
                         [](const auto& param_info) {
                           return param_info.param;
                         });

}  // namespace
}  // namespace fpbench::history
