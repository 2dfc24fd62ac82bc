// history merge (idempotent, one transaction per source, the later
// recording wins) and machine classes (a changed fingerprint refused unless
// declared, classes kept apart in series), on SQLite and PostgreSQL. The
// PostgreSQL runs need FPBENCH_TEST_POSTGRES_URL (ci/start-test-postgres.sh);
// without it they skip, or fail under CI (store_fixture.hpp).

#include "fpbench/history/history_merge.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/history/history_store.hpp"
#include "store_fixture.hpp"

namespace fpbench::history::history_merge_test {
namespace {

using reports::Binary;
using reports::SampleSet;

const std::string kClassA =
    R"({"counter_sources":{"wall":"clock"},"machine":{"cpu_model":"A","cores":4}})";
const std::string kClassB =
    R"({"counter_sources":{"wall":"clock"},"machine":{"cpu_model":"B","cores":4}})";

SampleSet shard_samples(int shard, double scale) {
  SampleSet s;
  for (int b = 0; b < 3; ++b) {
    const std::string config = fmt::format("n={}", shard * 10 + b);
    for (int i = 0; i < 4; ++i) {
      s.add(Binary::kOld, "fs/a.js", config, scale * (100 + b + 0.25 * i));
      s.add(Binary::kNew, "fs/a.js", config, scale * (150 + b - 0.5 * i));
    }
  }
  s.add(Binary::kNew, "fs/one.js", fmt::format("n={}", shard),
        42 * scale);  // n = 1: variance NaN
  return s;
}

RecordInfo info(const std::string& commit, const std::string& machine,
                const std::string& fingerprint = kClassA,
                const std::string& klass = "classA") {
  RecordInfo i{commit, "2026-03-01", machine, "shard.csv"};
  i.fingerprint = fingerprint;
  i.machine_class = klass;
  return i;
}

// Two stores of the test on the backend: DEST and another to merge into.
class MergeTest : public test_support::BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    dest_ = new_store("dest");
    other_ = new_store("other");
  }

  // Three shard stores, as three machines would fill them: two commits each.
  std::vector<std::string> shard_stores() {
    std::vector<std::string> paths;
    for (int shard = 1; shard <= 3; ++shard) {
      const std::string path =
          (dir_ / fmt::format("shard-{}.sqlite", shard)).string();
      auto store = HistoryStore::open(path);
      EXPECT_TRUE(store.has_value()) << store.error().message;
      for (const char* commit : {"c0ffee01", "c0ffee02"}) {
        auto r =
            store->record(shard_samples(shard, commit[7] == '1' ? 1.0 : 1.1),
                          info(commit, fmt::format("runner-{}", shard)));
        EXPECT_TRUE(r.has_value()) << r.error().message;
      }
      paths.push_back(path);
    }
    return paths;
  }

  // Every row of the data, by names rather than ids, sorted bytewise.
  static std::vector<std::string> dump(const std::string& db) {
    auto store = HistoryStore::open(
        db, OpenOptions{kLatestSchemaVersion, AccessMode::kReadOnly});
    EXPECT_TRUE(store.has_value()) << store.error().message;
    std::vector<std::string> rows;
    // Numbers as numbers: the backends print them differently as text.
    const auto read = [&](const std::string& what, const std::string& sql,
                          int columns, int first_number) {
      auto s = store->connection().prepare(sql);
      ASSERT_TRUE(s.has_value()) << s.error().message;
      while (true) {
        auto row = (*s)->step();
        ASSERT_TRUE(row.has_value()) << row.error().message;
        if (!*row) break;
        std::string line = what;
        for (int c = 0; c < columns; ++c) {
          line += "|" + (c >= first_number
                             ? fmt::format("{}", (*s)->column_double(c))
                             : (*s)->column_text(c));
        }
        rows.push_back(line);
      }
    };
    read("run",
         "SELECT m.name, r.commit_sha, r.run_date, r.recorded_at, "
         "r.source_file, r.fingerprint, "
         "r.machine_class FROM runs r JOIN machines m ON m.id = r.machine_id",
         7, 7);
    const std::string joins =
        " JOIN runs r ON r.id = s.run_id JOIN machines m ON m.id = "
        "r.machine_id JOIN benchmarks b "
        "ON b.id = s.benchmark_id JOIN metrics met ON met.id = s.metric_id";
    read("sample",
         "SELECT m.name, r.commit_sha, b.name, b.filename, b.configuration, "
         "met.name, met.source, "
         "s.side, s.value FROM samples s" +
             joins,
         9, 8);
    read("stats",
         "SELECT m.name, r.commit_sha, b.name, met.name, met.source, s.side, "
         "s.n, s.mean, "
         "s.variance, s.median, s.min_value, s.max_value FROM run_stats s" +
             joins,
         12, 6);
    std::sort(rows.begin(), rows.end());
    return rows;
  }

  std::string dest_, other_;
};

TEST_P(MergeTest, MergingTwiceGivesTheStoreMergingOnceGave) {
  const auto sources = shard_stores();
  auto first = history_merge(MergeOptions{sources, dest_});
  ASSERT_TRUE(first.has_value()) << first.error().message;
  EXPECT_NE(
      first->text.find(
          "2 runs added, 0 replaced, 0 already there (50 samples copied)"),
      std::string::npos)
      << first->text;
  const auto once = dump(dest_);
  EXPECT_EQ(std::count_if(
                once.begin(), once.end(),
                [](const std::string& r) { return r.starts_with("sample|"); }),
            3 * 2 * 25);
  auto second = history_merge(MergeOptions{sources, dest_});
  ASSERT_TRUE(second.has_value()) << second.error().message;
  EXPECT_NE(second->text.find(
                "0 runs added, 0 replaced, 2 already there (0 samples copied)"),
            std::string::npos)
      << second->text;
  EXPECT_EQ(dump(dest_), once);

  // The sources in another order, into another store: the same data.
  const std::vector<std::string> reversed(sources.rbegin(), sources.rend());
  ASSERT_TRUE(history_merge(MergeOptions{reversed, other_}).has_value());
  EXPECT_EQ(dump(other_), once);

  // What the stores say of each source, merged, is what the source says.
  for (const std::string& source : sources) {
    for (const std::string& row : dump(source)) {
      EXPECT_TRUE(std::binary_search(once.begin(), once.end(), row)) << row;
    }
  }
}

TEST_P(MergeTest, ALaterRecordingReplacesAnEarlierOneNotTheOtherWayRound) {
  const auto sources = shard_stores();
  ASSERT_TRUE(history_merge(MergeOptions{{sources[0]}, dest_}).has_value());
  {
    auto source = HistoryStore::open(sources[0]);
    ASSERT_TRUE(source.has_value());
    ASSERT_TRUE(
        source->record(shard_samples(1, 2.0), info("c0ffee01", "runner-1"))
            .has_value());
    // recorded_at has whole seconds: make the new recording visibly later.
    ASSERT_TRUE(source->connection().exec(
        "UPDATE runs SET recorded_at = '2999-01-01T00:00:00Z' WHERE commit_sha "
        "= 'c0ffee01'"));
  }
  auto merged = history_merge(MergeOptions{{sources[0]}, dest_});
  ASSERT_TRUE(merged.has_value()) << merged.error().message;
  EXPECT_NE(merged->text.find("0 runs added, 1 replaced, 1 already there"),
            std::string::npos)
      << merged->text;
  {
    auto dest = HistoryStore::open(dest_);
    ASSERT_TRUE(dest.has_value());
    auto series = dest->load_series(
        SeriesQuery{"new", "runner-1", "fs/one.js n=1", "wall"});
    ASSERT_TRUE(series.has_value()) << series.error().message;
    ASSERT_EQ(series->size(), 1u);
    ASSERT_EQ(series->at(0).points.size(), 2u);
    const RunPoint& replaced = series->at(0).points.at(0).commit == "c0ffee01"
                                   ? series->at(0).points.at(0)
                                   : series->at(0).points.at(1);
    EXPECT_EQ(replaced.mean, 84.0);  // the later recording's sample, 2 x 42
    EXPECT_TRUE(std::isnan(replaced.variance));
  }
  // The destination's newer recording stays when an older one comes again.
  ASSERT_TRUE(history_merge(MergeOptions{{sources[1]}, dest_}).has_value());
  const auto before = dump(dest_);
  ASSERT_TRUE(
      history_merge(MergeOptions{{sources[0], sources[1]}, dest_}).has_value());
  EXPECT_EQ(dump(dest_), before);
}

TEST_P(MergeTest,
       AChangedFingerprintIsRefusedUnlessDeclaredAndClassesStayApart) {
  auto store = HistoryStore::open(dest_);
  ASSERT_TRUE(store.has_value()) << store.error().message;
  // Recorded before fingerprints: joins the class of the machine's first one.
  ASSERT_TRUE(
      store->record(shard_samples(1, 1.0), info("c0ffee00", "m", "", ""))
          .has_value());
  ASSERT_TRUE(
      store->record(shard_samples(1, 1.0), info("c0ffee01", "m")).has_value());
  auto changed = store->record(shard_samples(1, 1.0),
                               info("c0ffee02", "m", kClassB, "classB"));
  ASSERT_FALSE(changed.has_value());
  EXPECT_EQ(changed.error().kind, ErrorKind::kUsage);
  EXPECT_NE(changed.error().message.find("cpu_model 'A' -> 'B'"),
            std::string::npos)
      << changed.error().message;
  EXPECT_NE(changed.error().message.find("--new-machine-class"),
            std::string::npos);
  // Re-recording the latest commit itself is checked against the run before.
  ASSERT_TRUE(
      store->record(shard_samples(1, 1.0), info("c0ffee01", "m")).has_value());
  RecordInfo declared = info("c0ffee02", "m", kClassB, "classB");
  declared.new_machine_class = true;
  ASSERT_TRUE(store->record(shard_samples(1, 1.0), declared).has_value());
  // Now class B is the machine's: B again passes, A is a change again.
  EXPECT_TRUE(store
                  ->record(shard_samples(1, 1.0),
                           info("c0ffee03", "m", kClassB, "classB"))
                  .has_value());
  EXPECT_FALSE(
      store->record(shard_samples(1, 1.0), info("c0ffee04", "m")).has_value());

  auto series =
      store->load_series(SeriesQuery{"new", "m", "fs/a.js n=10", "wall"});
  ASSERT_TRUE(series.has_value()) << series.error().message;
  ASSERT_EQ(series->size(), 2u);
  EXPECT_EQ(series->at(0).machine_class, "classA");
  EXPECT_EQ(series->at(0).points.size(), 2u);  // c0ffee00 adopted, c0ffee01
  EXPECT_EQ(series->at(1).machine_class, "classB");
  EXPECT_EQ(series->at(1).points.size(), 2u);
}

TEST_P(MergeTest, Version4KeepsEarlierRunsWhichJoinTheFirstFingerprintedClass) {
  {
    auto v3 = HistoryStore::open(dest_, OpenOptions{3});
    ASSERT_TRUE(v3.has_value()) << v3.error().message;
    ASSERT_TRUE(v3->record(shard_samples(1, 1.0), info("c0ffee00", "m", "", ""))
                    .has_value());
  }
  auto v4 = HistoryStore::open(dest_);
  ASSERT_TRUE(v4.has_value()) << v4.error().message;
  EXPECT_EQ(v4->schema_version(), 4);
  const auto before = dump(dest_);
  ASSERT_EQ(before.front().substr(0, 4), "run|");
  EXPECT_TRUE(before.front().ends_with("|shard.csv||"))
      << before.front();  // no fingerprint, no class
  ASSERT_TRUE(
      v4->record(shard_samples(1, 1.0), info("c0ffee01", "m")).has_value());
  auto series =
      v4->load_series(SeriesQuery{"new", "m", "fs/a.js n=10", "wall"});
  ASSERT_TRUE(series.has_value()) << series.error().message;
  ASSERT_EQ(series->size(), 1u);
  EXPECT_EQ(series->at(0).machine_class, "classA");
  EXPECT_EQ(series->at(0).points.size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Backends, MergeTest,
                         ::testing::Values("sqlite", "postgres"),
                         [](const auto& param) { return param.param; });

}  // namespace
}  // namespace fpbench::history::history_merge_test
