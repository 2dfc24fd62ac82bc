// The history store under the faults a nightly meets, through the fpbench
// binary on both backends: several `history record` processes started at
// the same moment on a new store (every run lands, the schema is created
// once), and a recorder killed with SIGKILL inside its transaction (the
// store keeps exactly what it had and takes the next recording).
//
// FPBENCH_CONCURRENCY_TRIALS raises the number of trials of the first
// (ci/soak-history.sh runs it so).

#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/history/history_store.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "store_fixture.hpp"

namespace fpbench::history {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;
using test_support::scalar;

constexpr int kRecorders = 10;
constexpr int kDefaultTrials = 20;
// schema.hpp's kStoreLockClass: the advisory lock a PostgreSQL writer holds.
constexpr const char* kStoreLockClass = "1718641256";

// Starts FPBENCH_CLI with `args`, stdout and stderr into files. With a gate
// (a pipe) the child first waits until every write end is closed, so that
// the children the test releases at once start at the same moment.
pid_t spawn(const std::vector<std::string>& args, const fs::path& out,
            const fs::path& err, const int* gate = nullptr) {
  std::vector<std::string> all = {FPBENCH_CLI};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string out_path = out.string(), err_path = err.string();
  const pid_t pid = ::fork();
  if (pid != 0) return pid;
  if (gate != nullptr) {
    ::close(gate[1]);
    char c = 0;
    while (::read(gate[0], &c, 1) < 0 && errno == EINTR) {
    }
    ::close(gate[0]);
  }
  const int o = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int e = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (o < 0 || e < 0 || ::dup2(o, 1) < 0 || ::dup2(e, 2) < 0) ::_exit(126);
  ::execv(argv[0], argv.data());
  ::_exit(127);
}

int wait_for(pid_t pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

std::string csv_header() {
  return "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n";
}

// `benchmarks` benchmarks with `per_side` samples on each side.
std::string samples_csv(int benchmarks, int per_side) {
  std::string csv = csv_header();
  for (int b = 0; b < benchmarks; ++b) {
    for (int i = 0; i < per_side; ++i) {
      csv += fmt::format("\"old\",\"fs/b{}.js\",\"n={}\",{},0.01\n", b, i % 7,
                         1000 + i);
      csv += fmt::format("\"new\",\"fs/b{}.js\",\"n={}\",{},0.01\n", b, i % 7,
                         2000 + i);
    }
  }
  return csv;
}

int trials() {
  const char* env = std::getenv("FPBENCH_CONCURRENCY_TRIALS");
  if (env == nullptr || *env == '\0') return kDefaultTrials;
  return std::max(1, std::atoi(env));
}

class HistoryFaults : public test_support::BackendTest {
 protected:
  std::vector<std::string> record_args(const fs::path& csv,
                                       const std::string& db,
                                       const std::string& commit) const {
    return {"history",
            "record",
            csv.string(),
            "--db",
            db,
            "--commit",
            commit,
            "--machine",
            "ci-1",
            "--date",
            "2026-11-30T02:00:00Z"};
  }

  // Whether another connection holds the store's write lock now.
  bool writer_holds_lock(SqlConnection& watcher) {
    if (!sqlite()) {
      // This store's lock: the second key is the hash of its schema.
      return scalar(
                 watcher,
                 std::string("SELECT COUNT(*) FROM pg_locks WHERE locktype = "
                             "'advisory' AND granted AND classid = ") +
                     kStoreLockClass +
                     " AND objid::bigint = (hashtext(current_schema())::bigint "
                     "& "
                     "4294967295) AND pid <> pg_backend_pid()") > 0;
    }
    if (!watcher.exec("BEGIN IMMEDIATE"))
      return true;  // busy_timeout 0: "database is locked"
    EXPECT_TRUE(watcher.exec("ROLLBACK"));
    return false;
  }

  // The recorder is inside its transaction and has written part of the
  // run: on SQLite, pages spilled into the WAL; on PostgreSQL, a moment of
  // its statements after the lock was taken.
  bool mid_transaction(SqlConnection& watcher) {
    if (!writer_holds_lock(watcher)) return false;
    if (!sqlite()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      return true;
    }
    std::error_code ec;
    const auto wal = fs::file_size(db_ + "-wal", ec);
    return !ec && wal > (1u << 20);
  }
};

// Every recorder of every trial must land: before the migration took the
// lock and read the version under it, two processes could both find a new
// store at version 0 and the second failed with "table machines already
// exists" (SQLite), or collide creating schema_migrations (PostgreSQL).
TEST_P(HistoryFaults, ConcurrentRecordersOnANewStoreAllLand) {
  const fs::path csv = dir_ / "night.csv";
  std::ofstream(csv) << samples_csv(3, 4);
  const int n_trials = trials();
  for (int trial = 0; trial < n_trials; ++trial) {
    const std::string db = new_store(fmt::format("c{}", trial));
    int gate[2];
    ASSERT_EQ(::pipe(gate), 0);
    std::vector<pid_t> pids;
    for (int r = 0; r < kRecorders; ++r) {
      pids.push_back(
          spawn(record_args(csv, db, fmt::format("c{}r{}", trial, r)),
                dir_ / fmt::format("out{}", r), dir_ / fmt::format("err{}", r),
                gate));
    }
    ::close(gate[0]);
    ::close(gate[1]);  // go
    int failed = 0;
    for (int r = 0; r < kRecorders; ++r) {
      const int status = wait_for(pids[static_cast<std::size_t>(r)]);
      const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
      failed += ok ? 0 : 1;
      EXPECT_TRUE(ok) << "trial " << trial << ", recorder " << r << ": status "
                      << status << ": "
                      << slurp(dir_ / fmt::format("err{}", r));
    }
    auto store = HistoryStore::open(
        db, OpenOptions{kLatestSchemaVersion, AccessMode::kReadOnly});
    ASSERT_TRUE(store.has_value()) << store.error().message;
    EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM runs"), kRecorders)
        << "trial " << trial;
    EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM schema_migrations"),
              kLatestSchemaVersion);
    EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM samples"),
              kRecorders * 3 * 4 * 2);
    ASSERT_EQ(failed, 0) << "trial " << trial << " of " << n_trials
                         << " lost runs";
  }
}

TEST_P(HistoryFaults, SigkillDuringRecordLeavesTheStoreAsItWas) {
  const fs::path small = dir_ / "small.csv", big = dir_ / "big.csv";
  std::ofstream(small) << samples_csv(2, 3);
  std::ofstream(big) << samples_csv(
      1000, 100);  // 200,000 samples: a long transaction
  const int first = wait_for(
      spawn(record_args(small, db_, "before"), dir_ / "out", dir_ / "err"));
  ASSERT_TRUE(WIFEXITED(first) && WEXITSTATUS(first) == 0)
      << slurp(dir_ / "err");

  auto watcher = open_database(db_, AccessMode::kReadWrite);
  ASSERT_TRUE(watcher.has_value()) << watcher.error().message;
  if (sqlite()) {
    ASSERT_TRUE((*watcher)->exec("PRAGMA busy_timeout=0"));
  }
  const pid_t pid =
      spawn(record_args(big, db_, "killed"), dir_ / "out", dir_ / "err");
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(120);
  bool caught = false;
  while (!caught && std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      FAIL() << "the recorder ended (status " << status
             << ") before it could be killed inside "
             << "its transaction: " << slurp(dir_ / "err");
    }
    caught = mid_transaction(**watcher);
    if (!caught) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  const int status = wait_for(pid);
  ASSERT_TRUE(caught) << "the recorder never took the store's lock";
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
      << "the recorder ended on its own (status " << status << ")";
  watcher->reset();

  auto store = HistoryStore::open(db_);
  ASSERT_TRUE(store.has_value()) << store.error().message;
  if (sqlite()) {
    auto check = store->connection().prepare("PRAGMA integrity_check");
    ASSERT_TRUE(check.has_value());
    auto row = (*check)->step();
    ASSERT_TRUE(row.has_value() && *row);
    EXPECT_EQ((*check)->column_text(0), "ok");
  }
  EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM runs"), 1);
  EXPECT_EQ(
      scalar(*store, "SELECT COUNT(*) FROM runs WHERE commit_sha = 'before'"),
      1);
  EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM samples"), 2 * 3 * 2);
  EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM benchmarks"), 2 * 3);
  EXPECT_EQ(scalar(*store, "SELECT SUM(n) FROM run_stats"), 2 * 3 * 2);

  // The lock died with the process: the next recording goes through.
  const int next = wait_for(
      spawn(record_args(small, db_, "after"), dir_ / "out", dir_ / "err"));
  EXPECT_TRUE(WIFEXITED(next) && WEXITSTATUS(next) == 0) << slurp(dir_ / "err");
  EXPECT_EQ(scalar(*store, "SELECT COUNT(*) FROM runs"), 2);
}

INSTANTIATE_TEST_SUITE_P(Backends, HistoryFaults,
                         ::testing::Values("sqlite", "postgres"),
                         [](const auto& param_info) {
                           return param_info.param;
                         });

}  // namespace
}  // namespace fpbench::history
