// The runner over a fake sample source: the schedule, resume, more rounds
// and parallel passes, with no process started.

#include "fpbench/harness/runner.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using reports::Binary;
using reports::MetricReading;
using reports::SampleRecord;

// Jobs "s/x n=1"... each measured as one benchmark with a constant value;
// or, with `configs`, a job named like a script reporting every config.
class FakeSource : public SampleSource {
 public:
  FakeSource(std::vector<std::string> jobs, double value,
             std::vector<std::string> configs = {})
      : jobs_(std::move(jobs)), value_(value), configs_(std::move(configs)) {}

  [[nodiscard]] std::string describe() const override { return "fake"; }
  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    return jobs_;
  }
  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    if (configs_.empty())
      return SampleSource::owns(job, filename, configuration);
    return job == filename;
  }
  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions&) const override {
    {
      const std::lock_guard lock(mutex_);
      ++calls_[job];
      if (job == fail_job_) return benchmark_error("exit status 3");
    }
    Measurements out;
    const std::vector<std::string> configs =
        configs_.empty()
            ? std::vector<std::string>{job.substr(job.find(' ') + 1)}
            : configs_;
    for (const std::string& c : configs) {
      SampleRecord r;
      r.filename = configs_.empty() ? job.substr(0, job.find(' ')) : job;
      r.configuration = c;
      r.metrics.emplace_back(metric_, MetricReading{value_, "clock", 0.1, {}});
      r.outcomes = outcomes_;
      out.push_back(std::move(r));
    }
    return out;
  }

  [[nodiscard]] int calls(const std::string& job) const {
    const std::lock_guard lock(mutex_);
    const auto it = calls_.find(job);
    return it == calls_.end() ? 0 : it->second;
  }
  std::string fail_job_;
  std::string metric_ = "wall";  // the one metric of every sample
  std::vector<std::pair<std::string, reports::OutcomeValue>> outcomes_;

 private:
  std::vector<std::string> jobs_;
  double value_;
  std::vector<std::string> configs_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, int> calls_;
};

class Runner : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() /
            ("fpbench-runner-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() +
             ".jsonl");
  }
  void TearDown() override { fs::remove(path_); }

  RunSummary run(const std::vector<std::string>& jobs,
                 const std::vector<Pass>& passes,
                 const std::vector<SampleRecord>& resumed = {},
                 std::optional<std::chrono::seconds> time_budget = {}) {
    auto writer = SampleWriter::open(path_.string(), false);
    EXPECT_TRUE(writer) << writer.error().message;
    RunnerOptions o;
    o.time_budget = time_budget;
    o.seed = 7;
    o.progress = false;
    o.jsonl = true;
    auto summary = run_passes(jobs, passes, o, resumed, *writer);
    EXPECT_TRUE(summary) << summary.error().message;
    return std::move(*summary);
  }

  // Rows per (side, benchmark name) in the written file.
  std::map<std::pair<Binary, std::string>, int> written() const {
    const auto records =
        reports::parse_sample_jsonl(test_support::slurp(path_), "out");
    std::map<std::pair<Binary, std::string>, int> rows;
    if (!records) return rows;
    for (const SampleRecord& r : *records)
      ++rows[{r.binary, r.filename + " " + r.configuration}];
    return rows;
  }

  fs::path path_;
};

Pass wall_pass(const FakeSource& old_side, const FakeSource& new_side,
               int runs) {
  Pass p;
  p.key_metric = "wall";
  p.sources = {&old_side, &new_side};
  p.runs = runs;
  p.warmup = 1;
  return p;
}

TEST_F(Runner, EveryJobGetsItsRunsPerSideAfterAWarmUpThatIsNotWritten) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  const RunSummary s = run(jobs, {wall_pass(old_side, new_side, 3)});
  EXPECT_EQ(s.samples_written, 12u);
  EXPECT_TRUE(s.failures.empty());
  for (const std::string& j : jobs) {
    EXPECT_EQ(old_side.calls(j), 4) << j;  // 1 warm-up + 3
    EXPECT_EQ((written()[{Binary::kOld, j}]), 3) << j;
    EXPECT_EQ((written()[{Binary::kNew, j}]), 3) << j;
  }
}

// A spent budget stops the timed rounds, never a counting pass: its few
// runs are what decide its metric.
TEST_F(Runner, ASpentBudgetStopsTimedRoundsButNotACountingPass) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  FakeSource old_counts(jobs, 5), new_counts(jobs, 6);
  Pass timed = wall_pass(old_side, new_side, 3);
  timed.warmup = 0;
  Pass counting = wall_pass(old_counts, new_counts, 2);
  counting.key_metric = "syscalls";
  counting.warmup = 0;
  counting.budgeted = false;
  const RunSummary s =
      run(jobs, {timed, counting}, {}, std::chrono::seconds(-1));
  EXPECT_TRUE(s.budget_spent);
  for (const std::string& j : jobs) {
    EXPECT_EQ(old_side.calls(j), 0) << j;
    EXPECT_EQ(old_counts.calls(j), 2) << j;
    EXPECT_EQ(new_counts.calls(j), 2) << j;
  }
}

TEST_F(Runner, ResumedRecordsCountSoOnlyWhatIsMissingRuns) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  std::vector<SampleRecord> resumed;
  for (Binary b : {Binary::kOld, Binary::kNew}) {
    for (int i = 0; i < 3; ++i) {
      SampleRecord r;
      r.binary = b;
      r.filename = "s/a";
      r.configuration = "n=1";
      r.metrics.emplace_back("wall", MetricReading{100, "clock", 0.1, {}});
      resumed.push_back(r);
    }
  }
  Pass p = wall_pass(old_side, new_side, 3);
  p.warmup = 0;
  run(jobs, {p}, resumed);
  EXPECT_EQ(old_side.calls("s/a n=1"), 0);
  EXPECT_EQ(old_side.calls("s/a n=2"), 3);
}

TEST_F(Runner, AJobReportingSeveralBenchmarksIsResumedByItsSlowestBenchmark) {
  const std::vector<std::string> jobs = {"bench/fs/read.js"};
  const std::vector<std::string> configs = {"n=1", "n=2"};
  FakeSource old_side(jobs, 100, configs), new_side(jobs, 110, configs);
  std::vector<SampleRecord> resumed;
  for (const char* c : {"n=1", "n=1", "n=2"}) {  // n=2 has one old sample only
    SampleRecord r;
    r.binary = Binary::kOld;
    r.filename = "bench/fs/read.js";
    r.configuration = c;
    r.metrics.emplace_back("wall", MetricReading{100, "clock", 0.1, {}});
    resumed.push_back(r);
  }
  Pass p = wall_pass(old_side, new_side, 2);
  p.warmup = 0;
  run(jobs, {p}, resumed);
  EXPECT_EQ(old_side.calls("bench/fs/read.js"), 1);
  EXPECT_EQ(new_side.calls("bench/fs/read.js"), 2);
}

TEST_F(Runner, MoreRoundsOnlyForWhatNeedsMoreAndNeverPastMaxRuns) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  Pass p = wall_pass(old_side, new_side, 2);
  p.warmup = 0;
  p.max_runs = 5;
  p.needs_more = [](const std::vector<BenchmarkValues>& all) {
    std::vector<reports::BenchmarkKey> out;
    for (const BenchmarkValues& b : all) {
      if (b.key.text() == "s/a n=2") out.push_back(b.key);
    }
    return out;
  };
  const RunSummary s = run(jobs, {p});
  EXPECT_EQ(old_side.calls("s/a n=1"), 2);
  EXPECT_EQ(old_side.calls("s/a n=2"), 5);
  EXPECT_EQ(new_side.calls("s/a n=2"), 5);
  EXPECT_EQ(s.samples_written, 14u);
}

// A pass with a stopping rule says how many runs each configuration took.
TEST_F(Runner, AStoppingRuleCountsTheRunsEachConfigurationTook) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2", "s/a n=3"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  Pass p = wall_pass(old_side, new_side, 2);
  p.warmup = 0;
  p.max_runs = 4;
  p.needs_more = [](const std::vector<BenchmarkValues>& all) {
    std::vector<reports::BenchmarkKey> out;
    for (const BenchmarkValues& b : all) {
      if (b.key.text() != "s/a n=1") out.push_back(b.key);
    }
    return out;
  };
  const RunSummary s = run(jobs, {p});
  ASSERT_EQ(s.timings.size(), 1u);
  EXPECT_TRUE(s.timings[0].stopping_rule);
  EXPECT_EQ(describe_runs(s.timings[0]),
            "runs per configuration: 2 (1 configuration), 4 (2)");
  Pass fixed = wall_pass(old_side, new_side, 2);
  EXPECT_FALSE(run(jobs, {fixed}).timings[0].stopping_rule);
}

TEST_F(Runner, APairedFailureDropsItsPartnerAndStopsTheJob) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  new_side.fail_job_ = "s/a n=2";
  Pass p = wall_pass(old_side, new_side, 3);
  p.warmup = 0;
  p.paired = true;
  const RunSummary s = run(jobs, {p});
  ASSERT_EQ(s.failures.size(), 1u);
  EXPECT_NE(s.failures[0].find("s/a n=2 [new"), std::string::npos)
      << s.failures[0];
  EXPECT_EQ((written()[{Binary::kOld, "s/a n=2"}]), 0);
  EXPECT_EQ((written()[{Binary::kNew, "s/a n=2"}]), 0);
  EXPECT_EQ((written()[{Binary::kOld, "s/a n=1"}]), 3);
}

TEST_F(Runner, AParallelPassWritesEverySampleOnce) {
  std::vector<std::string> jobs;
  for (int i = 0; i < 12; ++i) jobs.push_back("s/a n=" + std::to_string(i));
  FakeSource old_side(jobs, 100), new_side(jobs, 110);
  Pass p = wall_pass(old_side, new_side, 2);
  p.warmup = 0;
  p.parallel = 4;
  const RunSummary s = run(jobs, {p});
  EXPECT_EQ(s.samples_written, 48u);
  for (const std::string& j : jobs)
    EXPECT_EQ((written()[{Binary::kNew, j}]), 2) << j;
}

// A source that escalates its own count unless given one: its runs report
// `found` iterations, or the count asked for; every call is logged.
class CountingSource : public FakeSource {
 public:
  CountingSource(std::vector<std::string> jobs, std::int64_t found, bool takes)
      : FakeSource(std::move(jobs), 100), found_(found), takes_(takes) {}

  [[nodiscard]] bool takes_iterations() const override { return takes_; }
  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    return logged(job, options, 0);
  }
  [[nodiscard]] Result<Measurements> measure_iterations(
      const std::string& job, const ProcessOptions& options,
      std::int64_t iterations) const override {
    return logged(job, options, iterations);
  }
  // The counts asked for, per job in call order (0: none asked for).
  [[nodiscard]] std::map<std::string, std::vector<std::int64_t>> asked() const {
    const std::lock_guard lock(mutex_);
    return asked_;
  }

 private:
  Result<Measurements> logged(const std::string& job,
                              const ProcessOptions& options,
                              std::int64_t iterations) const {
    {
      const std::lock_guard lock(mutex_);
      asked_[job].push_back(iterations);
    }
    auto m = FakeSource::measure(job, options);
    if (m) {
      for (SampleRecord& r : *m)
        r.iterations = iterations > 0 ? iterations : found_;
    }
    return m;
  }

  std::int64_t found_;
  bool takes_;
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::vector<std::int64_t>> asked_;
};

TEST_F(Runner, SamplesAfterTheWarmUpRunTheCountTheWarmUpFoundPerSide) {
  const std::vector<std::string> jobs = {"s/a n=1", "s/a n=2"};
  CountingSource old_side(jobs, 37, true), new_side(jobs, 11, true);
  Pass pass = wall_pass(old_side, new_side, 3);
  pass.iterations_from_warmup = true;
  const RunSummary s = run(jobs, {pass});
  EXPECT_EQ(s.samples_written, 12u);
  using Counts = std::vector<std::int64_t>;
  for (const std::string& j : jobs) {
    EXPECT_EQ(old_side.asked().at(j), (Counts{0, 37, 37, 37})) << j;
    EXPECT_EQ(new_side.asked().at(j), (Counts{0, 11, 11, 11})) << j;
  }
  ASSERT_EQ(s.timings.size(), 1u);
  EXPECT_EQ(s.timings[0].key_metric, "wall");
  EXPECT_EQ(s.timings[0].samples, 12u);
  EXPECT_EQ(s.timings[0].warmup_samples, 4u);
  EXPECT_EQ(s.timings[0].fixed_iterations, 12u);
  // FakeSource's rows say 0.1 s of timed loop each.
  EXPECT_NEAR(s.timings[0].timed_s, 1.2, 1e-9);
  EXPECT_NE(describe_timing(s.timings[0])
                .find("12 samples ran the iteration "
                      "count of their warm-up"),
            std::string::npos)
      << describe_timing(s.timings[0]);
}

TEST_F(Runner, NoCountIsHandedOnWithoutAWarmUpOrToASourceThatFindsItsOwn) {
  const std::vector<std::string> jobs = {"s/a n=1"};
  using Counts = std::vector<std::int64_t>;
  {
    CountingSource old_side(jobs, 37, false), new_side(jobs, 11, false);
    Pass pass = wall_pass(old_side, new_side, 2);
    pass.iterations_from_warmup = true;
    const RunSummary s = run(jobs, {pass});
    EXPECT_EQ(old_side.asked().at(jobs[0]), (Counts{0, 0, 0}));
    EXPECT_EQ(s.timings.at(0).fixed_iterations, 0u);
  }
  {
    CountingSource old_side(jobs, 37, true), new_side(jobs, 11, true);
    Pass pass = wall_pass(old_side, new_side, 2);
    pass.iterations_from_warmup = true;
    pass.warmup = 0;
    run(jobs, {pass});
    EXPECT_EQ(old_side.asked().at(jobs[0]), (Counts{0, 0}));
  }
  {
    // A counting pass keeps the counts it is configured with.
    CountingSource old_side(jobs, 37, true), new_side(jobs, 11, true);
    run(jobs, {wall_pass(old_side, new_side, 2)});
    EXPECT_EQ(new_side.asked().at(jobs[0]), (Counts{0, 0, 0}));
  }
}

TEST(RunnerTiming, TheClosingLineCountsConfigurationsByTheirRuns) {
  PassTiming t;
  t.configurations_by_runs = {{30, 16}, {10, 89}, {20, 3}};
  EXPECT_EQ(describe_runs(t),
            "runs per configuration: 10 (89 configurations), 20 (3), 30 (16)");
  t.configurations_by_runs = {{7, 1}};
  EXPECT_EQ(describe_runs(t), "runs per configuration: 7 (1 configuration)");
  t.configurations_by_runs.clear();
  EXPECT_EQ(describe_runs(t), "runs per configuration: none measured");
}

// A counted pass whose samples ran another path than the timed ones (the
// readFileSync of a missing descriptor that valgrind held open) fails the
// run, naming what differs.
class Outcomes : public Runner {
 protected:
  // A wall pass and an instructions pass over one job, no warm-up, with the
  // outcomes each side's samples report in each pass.
  RunSummary run_both(
      const std::vector<std::pair<std::string, reports::OutcomeValue>>& timed,
      const std::vector<std::pair<std::string, reports::OutcomeValue>>&
          counted_new) {
    const std::vector<std::string> jobs = {"fs/read n=1"};
    FakeSource old_timed(jobs, 100), new_timed(jobs, 100);
    FakeSource old_counted(jobs, 3438), new_counted(jobs, 3438);
    old_timed.outcomes_ = new_timed.outcomes_ = old_counted.outcomes_ = timed;
    new_counted.outcomes_ = counted_new;
    old_counted.metric_ = new_counted.metric_ = "instructions";
    Pass wall = wall_pass(old_timed, new_timed, 2);
    Pass instructions = wall_pass(old_counted, new_counted, 2);
    instructions.key_metric = "instructions";
    wall.warmup = instructions.warmup = 0;
    return run(jobs, {wall, instructions});
  }
};

const std::string kFstat = "failed: EBADF (fstat)";

TEST_F(Outcomes, ACountedPassOnAnotherPathFailsWithSideOutcomeAndBothValues) {
  const RunSummary s = run_both(
      {{"failed", 1.0}, {"label", kFstat}},
      {{"failed", 1.0}, {"label", std::string("failed: EBADF (read)")}});
  ASSERT_EQ(s.failures.size(), 1u);
  EXPECT_EQ(s.failures[0],
            "fs/read n=1 [new]: outcome 'label' is 'failed: EBADF (read)' in "
            "the instructions pass but 'failed: EBADF (fstat)' in the wall "
            "pass: its instructions samples did not run the path its wall "
            "samples ran, so they do not measure it");
  // The samples are written all the same: the failure is the run's.
  EXPECT_EQ(s.samples_written, 8u);
}

TEST_F(Outcomes, ANumberThatDiffersFailsToo) {
  const RunSummary s = run_both({{"units", 0.0}}, {{"units", 1024.0}});
  ASSERT_EQ(s.failures.size(), 1u);
  EXPECT_NE(s.failures[0].find(
                "[new]: outcome 'units' is 1024 in the instructions pass but "
                "0 in the wall pass"),
            std::string::npos)
      << s.failures[0];
}

TEST_F(Outcomes, TheSameOutcomesInEveryPassPass) {
  const RunSummary s = run_both({{"failed", 1.0}, {"label", kFstat}},
                                {{"failed", 1.0}, {"label", kFstat}});
  EXPECT_TRUE(s.failures.empty()) << s.failures.front();
}

TEST_F(Outcomes, AnOutcomeOnePassDoesNotReportIsNotCompared) {
  EXPECT_TRUE(run_both({{"units", 0.0}}, {}).failures.empty());
  EXPECT_TRUE(run_both({}, {{"units", 0.0}}).failures.empty());
}

}  // namespace
}  // namespace fpbench::harness
