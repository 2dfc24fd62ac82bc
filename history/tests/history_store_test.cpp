// The history store on both backends: recording, replacing, rollback on a
// failure mid-way, migrations from v1 and v2, metrics and their sources, and
// series reads (store_fixture.hpp: on PostgreSQL only with a test server).

#include "fpbench/history/history_store.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "store_fixture.hpp"

namespace fpbench::history {
namespace {

namespace fs = std::filesystem;
using reports::Binary;
using reports::SampleSet;
using test_support::scalar;

SampleSet two_benchmarks(double scale) {
  SampleSet s;
  for (double r : {100.0, 110.0, 120.0})
    s.add(Binary::kOld, "fs/a.js", "n=1", r * scale);
  for (double r : {200.0, 210.0, 230.0, 260.0})
    s.add(Binary::kNew, "fs/a.js", "n=1", r * scale);
  for (double r : {10.0, 11.0})
    s.add(Binary::kOld, "fs/b.js", "n=2", r * scale);
  for (double r : {20.0, 22.0})
    s.add(Binary::kNew, "fs/b.js", "n=2", r * scale);
  return s;
}

RecordInfo info(const std::string& commit, const std::string& date,
                const std::string& machine = "m1") {
  return RecordInfo{commit, date, machine, "samples.csv"};
}

class StoreTest : public test_support::BackendTest {
 protected:
  HistoryStore open(const OpenOptions& options = {}) {
    auto store = HistoryStore::open(db_, options);
    EXPECT_TRUE(store.has_value()) << store.error().message;
    return std::move(store).value();
  }

  // Makes every insert into run_stats for `benchmark` fail, as a full disk
  // or a constraint would half-way through a recording.
  void inject_failure_on(HistoryStore& store, const std::string& benchmark) {
    const std::string match =
        "(SELECT id FROM benchmarks WHERE name = '" + benchmark + "')";
    const std::string sql =
        GetParam() == "sqlite"
            ? "CREATE TRIGGER inject_failure BEFORE INSERT ON run_stats WHEN "
              "NEW.benchmark_id = " +
                  match + " BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
            : "CREATE FUNCTION inject_failure() RETURNS trigger LANGUAGE "
              "plpgsql AS $$ BEGIN "
              "IF NEW.benchmark_id = " +
                  match +
                  " THEN RAISE EXCEPTION 'injected failure'; "
                  "END IF; RETURN NEW; END $$; CREATE TRIGGER inject_failure "
                  "BEFORE INSERT ON "
                  "run_stats FOR EACH ROW EXECUTE FUNCTION inject_failure()";
    ASSERT_TRUE(store.connection().exec(sql));
  }
};

TEST_P(StoreTest, RecordsARunWithItsAggregates) {
  HistoryStore store = open();
  EXPECT_EQ(store.schema_version(), kLatestSchemaVersion);
  EXPECT_EQ(kLatestSchemaVersion, 4);
  auto r = store.record(two_benchmarks(1), info("abc", "2026-11-01"));
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_FALSE(r->replaced);
  EXPECT_EQ(r->benchmarks, 2u);
  EXPECT_EQ(r->samples, 11u);
  EXPECT_EQ(r->date, "2026-11-01T00:00:00Z");
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM samples"), 11);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM run_stats"), 4);

  auto series = store.load_series(SeriesQuery{"new", "", "a.js", "wall"});
  ASSERT_TRUE(series.has_value()) << series.error().message;
  ASSERT_EQ(series->size(), 1u);
  const RunPoint& p = series->at(0).points.at(0);
  EXPECT_EQ(p.commit, "abc");
  EXPECT_EQ(p.n, 4);
  EXPECT_DOUBLE_EQ(p.mean, 225.0);
  EXPECT_DOUBLE_EQ(p.median, 220.0);
  EXPECT_DOUBLE_EQ(p.min, 200.0);
  EXPECT_DOUBLE_EQ(p.max, 260.0);
  EXPECT_NEAR(p.variance, 700.0, 1e-9);  // sum of squares 2100 / 3
}

TEST_P(StoreTest, ASingleSampleHasNoVariance) {
  HistoryStore store = open();
  SampleSet one;
  one.add(Binary::kNew, "fs/one.js", "", 42.5);
  ASSERT_TRUE(store.record(one, info("abc", "2026-11-01")));
  auto series = store.load_series(SeriesQuery{});
  ASSERT_TRUE(series.has_value());
  ASSERT_EQ(series->size(), 1u);
  EXPECT_EQ(series->at(0).benchmark, "fs/one.js ");
  const RunPoint& p = series->at(0).points.at(0);
  EXPECT_EQ(p.n, 1);
  EXPECT_DOUBLE_EQ(p.mean, 42.5);
  EXPECT_DOUBLE_EQ(p.median, 42.5);
  EXPECT_TRUE(std::isnan(p.variance));
  auto old_side = store.load_series(SeriesQuery{"old", "", "", "wall"});
  ASSERT_TRUE(old_side.has_value());
  EXPECT_TRUE(old_side->empty());
}

TEST_P(StoreTest, RecordingTheSameCommitAndMachineAgainReplacesTheRun) {
  HistoryStore store = open();
  auto first = store.record(two_benchmarks(1), info("abc", "2026-11-01"));
  ASSERT_TRUE(first.has_value()) << first.error().message;
  auto second = store.record(two_benchmarks(2), info("abc", "2026-11-02"));
  ASSERT_TRUE(second.has_value()) << second.error().message;
  EXPECT_TRUE(second->replaced);
  EXPECT_EQ(second->run_id, first->run_id);
  EXPECT_EQ(second->samples, first->samples);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM runs"), 1);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM samples"), 11);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM run_stats"), 4);
  auto series = store.load_series(SeriesQuery{"new", "", "a.js", "wall"});
  ASSERT_TRUE(series.has_value());
  EXPECT_DOUBLE_EQ(series->at(0).points.at(0).mean, 450.0);
  EXPECT_EQ(series->at(0).points.at(0).date, "2026-11-02T00:00:00Z");

  auto other_machine =
      store.record(two_benchmarks(1), info("abc", "2026-11-02", "m2"));
  ASSERT_TRUE(other_machine.has_value());
  EXPECT_FALSE(other_machine->replaced);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM runs"), 2);
}

TEST_P(StoreTest, AFailureMidwayLeavesThePreviousStateIntact) {
  HistoryStore store = open();
  ASSERT_TRUE(store.record(two_benchmarks(1), info("abc", "2026-11-01")));
  inject_failure_on(store, "fs/b.js n=2");

  // A new run: fs/a.js's rows are written before fs/b.js fails.
  auto failed = store.record(two_benchmarks(3), info("def", "2026-11-02"));
  ASSERT_FALSE(failed.has_value());
  EXPECT_NE(failed.error().message.find("injected failure"), std::string::npos)
      << failed.error().message;
  EXPECT_NE(failed.error().message.find("nothing was recorded"),
            std::string::npos);
  // A replacement: the old samples are deleted before the failure.
  ASSERT_FALSE(
      store.record(two_benchmarks(3), info("abc", "2026-11-05")).has_value());

  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM runs"), 1);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM samples"), 11);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM run_stats"), 4);
  auto series = store.load_series(SeriesQuery{"new", "", "", "wall"});
  ASSERT_TRUE(series.has_value());
  ASSERT_EQ(series->size(), 2u);
  EXPECT_DOUBLE_EQ(series->at(0).points.at(0).mean, 225.0);
  EXPECT_EQ(series->at(0).points.at(0).date, "2026-11-01T00:00:00Z");

  // And the store still works afterwards.
  ASSERT_TRUE(store.connection().exec(
      "DROP TRIGGER inject_failure" +
      std::string(GetParam() == "sqlite" ? "" : " ON run_stats")));
  EXPECT_TRUE(
      store.record(two_benchmarks(3), info("def", "2026-11-02")).has_value());
}

TEST_P(StoreTest, RejectsBadRatesBeforeWritingAnything) {
  HistoryStore store = open();
  SampleSet bad = two_benchmarks(1);
  bad.add(Binary::kNew, "fs/c.js", "n=3", -1.0);
  auto r = store.record(bad, info("abc", "2026-11-01"));
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("fs/c.js n=3"), std::string::npos)
      << r.error().message;
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM runs"), 0);
  EXPECT_FALSE(
      store.record(SampleSet{}, info("abc", "2026-11-01")).has_value());
}

TEST_P(StoreTest, MigratesAVersion1StoreToVersion2KeepingItsData) {
  {
    HistoryStore v1 = open(OpenOptions{1});
    EXPECT_EQ(v1.schema_version(), 1);
    ASSERT_TRUE(v1.record(two_benchmarks(1), info("abc", "2026-11-01")));
    ASSERT_TRUE(v1.record(two_benchmarks(2), info("def", "2026-11-02")));
    EXPECT_EQ(scalar(v1, "SELECT COUNT(*) FROM samples"), 22);
    EXPECT_EQ(scalar(v1, "SELECT MAX(version) FROM schema_migrations"), 1);
  }
  HistoryStore v2 = open(OpenOptions{2});
  EXPECT_EQ(v2.schema_version(), 2);
  EXPECT_EQ(scalar(v2, "SELECT MAX(version) FROM schema_migrations"), 2);
  EXPECT_EQ(scalar(v2, "SELECT COUNT(*) FROM runs"), 2);
  EXPECT_EQ(scalar(v2, "SELECT COUNT(*) FROM samples"), 22);
  EXPECT_EQ(scalar(v2, "SELECT COUNT(*) FROM run_stats"), 8);
  EXPECT_EQ(
      scalar(
          v2,
          "SELECT COUNT(*) FROM run_stats WHERE benchmark_id = (SELECT id FROM "
          "benchmarks WHERE name = 'fs/b.js n=2') AND side = 'old' AND n = 2 "
          "AND "
          "mean = 10.5"),
      1);
}

// v3: what a v2 store held becomes metric wall from the clock, aggregates
// and samples unchanged, and the store records other metrics from then on.
TEST_P(StoreTest, MigratesAVersion2StoreToVersion3AsWallFromTheClock) {
  // Held at version 3 here; version 4 (fingerprints) is checked below.
  {
    HistoryStore v2 = open(OpenOptions{2});
    ASSERT_TRUE(v2.record(two_benchmarks(1), info("abc", "2026-11-01")));
    ASSERT_TRUE(v2.record(two_benchmarks(2), info("def", "2026-11-02")));
    // Only the rate exists before version 3.
    auto refused = v2.record({{"instructions", "pmu", two_benchmarks(1)}},
                             info("ghi", "2026-11-03"));
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message.find("needs schema version 3"),
              std::string::npos)
        << refused.error().message;
  }
  HistoryStore v3 = open(OpenOptions{3});
  EXPECT_EQ(v3.schema_version(), 3);
  EXPECT_EQ(scalar(v3, "SELECT MAX(version) FROM schema_migrations"), 3);
  EXPECT_EQ(scalar(v3, "SELECT COUNT(*) FROM metrics"), 1);
  EXPECT_EQ(scalar(v3,
                   "SELECT COUNT(*) FROM metrics WHERE name = 'wall' AND "
                   "source = 'clock'"),
            1);
  EXPECT_EQ(scalar(v3, "SELECT COUNT(*) FROM samples"), 22);
  EXPECT_EQ(
      scalar(
          v3,
          "SELECT COUNT(*) FROM samples s JOIN metrics m ON m.id = s.metric_id "
          "WHERE m.name = 'wall'"),
      22);
  EXPECT_EQ(scalar(v3, "SELECT COUNT(*) FROM run_stats"), 8);
  auto series = v3.load_series(SeriesQuery{"old", "m1", "b.js", "wall"});
  ASSERT_TRUE(series.has_value()) << series.error().message;
  ASSERT_EQ(series->size(), 1u);
  EXPECT_EQ(series->at(0).metric, "wall");
  EXPECT_EQ(series->at(0).source, "clock");
  EXPECT_FALSE(series->at(0).lower_is_better);
  ASSERT_EQ(series->at(0).points.size(), 2u);
  EXPECT_EQ(series->at(0).points[0].commit, "abc");
  EXPECT_DOUBLE_EQ(series->at(0).points[0].mean, 10.5);
  EXPECT_DOUBLE_EQ(series->at(0).points[1].median, 21.0);
  EXPECT_DOUBLE_EQ(series->at(0).points[1].min, 20.0);
  EXPECT_DOUBLE_EQ(series->at(0).points[1].max, 22.0);
  EXPECT_EQ(series->at(0).points[1].n, 2);

  // The migrated store takes the new metrics beside the old rates.
  auto r = v3.record({{"wall", "clock", two_benchmarks(3)},
                      {"instructions", "pmu", two_benchmarks(1)}},
                     info("ghi", "2026-11-03"));
  ASSERT_TRUE(r.has_value()) << r.error().message;
  auto wall = v3.load_series(SeriesQuery{"old", "m1", "b.js", "wall"});
  ASSERT_TRUE(wall.has_value());
  ASSERT_EQ(wall->at(0).points.size(), 3u);
  EXPECT_DOUBLE_EQ(wall->at(0).points[2].mean, 31.5);
}

// A series is (benchmark, machine, metric, source): the same metric from
// another source is another series, never points of the first.
TEST_P(StoreTest, RecordsEveryMetricWithItsSourceAsItsOwnSeries) {
  HistoryStore store = open();
  auto first = store.record({{"wall", "clock", two_benchmarks(1)},
                             {"instructions", "pmu", two_benchmarks(1000)},
                             {"syscalls", "tracepoint", two_benchmarks(0.01)}},
                            info("c1", "2026-11-01"));
  ASSERT_TRUE(first.has_value()) << first.error().message;
  EXPECT_EQ(first->benchmarks, 2u);
  EXPECT_EQ(first->samples, 33u);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM run_stats"), 12);
  ASSERT_TRUE(store.record({{"instructions", "valgrind", two_benchmarks(1100)}},
                           info("c2", "2026-11-02")));
  ASSERT_TRUE(store.record({{"instructions", "pmu", two_benchmarks(1001)}},
                           info("c3", "2026-11-03")));

  auto instructions =
      store.load_series(SeriesQuery{"new", "", "a.js", "instructions"});
  ASSERT_TRUE(instructions.has_value()) << instructions.error().message;
  ASSERT_EQ(instructions->size(), 2u);
  const Series& pmu = instructions->at(0);
  EXPECT_EQ(pmu.source, "pmu");
  EXPECT_TRUE(pmu.lower_is_better);
  ASSERT_EQ(pmu.points.size(), 2u);
  EXPECT_EQ(pmu.points[0].commit, "c1");
  EXPECT_EQ(pmu.points[1].commit, "c3");
  EXPECT_DOUBLE_EQ(pmu.points[1].mean, 225.0 * 1001);
  const Series& valgrind = instructions->at(1);
  EXPECT_EQ(valgrind.source, "valgrind");
  ASSERT_EQ(valgrind.points.size(), 1u);
  EXPECT_EQ(valgrind.points[0].commit, "c2");

  auto every = store.load_series(SeriesQuery{"new", "", "a.js", ""});
  ASSERT_TRUE(every.has_value());
  ASSERT_EQ(every->size(),
            4u);  // instructions x 2 sources, syscalls, wall: by name
  EXPECT_EQ(every->at(2).metric, "syscalls");
  EXPECT_EQ(every->at(3).metric, "wall");
  ASSERT_EQ(every->at(3).points.size(), 1u);

  // Replacing the run replaces every metric of it.
  auto again = store.record({{"wall", "clock", two_benchmarks(2)}},
                            info("c1", "2026-11-01"));
  ASSERT_TRUE(again.has_value());
  EXPECT_TRUE(again->replaced);
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM run_stats WHERE run_id = " +
                              std::to_string(again->run_id)),
            4);
  EXPECT_FALSE(store.record({{"wall", "clock", two_benchmarks(1)},
                             {"wall", "clock", two_benchmarks(1)}},
                            info("c4", "2026-11-04")));
}

TEST_P(StoreTest, RefusesAStoreNewerThanThisProgram) {
  {
    HistoryStore store = open();
    ASSERT_TRUE(
        store.connection().exec("INSERT INTO schema_migrations (version, "
                                "applied_at) VALUES (99, 'x')"));
  }
  auto r = HistoryStore::open(db_);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("schema version 99 is newer"),
            std::string::npos)
      << r.error().message;
}

TEST_P(StoreTest, SeriesAreInDateOrderAndFiltered) {
  HistoryStore store = open();
  ASSERT_TRUE(
      store.record(two_benchmarks(3), info("c3", "2026-11-03T00:00:00+01:00")));
  ASSERT_TRUE(store.record(two_benchmarks(1), info("c1", "2026-11-01")));
  ASSERT_TRUE(
      store.record(two_benchmarks(2), info("c2", "2026-11-02T12:00:00Z")));
  ASSERT_TRUE(store.record(two_benchmarks(1), info("c1", "2026-11-01", "m2")));
  auto all = store.load_series(SeriesQuery{});
  ASSERT_TRUE(all.has_value());
  ASSERT_EQ(all->size(), 4u);  // 2 benchmarks x 2 machines
  EXPECT_EQ(all->at(0).benchmark, "fs/a.js n=1");
  EXPECT_EQ(all->at(0).machine, "m1");
  ASSERT_EQ(all->at(0).points.size(), 3u);
  EXPECT_EQ(all->at(0).points[0].commit, "c1");
  EXPECT_EQ(all->at(0).points[1].commit, "c2");
  EXPECT_EQ(all->at(0).points[2].commit, "c3");
  EXPECT_EQ(all->at(0).points[2].date, "2026-11-02T23:00:00Z");
  auto m2 = store.load_series(SeriesQuery{"new", "m2", "b.js n", "wall"});
  ASSERT_TRUE(m2.has_value());
  ASSERT_EQ(m2->size(), 1u);
  EXPECT_EQ(m2->at(0).benchmark, "fs/b.js n=2");
  auto none = store.load_series(SeriesQuery{"new", "", "no such", "wall"});
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->empty());
  EXPECT_FALSE(
      store.load_series(SeriesQuery{"both", "", "", "wall"}).has_value());
}

// The stored date is the series order: across every accepted year, and for
// offsets that move an instant across a day, a month or a year.
TEST_P(StoreTest, SeriesAreInInstantOrderWhateverTheYear) {
  HistoryStore store = open();
  const std::vector<std::pair<std::string, std::string>> recorded = {
      {"y9999", "9999-12-31T23:59:59Z"},
      {"y2026b", "2026-01-01T00:30:00+01:00"},  // 2025-12-31T23:30Z
      {"y0001", "0001-01-01"},
      {"y2026a", "2025-12-31T23:00:00Z"},
      {"y0999", "0999-06-01T12:00:00-12:00"},
      {"y2100", "2100-03-01"},
  };
  for (const auto& [commit, date] : recorded) {
    auto r = store.record(two_benchmarks(1), info(commit, date));
    ASSERT_TRUE(r.has_value()) << date << ": " << r.error().message;
  }
  auto series = store.load_series(SeriesQuery{"new", "", "a.js", "wall"});
  ASSERT_TRUE(series.has_value()) << series.error().message;
  ASSERT_EQ(series->size(), 1u);
  std::vector<std::string> order;
  for (const RunPoint& p : series->at(0).points) order.push_back(p.commit);
  EXPECT_EQ(order, (std::vector<std::string>{"y0001", "y0999", "y2026a",
                                             "y2026b", "y2100", "y9999"}));
  EXPECT_EQ(series->at(0).points.front().date, "0001-01-01T00:00:00Z");
  EXPECT_EQ(series->at(0).points.back().date, "9999-12-31T23:59:59Z");

  // Past 9999 (or before 0001) once in UTC, a date would not sort as the
  // instant it is: refused, and nothing recorded.
  for (const char* outside :
       {"9999-12-31T23:30:00-01:00", "0001-01-01T00:30:00+01:00",
        "9999-12-31T23:59:60Z"}) {
    auto r = store.record(two_benchmarks(1),
                          info(std::string("x") + outside, outside));
    ASSERT_FALSE(r.has_value()) << outside;
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage) << r.error().message;
  }
  EXPECT_EQ(scalar(store, "SELECT COUNT(*) FROM runs"), 6);
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest,
                         ::testing::Values("sqlite", "postgres"),
                         [](const auto& param_info) {
                           return param_info.param;
                         });

TEST(Iso8601, NormalisesToUtc) {
  EXPECT_EQ(normalize_iso8601("2026-11-30").value(), "2026-11-30T00:00:00Z");
  EXPECT_EQ(normalize_iso8601("2026-11-30T02:03:04Z").value(),
            "2026-11-30T02:03:04Z");
  EXPECT_EQ(normalize_iso8601("2026-11-30T02:03").value(),
            "2026-11-30T02:03:00Z");
  EXPECT_EQ(normalize_iso8601("2026-11-30 02:03:04.123456").value(),
            "2026-11-30T02:03:04Z");
  EXPECT_EQ(normalize_iso8601("2026-11-30T01:00:00+02:00").value(),
            "2026-11-29T23:00:00Z");
  EXPECT_EQ(normalize_iso8601("2026-11-30T23:30:00-0100").value(),
            "2026-12-01T00:30:00Z");
  EXPECT_EQ(normalize_iso8601("2024-02-29").value(), "2024-02-29T00:00:00Z");
}

TEST(Iso8601, RejectsWhatIsNotADate) {
  for (const char* bad :
       {"", "yesterday", "30/11/2026", "2026-1-30", "2026-13-01", "2026-02-29",
        "2026-11-31", "2026-11-30T24:00", "2026-11-30T12", "2026-11-30T12:00Zx",
        "2026-11-30T12:00:00+25:00", "2026-11-30T12:00:00."}) {
    auto r = normalize_iso8601(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
    EXPECT_NE(r.error().message.find("is not an ISO 8601 date"),
              std::string::npos);
  }
}

// The store's text order is time order only with four-digit years, in UTC.
TEST(Iso8601, KeepsEveryInstantWithinTheYears1To9999) {
  EXPECT_EQ(normalize_iso8601("0001-01-01T00:00:00Z").value(),
            "0001-01-01T00:00:00Z");
  EXPECT_EQ(normalize_iso8601("9999-12-31T23:59:59Z").value(),
            "9999-12-31T23:59:59Z");
  EXPECT_EQ(normalize_iso8601("0001-01-01T01:00:00+01:00").value(),
            "0001-01-01T00:00:00Z");
  EXPECT_EQ(normalize_iso8601("9999-12-31T22:59:59-01:00").value(),
            "9999-12-31T23:59:59Z");
  for (const char* outside :
       {"0000-01-01", "0000-12-31T23:59:59Z", "0001-01-01T00:59:59+01:00",
        "9999-12-31T23:00:00-01:00", "9999-12-31T23:59:60Z"}) {
    auto r = normalize_iso8601(outside);
    ASSERT_FALSE(r.has_value()) << outside << " -> " << r.value();
    EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
    EXPECT_NE(r.error().message.find("0001 to 9999"), std::string::npos)
        << r.error().message;
  }
}

TEST(HistoryStoreOpen, AMissingDirectoryIsReported) {
  auto r = HistoryStore::open("/nonexistent-fpbench-dir/sub/history.sqlite");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message,
            "/nonexistent-fpbench-dir/sub/history.sqlite: directory "
            "'/nonexistent-fpbench-dir/sub' does not exist");
}

TEST(HistoryStoreOpen, AnUnreachablePostgresIsReported) {
  auto r = HistoryStore::open(
      "postgresql://nobody:secret@127.0.0.1:1/none?connect_timeout=2");
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("cannot connect"), std::string::npos)
      << r.error().message;
  EXPECT_EQ(r.error().message.find("secret"), std::string::npos)
      << r.error().message;
}

}  // namespace
}  // namespace fpbench::history
