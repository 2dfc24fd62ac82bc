// The history commands on a synthetic 100-night history, through the
// library functions and through the fpbench binary (exit codes, messages).

#include "fpbench/history/history_commands.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "cli_support.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"

namespace fpbench::history {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::plotting_python_available;
using fpbench::test_support::slurp;
using reports::Binary;
using test_support::CliResult;

constexpr int kNights = 100;
constexpr int kStepNight = 57;  // 1-based: the first night 5% slower
const char* const kStepped = "fs/read.js size=1024";

std::string commit_of(int night) { return fmt::format("deadbeef{:03}", night); }

class HistoryCommands : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() /
           ("fpbench-history-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "history.sqlite").string();
    auto store = HistoryStore::open(db_);
    ASSERT_TRUE(store.has_value()) << store.error().message;
    // Two benchmarks with 1% noise per sample; fs/read.js drops 5% at night 57.
    std::mt19937 rng(20261130);
    std::normal_distribution<double> noise(1.0, 0.01);
    for (int night = 1; night <= kNights; ++night) {
      reports::SampleSet samples;
      for (int i = 0; i < 5; ++i) {
        const double step = night >= kStepNight ? 0.95 : 1.0;
        samples.add(Binary::kOld, "fs/read.js", "size=1024", 1000 * noise(rng));
        samples.add(Binary::kNew, "fs/read.js", "size=1024",
                    2000 * step * noise(rng));
        samples.add(Binary::kOld, "fs/write.js", "size=1024", 500 * noise(rng));
        samples.add(Binary::kNew, "fs/write.js", "size=1024", 800 * noise(rng));
      }
      auto r =
          store->record(samples, RecordInfo{commit_of(night),
                                            fmt::format("2026-01-01T02:00:00Z"),
                                            "nightly", "night.csv"});
      ASSERT_TRUE(r.has_value()) << r.error().message;
      // Same date every night: the order is the order of recording.
    }
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static DetectOptions detect(const std::string& since) {
    DetectOptions o;
    o.series.db = db_;
    o.since = since;
    return o;
  }

  CliResult cli(const std::string& args) {
    return test_support::run_fpbench(args, dir_);
  }

  static fs::path dir_;
  static std::string db_;
};

fs::path HistoryCommands::dir_;
std::string HistoryCommands::db_;

TEST_F(HistoryCommands, FindsTheStepAtExactlyItsCommit) {
  auto store = HistoryStore::open(db_);
  ASSERT_TRUE(store.has_value());
  auto analyses = analyse_history(*store, detect("").series, "");
  ASSERT_TRUE(analyses.has_value()) << analyses.error().message;
  ASSERT_EQ(analyses->size(), 2u);
  const SeriesAnalysis& read = analyses->at(0);
  EXPECT_EQ(read.series.benchmark, kStepped);
  ASSERT_EQ(read.series.points.size(), static_cast<std::size_t>(kNights));
  ASSERT_EQ(read.changes.size(), 1u);
  const DetectedChange& c = read.changes[0];
  EXPECT_EQ(c.commit, commit_of(kStepNight));
  EXPECT_EQ(c.index, static_cast<std::size_t>(kStepNight - 1));
  EXPECT_TRUE(c.regression);
  EXPECT_NEAR(c.magnitude_pct, -5.0, 0.5);
  EXPECT_LE(c.p_value, 0.001);
  EXPECT_TRUE(analyses->at(1).changes.empty()) << "fs/write.js is flat";
}

TEST_F(HistoryCommands, ExitsOneOnlyWhenSinceCoversTheRegression) {
  const int from_step = kNights - kStepNight + 1;  // 44 runs: nights 57..100
  auto covers = history_detect(detect(std::to_string(from_step)));
  ASSERT_TRUE(covers.has_value()) << covers.error().message;
  EXPECT_EQ(covers->exit_code, kExitRegression);
  EXPECT_NE(covers->text.find("REGRESSION"), std::string::npos) << covers->text;
  EXPECT_NE(covers->text.find(commit_of(kStepNight)), std::string::npos)
      << covers->text;

  auto misses = history_detect(detect(std::to_string(from_step - 1)));
  ASSERT_TRUE(misses.has_value());
  EXPECT_EQ(misses->exit_code, kExitOk);
  EXPECT_EQ(history_detect(detect(""))->exit_code, kExitOk);
  EXPECT_EQ(history_detect(detect(commit_of(kStepNight)))->exit_code,
            kExitRegression);
  EXPECT_EQ(history_detect(detect(commit_of(kStepNight - 20)))->exit_code,
            kExitRegression);
  EXPECT_EQ(history_detect(detect(commit_of(kStepNight + 1)))->exit_code,
            kExitOk);

  // The old side (the control) did not move.
  DetectOptions old_side = detect("100");
  old_side.series.side = "old";
  EXPECT_EQ(history_detect(old_side)->exit_code, kExitOk);
  // A larger --min-magnitude hides the 5% step.
  DetectOptions big = detect("100");
  big.series.min_magnitude_pct = 8;
  EXPECT_EQ(history_detect(big)->exit_code, kExitOk);
}

TEST_F(HistoryCommands, CliExitCodes) {
  const std::string db = " --db '" + db_ + "'";
  CliResult covers = cli("history detect" + db + " --since 44");
  EXPECT_EQ(covers.exit_code, 1) << covers.err;
  EXPECT_NE(covers.out.find("REGRESSION"), std::string::npos) << covers.out;
  CliResult misses =
      cli("history detect" + db + " --since 43 --format markdown");
  EXPECT_EQ(misses.exit_code, 0) << misses.err;
  EXPECT_NE(misses.out.find("| fs/read.js size=1024 |"), std::string::npos)
      << misses.out;

  CliResult unknown = cli("history detect" + db + " --since cafe1234");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("no recorded run of commit 'cafe1234'"),
            std::string::npos)
      << unknown.err;
  EXPECT_EQ(cli("history detect" + db + " --side both").exit_code, 2);
  // 44 runs on the new level: a change point there needs --min-segment <= 44.
  EXPECT_EQ(
      cli("history detect" + db + " --since 44 --min-segment 10").exit_code, 1);
  EXPECT_EQ(
      cli("history detect" + db + " --since 44 --min-segment 45").exit_code, 0);
  CliResult too_small = cli("history report" + db + " --min-segment 1");
  EXPECT_EQ(too_small.exit_code, 2);
  EXPECT_NE(too_small.err.find("--min-segment must be at least 2"),
            std::string::npos)
      << too_small.err;
  EXPECT_EQ(cli("history detect" + db + " --format yaml").exit_code, 2);
}

TEST_F(HistoryCommands, AStoreThatCannotBeReachedIsAFailureNotAUsageError) {
  // Port 1 on the loopback: nothing listens, the connection is refused.
  CliResult refused =
      cli("history detect --db "
          "'postgresql://fpbench@127.0.0.1:1/none?connect_timeout=5'");
  EXPECT_EQ(refused.exit_code, 3) << refused.err;
  EXPECT_NE(refused.err.find("cannot connect"), std::string::npos)
      << refused.err;
}

TEST_F(HistoryCommands, ReadingCommandsRefuseAMissingStoreAndAnEmptySelection) {
  DetectOptions missing = detect("");
  missing.series.db = (dir_ / "typo.sqlite").string();
  auto r = history_detect(missing);
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("typo.sqlite: no such history store"),
            std::string::npos)
      << r.error().message;
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_FALSE(fs::exists(dir_ / "typo.sqlite"));

  DetectOptions nothing = detect("");
  nothing.series.filters = {"no-such-benchmark"};
  auto n = history_detect(nothing);
  ASSERT_FALSE(n.has_value());
  EXPECT_NE(n.error().message.find("matches --filter 'no-such-benchmark'"),
            std::string::npos)
      << n.error().message;
  EXPECT_EQ(
      cli("history detect --db '" + db_ + "' --machine elsewhere").exit_code,
      2);
}

TEST_F(HistoryCommands, DetectJson) {
  DetectOptions o = detect("44");
  o.format = "json";
  auto out = history_detect(o);
  ASSERT_TRUE(out.has_value());
  const auto j = nlohmann::json::parse(out->text);
  EXPECT_EQ(j.at("regressions_in_selected_runs"), 1);
  EXPECT_EQ(j.at("min_segment"), 4);
  EXPECT_EQ(j.at("series").size(), 2u);
  const auto& cp = j.at("series").at(0).at("change_points").at(0);
  EXPECT_EQ(cp.at("commit"), commit_of(kStepNight));
  EXPECT_EQ(cp.at("last_good_commit"), commit_of(kStepNight - 1));
  EXPECT_EQ(cp.at("selected"), true);
  EXPECT_EQ(cp.at("regression"), true);
}

TEST_F(HistoryCommands, ReportJsonShape) {
  ReportOptions o;
  o.series.db = db_;
  o.format = "json";
  auto out = history_report(o);
  ASSERT_TRUE(out.has_value()) << out.error().message;
  EXPECT_EQ(out->exit_code, 0);
  const auto j = nlohmann::json::parse(out->text);
  EXPECT_EQ(j.at("last_runs"), "all");
  ASSERT_EQ(j.at("benchmarks").size(), 2u);
  const auto& read = j.at("benchmarks").at(0);
  for (const char* key :
       {"benchmark", "machine", "side", "runs", "latest", "previous",
        "change_vs_previous_pct", "last_change_point",
        "change_vs_before_last_change_point_pct", "change_points"}) {
    EXPECT_TRUE(read.contains(key)) << key;
  }
  EXPECT_EQ(read.at("benchmark"), kStepped);
  EXPECT_EQ(read.at("machine"), "nightly");
  EXPECT_EQ(read.at("runs"), kNights);
  EXPECT_EQ(read.at("latest").at("commit"), commit_of(kNights));
  EXPECT_EQ(read.at("previous").at("commit"), commit_of(kNights - 1));
  EXPECT_EQ(read.at("last_change_point").at("commit"), commit_of(kStepNight));
  EXPECT_NEAR(read.at("change_vs_before_last_change_point_pct").get<double>(),
              -5.0, 1.5);
  const auto& write = j.at("benchmarks").at(1);
  EXPECT_TRUE(write.at("last_change_point").is_null());
  EXPECT_TRUE(write.at("change_vs_before_last_change_point_pct").is_null());

  o.last = 10;  // the step is 44 runs back
  const auto recent = nlohmann::json::parse(history_report(o)->text);
  EXPECT_EQ(recent.at("last_runs"), 10);
  EXPECT_TRUE(recent.at("benchmarks").at(0).at("change_points").empty());

  o.format = "markdown";
  o.last = 0;
  auto md = history_report(o);
  ASSERT_TRUE(md.has_value());
  EXPECT_NE(md->text.find("| fs/read.js size=1024 | nightly | clock | 100 |"),
            std::string::npos)
      << md->text;
  EXPECT_NE(md->text.find("metric wall: mean ops/s, higher is better"),
            std::string::npos)
      << md->text;
}

// --last is a number of runs however large (passed on as a --since, 7
// digits became a commit prefix); what is not a count of runs is refused.
TEST_F(HistoryCommands, ReportLastCountsRunsAndRefusesWhatIsNoCount) {
  const std::string db = " --db '" + db_ + "' --format json";
  auto step_listed = [&](const std::string& last) {
    const CliResult r = cli("history report" + db + " --last " + last);
    EXPECT_EQ(r.exit_code, 0) << "--last " << last << ": " << r.err;
    if (r.exit_code != 0) return false;
    const auto report = nlohmann::json::parse(r.out);
    const auto& read = report.at("benchmarks").at(0);
    EXPECT_EQ(read.at("benchmark"), kStepped);
    return !read.at("change_points").empty();
  };
  const int from_step = kNights - kStepNight + 1;  // the step is 44 runs back
  EXPECT_TRUE(step_listed(std::to_string(from_step)));
  EXPECT_FALSE(step_listed(std::to_string(from_step - 1)));
  EXPECT_TRUE(step_listed("1000000"));
  EXPECT_TRUE(step_listed("123456789012"));

  for (const char* bad :
       {"-1", "0", "1.5", "+3", "many", "''", "99999999999999999999999"}) {
    const CliResult r = cli("history report" + db + " --last " + bad);
    EXPECT_EQ(r.exit_code, 2) << "--last " << bad << ": " << r.out;
    EXPECT_EQ(r.err.rfind("fpbench: error: --last", 0), 0u)
        << "--last " << bad << ": " << r.err;
  }
}

// An empty --date or --machine would quietly mean now or every machine; a
// date outside the years 0001 to 9999 would not sort as the instant it is.
TEST_F(HistoryCommands, EmptyFlagsAndDatesOutsideFourDigitYearsAreRefused) {
  const fs::path csv = dir_ / "one.csv";
  std::ofstream(csv)
      << "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
         "\"new\",\"fs/x.js\",\"n=1\",200,0.005\n";
  const std::string fresh = (dir_ / "refused.sqlite").string();
  const std::string record =
      "history record '" + csv.string() + "' --db '" + fresh + "' --commit c1";
  for (const std::string& args :
       {record + " --date ''", record + " --machine ''",
        record + " --machine ' '", record + " --date 0000-06-01",
        record + " --date 10000-01-01",
        record + " --date 9999-12-31T23:30:00-01:00",
        record + " --date 0001-01-01T00:30:00+01:00",
        "history detect --db '" + db_ + "' --machine ''",
        "history report --db '" + db_ + "' --machine ''",
        "history detect --db '" + db_ + "' --filter ''",
        "history html --db '" + db_ + "' --machine '' '" +
            (dir_ / "site").string() + "'",
        // CLI11 alone would wrap these into huge unsigned values.
        "history detect --db '" + db_ + "' --window -1",
        "history report --db '" + db_ + "' --min-segment -1",
        "history detect --db '" + db_ + "' --window 18446744073709551617",
        "history html --db '" + db_ + "' --window -1 '" +
            (dir_ / "site").string() + "'"}) {
    const CliResult r = cli(args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.out;
    EXPECT_EQ(r.err.rfind("fpbench: error: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_NE(cli(record + " --date ''").err.find("--date: empty value"),
            std::string::npos);
  // The old spelling is refused by its own name, after its note.
  const CliResult old = cli("history detect --db '" + db_ + "' --benchmark ''");
  EXPECT_EQ(old.exit_code, 2);
  EXPECT_NE(old.err.find("\nfpbench: error: --benchmark: empty value"),
            std::string::npos)
      << old.err;
  EXPECT_NE(cli(record + " --machine ' '").err.find("--machine: blank value"),
            std::string::npos);
  EXPECT_NE(cli(record + " --date 0000-06-01").err.find("0001 to 9999"),
            std::string::npos);
  EXPECT_NE(
      cli("history detect --db '" + db_ + "' --window -1")
          .err.find("--window: expected a whole number of 0 or more, not '-1'"),
      std::string::npos);
  EXPECT_FALSE(fs::exists(fresh)) << "a refused record created the store";
}

TEST_F(HistoryCommands, PlotJsonShape) {
  SeriesOptions o;
  o.db = db_;
  o.filters = {"read.js"};
  auto text = history_plot_json(o);
  ASSERT_TRUE(text.has_value()) << text.error().message;
  const auto j = nlohmann::json::parse(*text);
  EXPECT_EQ(j.at("metric"), "rate_ops_per_s");
  ASSERT_EQ(j.at("series").size(), 1u);
  const auto& s = j.at("series").at(0);
  EXPECT_EQ(s.size(), 9u);
  EXPECT_EQ(s.at("benchmark"), kStepped);
  EXPECT_EQ(s.at("metric"), "wall");
  EXPECT_EQ(s.at("source"), "clock");
  EXPECT_EQ(s.at("lower_is_better"), false);
  EXPECT_EQ(s.at("machine"), "nightly");
  EXPECT_EQ(s.at("side"), "new");
  ASSERT_EQ(s.at("points").size(), static_cast<std::size_t>(kNights));
  const auto& p = s.at("points").at(0);
  EXPECT_EQ(p.size(), 7u);
  for (const char* key :
       {"commit", "date", "n", "mean", "median", "min", "max"}) {
    EXPECT_TRUE(p.contains(key)) << key;
  }
  EXPECT_EQ(p.at("n"), 5);
  ASSERT_EQ(s.at("change_points").size(), 1u);
  const auto& c = s.at("change_points").at(0);
  EXPECT_EQ(c.size(), 9u);
  for (const char* key :
       {"index", "commit", "date", "mean_before", "mean_after", "magnitude_pct",
        "p_value", "regression", "last_good_commit"}) {
    EXPECT_TRUE(c.contains(key)) << key;
  }
  EXPECT_EQ(c.at("index"), kStepNight - 1);

  const CliResult plot =
      cli("history plot --db '" + db_ + "' --filter read.js '" +
          (dir_ / "h.png").string() + "'");
  EXPECT_EQ(nlohmann::json::parse(slurp(dir_ / "h.json")), j);
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib to draw the PNG");
  EXPECT_EQ(plot.exit_code, 0) << plot.err;
  EXPECT_EQ(slurp(dir_ / "h.png").substr(0, 8), "\x89PNG\r\n\x1a\n");
}

TEST_F(HistoryCommands,
       SelectsByFilterAndExcludeAndTakesTheOldSpellingWithANote) {
  const std::string db = " --db '" + db_ + "'";
  const std::string detect = "history detect --format json" + db;
  const auto series = [](const CliResult& r) {
    return nlohmann::json::parse(r.out).at("series").size();
  };
  const CliResult all = cli(detect);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const CliResult kept = cli(detect + " --filter read.js");
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(series(kept), 1u);
  const CliResult dropped = cli(detect + " --exclude read.js");
  ASSERT_EQ(dropped.exit_code, 0) << dropped.err;
  EXPECT_EQ(series(dropped), series(all) - 1);
  EXPECT_EQ(dropped.err, "");

  const CliResult old = cli(detect + " --benchmark read.js");
  EXPECT_EQ(old.exit_code, 0) << old.err;
  EXPECT_EQ(old.out, kept.out);
  EXPECT_EQ(old.err,
            "fpbench: note: --benchmark is now --filter; --benchmark goes in "
            "the next release\n");
  EXPECT_EQ(cli("history detect --help").out.find("--benchmark"),
            std::string::npos);

  const CliResult md = cli("history detect --format md" + db);
  EXPECT_EQ(md.exit_code, 0) << md.err;
  EXPECT_EQ(md.out, cli("history detect --format markdown" + db).out);
  const CliResult bad = cli("history detect --format csv" + db);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown format 'csv': expected text, markdown (or "
                         "md) or json"),
            std::string::npos)
      << bad.err;
}

TEST_F(HistoryCommands, PlotWritesExactlyThePathItReportsAndRefusesADirectory) {
  fs::create_directories(dir_ / "pictures");
  const std::string folder = (dir_ / "pictures").string();
  const CliResult refused =
      cli("history plot --db '" + db_ + "' --filter read.js '" + folder + "'");
  EXPECT_EQ(refused.exit_code, 3) << refused.err;
  EXPECT_NE(refused.err.find("cannot draw '" + folder + "': it is a directory"),
            std::string::npos)
      << refused.err;
  EXPECT_TRUE(fs::is_empty(dir_ / "pictures"));
  EXPECT_FALSE(fs::exists(folder + ".png"));
  EXPECT_FALSE(fs::exists(folder + ".json"));

  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib to draw the PNG");
  const fs::path bare = dir_ / "trend";
  const CliResult plot = cli("history plot --db '" + db_ +
                             "' --filter read.js '" + bare.string() + "'");
  EXPECT_EQ(plot.exit_code, 0) << plot.err;
  EXPECT_EQ(plot.out, "wrote " + bare.string() +
                          " (its data: " + bare.string() + ".json)\n");
  EXPECT_EQ(slurp(bare).substr(0, 8), "\x89PNG\r\n\x1a\n");
  EXPECT_FALSE(fs::exists(bare.string() + ".png"));
}

TEST_F(HistoryCommands, CliRecordReportsNewThenReplaced) {
  const fs::path csv = dir_ / "night.csv";
  std::ofstream(csv)
      << "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
         "\"old\",\"fs/x.js\",\"n=1\",100,0.01\n"
         "\"new\",\"fs/x.js\",\"n=1\",200,0.005\n";
  const std::string db = (dir_ / "cli.sqlite").string();
  const std::string args = "history record '" + csv.string() + "' --db '" + db +
                           "' --commit abc1234";
  CliResult first = cli(args + " --date 2026-11-30 --machine ci-1");
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out.substr(0, first.out.find('\n') + 1),
            "recorded run 1 (commit abc1234, machine ci-1, "
            "2026-11-30T00:00:00Z): 1 benchmarks, "
            "2 samples, new run\n");
  EXPECT_NE(first.out.find("\nmachine class "), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("(fingerprint from this host; no --context)\n"),
            std::string::npos);
  CliResult again = cli(args + " --date 2026-11-30 --machine ci-1");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("recorded run 1 "), std::string::npos);
  EXPECT_NE(again.out.find("replaced the earlier recording"), std::string::npos)
      << again.out;

  CliResult bad_date = cli(args + " --date 30/11/2026");
  EXPECT_EQ(bad_date.exit_code, 2);
  EXPECT_NE(bad_date.err.find(
                "fpbench: error: --date '30/11/2026' is not an ISO 8601 date"),
            std::string::npos)
      << bad_date.err;

  CliResult no_dir = cli(
      "history record '" + csv.string() +
      "' --db /nonexistent-fpbench/h.sqlite --commit abc --date 2026-11-30");
  EXPECT_EQ(no_dir.exit_code,
            3);  // a store that cannot be written, like any output
  EXPECT_NE(no_dir.err.find("directory '/nonexistent-fpbench' does not exist"),
            std::string::npos)
      << no_dir.err;

  const fs::path broken = dir_ / "broken.csv";
  std::ofstream(broken)
      << "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
         "\"new\",\"fs/x.js\",\"n=1\",abc,0.005\n";
  CliResult bad_csv = cli("history record '" + broken.string() + "' --db '" +
                          db + "' --commit zzz --date 2026-12-01");
  EXPECT_EQ(bad_csv.exit_code, 2);
  EXPECT_NE(bad_csv.err.find("broken.csv:2"), std::string::npos) << bad_csv.err;
}

}  // namespace
}  // namespace fpbench::history
