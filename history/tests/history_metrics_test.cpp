// The history per metric: fpbench's JSON Lines recorded night by night
// (wall with noise, exact counts of instructions and system calls), then
// detect, report and plot per metric, through the library and the binary.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "cli_support.hpp"
#include "fpbench/history/history_commands.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::history::history_metrics_test {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;
using reports::Binary;
using reports::MetricReading;
using reports::SampleRecord;
using test_support::CliResult;

constexpr int kNights = 60;
constexpr int kStepNight = 37;  // 1-based: the first night with the step
constexpr double kInstructions = 123456.0;
// 0.5% more instructions per operation in read.js from kStepNight on (a
// regression), 0.5% fewer in write.js (an improvement).
constexpr double kStep = 0.005;
const char* const kRead = "fs/read.js size=1024";
const char* const kWrite = "fs/write.js size=1024";

std::string commit_of(int night) { return fmt::format("cafe{:04}", night); }

SampleRecord wall_record(Binary side, const std::string& file, double rate) {
  SampleRecord r{side, file, "size=1024", 1000, "avx2", {}};
  r.metrics.emplace_back("wall", MetricReading{rate, "clock", 1000 / rate, {}});
  return r;
}

SampleRecord count_record(Binary side, const std::string& file,
                          double instructions, const std::string& source) {
  SampleRecord r{side, file, "size=1024", 10, "avx2", {}};
  r.metrics.emplace_back("instructions",
                         MetricReading{instructions, source, std::nullopt, {}});
  r.metrics.emplace_back(
      "syscalls",
      MetricReading{
          3, "tracepoint", std::nullopt, {{"openat", 1}, {"read", 2}}});
  return r;
}

// One night's JSON Lines: 5 timed samples per side and benchmark, 3 counted,
// the counts identical within the night (zero variance) and from night to
// night but for the step.
std::string night_jsonl(int night, std::mt19937& rng, const std::string& source,
                        double scale = 1) {
  std::normal_distribution<double> noise(1.0, 0.01);
  std::string out;
  for (const Binary side : {Binary::kOld, Binary::kNew}) {
    for (int i = 0; i < 5; ++i) {
      out += reports::sample_jsonl_line(
          wall_record(side, "fs/read.js", 2000 * noise(rng)));
      out += reports::sample_jsonl_line(
          wall_record(side, "fs/write.js", 800 * noise(rng)));
    }
    const bool stepped = side == Binary::kNew && night >= kStepNight;
    for (int i = 0; i < 3; ++i) {
      out += reports::sample_jsonl_line(count_record(
          side, "fs/read.js", scale * kInstructions * (stepped ? 1 + kStep : 1),
          source));
      out += reports::sample_jsonl_line(count_record(
          side, "fs/write.js",
          scale * 2 * kInstructions * (stepped ? 1 - kStep : 1), source));
    }
  }
  return out;
}

class HistoryMetrics : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() /
           ("fpbench-history-metrics-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    db_ = (dir_ / "history.sqlite").string();
    std::mt19937 rng(20261201);
    for (int night = 1; night <= kNights; ++night) {
      const fs::path file = dir_ / "night.jsonl";
      std::ofstream(file) << night_jsonl(night, rng, "pmu");
      auto r = history_record(
          RecordOptions{file.string(), db_, commit_of(night),
                        fmt::format("2026-{:02}-{:02}T02:00:00Z",
                                    1 + (night - 1) / 28, 1 + (night - 1) % 28),
                        "nightly"});
      ASSERT_TRUE(r.has_value()) << r.error().message;
      if (night == 1) first_record_ = r->text;
    }
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static SeriesOptions series(const std::string& metric) {
    SeriesOptions o;
    o.db = db_;
    o.metric = metric;
    return o;
  }

  static const SeriesAnalysis& find(const std::vector<SeriesAnalysis>& all,
                                    const std::string& benchmark,
                                    const std::string& metric) {
    for (const auto& a : all) {
      if (a.series.benchmark == benchmark && a.series.metric == metric)
        return a;
    }
    ADD_FAILURE() << "no series " << benchmark << " " << metric;
    return all.front();
  }

  CliResult cli(const std::string& args) {
    return test_support::run_fpbench(args, dir_);
  }

  static fs::path dir_;
  static std::string db_;
  static std::string first_record_;
};

fs::path HistoryMetrics::dir_;
std::string HistoryMetrics::db_;
std::string HistoryMetrics::first_record_;

TEST_F(HistoryMetrics, RecordStoresEveryMetricWithItsSource) {
  EXPECT_NE(first_record_.find(": 2 benchmarks, 68 samples, new run\n"),
            std::string::npos)
      << first_record_;
  EXPECT_NE(
      first_record_.find(
          "metrics: wall (clock), instructions (pmu), syscalls (tracepoint); "
          "2 system calls by name\n"),
      std::string::npos)
      << first_record_;
  auto store = HistoryStore::open(db_);
  ASSERT_TRUE(store.has_value());
  auto openat =
      store->load_series(SeriesQuery{"new", "", "read.js", "syscalls:openat"});
  ASSERT_TRUE(openat.has_value()) << openat.error().message;
  ASSERT_EQ(openat->size(), 1u);
  EXPECT_EQ(openat->at(0).source, "tracepoint");
  EXPECT_EQ(openat->at(0).points.size(), static_cast<std::size_t>(kNights));
  EXPECT_DOUBLE_EQ(openat->at(0).points.at(0).mean, 1.0);
  EXPECT_DOUBLE_EQ(openat->at(0).points.at(0).variance, 0.0);
}

// Exact counts: every night's mean is the same number, each segment has no
// variance at all, and the 0.5% step must still be found at its night.
TEST_F(HistoryMetrics, FindsAHalfPercentInstructionStepAtExactlyItsCommit) {
  auto store = HistoryStore::open(db_);
  ASSERT_TRUE(store.has_value());
  auto analyses = analyse_history(*store, series("instructions"), "");
  ASSERT_TRUE(analyses.has_value()) << analyses.error().message;
  ASSERT_EQ(analyses->size(), 2u);
  const SeriesAnalysis& read = find(*analyses, kRead, "instructions");
  EXPECT_EQ(read.series.source, "pmu");
  EXPECT_TRUE(read.series.lower_is_better);
  ASSERT_EQ(read.series.points.size(), static_cast<std::size_t>(kNights));
  EXPECT_DOUBLE_EQ(read.series.points.front().variance, 0.0);
  ASSERT_EQ(read.changes.size(), 1u);
  const DetectedChange& up = read.changes[0];
  EXPECT_EQ(up.commit, commit_of(kStepNight));
  EXPECT_EQ(up.index, static_cast<std::size_t>(kStepNight - 1));
  EXPECT_TRUE(up.regression) << "more instructions per operation is worse";
  EXPECT_NEAR(up.magnitude_pct, 100 * kStep, 1e-9);
  EXPECT_EQ(up.p_value, 0.0);

  const SeriesAnalysis& write = find(*analyses, kWrite, "instructions");
  ASSERT_EQ(write.changes.size(), 1u);
  EXPECT_EQ(write.changes[0].commit, commit_of(kStepNight));
  EXPECT_FALSE(write.changes[0].regression)
      << "fewer instructions per operation is better";
  EXPECT_NEAR(write.changes[0].magnitude_pct, -100 * kStep, 1e-9);

  // The old side (the control) and the unchanged counts have none.
  SeriesOptions old_side = series("instructions");
  old_side.side = "old";
  for (const SeriesOptions& flat : {old_side, series("syscalls")}) {
    auto none = analyse_history(*store, flat, "");
    ASSERT_TRUE(none.has_value()) << none.error().message;
    EXPECT_EQ(none->size(), 2u);
    for (const auto& a : *none)
      EXPECT_TRUE(a.changes.empty()) << a.series.benchmark;
  }
}

TEST_F(HistoryMetrics, DetectPerMetricAndAll) {
  const int from_step = kNights - kStepNight + 1;
  DetectOptions o;
  o.series = series("instructions");
  o.since = std::to_string(from_step);
  auto covers = history_detect(o);
  ASSERT_TRUE(covers.has_value()) << covers.error().message;
  EXPECT_EQ(covers->exit_code, kExitRegression);
  EXPECT_NE(
      covers->text.find(
          "instructions (pmu): instructions per operation, lower is better"),
      std::string::npos)
      << covers->text;
  EXPECT_NE(covers->text.find("REGRESSION  at run 37 commit cafe0037"),
            std::string::npos)
      << covers->text;
  EXPECT_NE(covers->text.find("improvement at run 37 commit cafe0037"),
            std::string::npos)
      << covers->text;
  o.since = std::to_string(from_step - 1);
  EXPECT_EQ(history_detect(o)->exit_code, kExitOk);

  // Wall has no step: alone it passes, with every metric it does not.
  o.since = std::to_string(from_step);
  o.series.metric = "wall";
  EXPECT_EQ(history_detect(o)->exit_code, kExitOk);
  o.series.metric = "all";
  o.format = "json";
  auto all = history_detect(o);
  ASSERT_TRUE(all.has_value()) << all.error().message;
  EXPECT_EQ(all->exit_code, kExitRegression);
  const auto j = nlohmann::json::parse(all->text);
  EXPECT_EQ(j.at("metric"), "all");
  EXPECT_EQ(j.at("regressions_in_selected_runs"), 1);
  // 2 benchmarks x (wall, instructions, syscalls, syscalls:openat,
  // syscalls:read)
  ASSERT_EQ(j.at("series").size(), 10u);
  for (const auto& s : j.at("series")) {
    EXPECT_EQ(s.at("lower_is_better"), s.at("metric") != "wall");
    EXPECT_EQ(s.at("change_points").empty(), s.at("metric") != "instructions")
        << s.at("metric");
  }
}

TEST_F(HistoryMetrics, AnotherSourceIsAnotherSeries) {
  // The same machine counting under callgrind from now on: its counts are
  // 3% higher than the PMU's, which mixed into one series would be a step.
  const std::string db = (dir_ / "sources.sqlite").string();
  std::mt19937 rng(7);
  for (int night = 1; night <= 30; ++night) {
    const fs::path file = dir_ / "source-night.jsonl";
    std::ofstream(file) << (night <= 20
                                ? night_jsonl(1, rng, "pmu")
                                : night_jsonl(1, rng, "valgrind", 1.03));
    RecordOptions record{file.string(), db, commit_of(night),
                         fmt::format("2026-03-{:02}", night), "nightly"};
    // A counter source that changes is a changed machine, said so once.
    record.new_machine_class = night == 21;
    auto recorded = history_record(record);
    ASSERT_TRUE(recorded.has_value()) << recorded.error().message;
  }
  SeriesOptions o;
  o.db = db;
  o.metric = "instructions";
  o.filters = {"read.js"};
  auto store = HistoryStore::open(db);
  ASSERT_TRUE(store.has_value());
  auto analyses = analyse_history(*store, o, "");
  ASSERT_TRUE(analyses.has_value()) << analyses.error().message;
  ASSERT_EQ(analyses->size(), 2u);
  EXPECT_EQ(analyses->at(0).series.source, "pmu");
  EXPECT_EQ(analyses->at(0).series.points.size(), 20u);
  EXPECT_EQ(analyses->at(1).series.source, "valgrind");
  EXPECT_EQ(analyses->at(1).series.points.size(), 10u);
  EXPECT_TRUE(analyses->at(0).changes.empty());
  EXPECT_TRUE(analyses->at(1).changes.empty());
}

TEST_F(HistoryMetrics, ReportAndPlotLabelTheMetricAndItsDirection) {
  ReportOptions r;
  r.series = series("instructions");
  auto md = history_report(r);
  ASSERT_TRUE(md.has_value()) << md.error().message;
  EXPECT_NE(
      md->text.find(
          "metric instructions: mean instructions per operation, lower is "
          "better"),
      std::string::npos)
      << md->text;
  EXPECT_NE(md->text.find("| fs/read.js size=1024 | nightly | pmu | 60 |"),
            std::string::npos)
      << md->text;
  EXPECT_NE(md->text.find("+0.50% REGRESSION"), std::string::npos) << md->text;
  r.format = "json";
  const auto j = nlohmann::json::parse(history_report(r)->text);
  EXPECT_EQ(j.at("metric"), "instructions");
  EXPECT_EQ(j.at("benchmarks").at(0).at("source"), "pmu");
  EXPECT_EQ(j.at("benchmarks").at(0).at("lower_is_better"), true);

  auto plot = history_plot_json(series("syscalls"));
  ASSERT_TRUE(plot.has_value()) << plot.error().message;
  const auto p = nlohmann::json::parse(*plot);
  EXPECT_EQ(p.at("metric"), "syscalls per op (tracepoint), lower is better");
  EXPECT_EQ(p.at("series").size(), 2u);
  EXPECT_EQ(p.at("series").at(0).at("metric"), "syscalls");
}

TEST_F(HistoryMetrics, CliMetricOption) {
  const std::string db = " --db '" + db_ + "'";
  CliResult covers =
      cli("history detect" + db + " --metric instructions --since 24");
  EXPECT_EQ(covers.exit_code, 1) << covers.err;
  EXPECT_NE(covers.out.find("REGRESSION"), std::string::npos) << covers.out;
  CliResult md = cli("history detect" + db +
                     " --metric instructions --since 24 --format markdown");
  EXPECT_NE(md.out.find("| instructions \\(pmu\\), lower is better | 37 |"),
            std::string::npos)
      << md.out;
  EXPECT_EQ(cli("history detect" + db + " --since 24").exit_code, 0);
  EXPECT_EQ(cli("history detect" + db + " --metric all --since 24").exit_code,
            1);
  EXPECT_EQ(cli("history detect" + db + " --metric syscalls:openat --since 24")
                .exit_code,
            0);

  CliResult unknown = cli("history detect" + db + " --metric bogus");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("unknown metric 'bogus'"), std::string::npos)
      << unknown.err;
  EXPECT_EQ(cli("history report" + db + " --metric all").exit_code, 2);
  CliResult absent = cli("history detect" + db + " --metric cpu");
  EXPECT_EQ(absent.exit_code, 2);
  EXPECT_NE(absent.err.find("matches --metric 'cpu'"), std::string::npos)
      << absent.err;
}

// A count that starts at 0 (no page faults) and then rises has no
// percentage: every output says so in words, never +inf% or -nan%.
TEST_F(HistoryMetrics, AChangeFromACountOfZeroIsSaidInWordsInEveryOutput) {
  const std::string db = (dir_ / "faults.sqlite").string();
  for (int night = 1; night <= 16; ++night) {
    std::string jsonl;
    for (const Binary side : {Binary::kOld, Binary::kNew}) {
      for (int i = 0; i < 3; ++i) {
        SampleRecord r = wall_record(side, "fs/read.js", 2000 + i);
        r.metrics.emplace_back(
            "faults", MetricReading{night > 8 ? 3.0 : 0.0, "rusage", {}, {}});
        jsonl += reports::sample_jsonl_line(r);
      }
    }
    const fs::path file = dir_ / "faults.jsonl";
    std::ofstream(file) << jsonl;
    auto r = history_record(RecordOptions{
        file.string(), db, commit_of(night),
        fmt::format("2026-05-{:02}T02:00:00Z", night), "nightly"});
    ASSERT_TRUE(r.has_value()) << r.error().message;
  }
  for (const std::string command :
       {"detect", "detect --format markdown", "detect --format json", "report",
        "report --format json"}) {
    const CliResult r =
        cli("history " + command + " --db '" + db + "' --metric faults");
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    // JSON carries the number itself: null.
    const bool json = command.find("json") != std::string::npos;
    EXPECT_NE(r.out.find(json ? "_pct\": null" : "undefined (old mean is 0)"),
              std::string::npos)
        << command << ": " << r.out;
    for (const char* bad :
         {"inf%", "nan%", "inf %", "nan %", "Infinity", "NaN"}) {
      EXPECT_EQ(r.out.find(bad), std::string::npos)
          << command << ": " << bad << " in " << r.out;
    }
  }
}

}  // namespace
}  // namespace fpbench::history::history_metrics_test
