// fpbench bisect on small generated repositories: a shell script whose
// system calls per run grow with a number committed in each revision, so
// counts are exact and no compiler is needed. Every test also checks that
// the user's checkout (HEAD, branch, index, files) is as it was.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::CliRun;
using test_support::slurp;

// The script's work: one redirection (open, dup, close) per unit of n.
constexpr const char* kWorkScript =
    "read n < n.txt\n"
    "i=0\n"
    "while [ \"$i\" -lt \"$n\" ]; do : > /dev/null; i=$((i + 1)); done\n";

class BisectTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-bisect-test-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    repo_ = dir_ / "repo";
    fs::create_directories(repo_);
    git("init -q -b main");
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(dir_);
  }

  void git(const std::string& args) {
    const std::string cmd = "git -C '" + repo_.string() +
                            "' -c user.name=t -c user.email=t@example.com " +
                            args + " >/dev/null";
    ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  }
  std::string git_out(const std::string& args) {
    const fs::path out = dir_ / "git-out";
    const std::string cmd =
        "git -C '" + repo_.string() + "' " + args + " >'" + out.string() + "'";
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return slurp(out);
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(repo_ / name, std::ios::trunc) << text;
  }
  // One commit per entry: n.txt holds the number; "broken" marks a commit
  // the build refuses. Returns the shas, oldest first.
  std::vector<std::string> make_history(const std::vector<int>& ns,
                                        const std::vector<bool>& broken = {}) {
    std::vector<std::string> shas;
    write("work.sh", kWorkScript);
    for (std::size_t i = 0; i < ns.size(); ++i) {
      write("n.txt", std::to_string(ns[i]) + "\n");
      write("step.txt", std::to_string(i) + "\n");
      if (i < broken.size() && broken[i]) {
        write("broken", "1\n");
      } else {
        fs::remove(repo_ / "broken");
      }
      git("add -A");
      git("commit -q -m 'step " + std::to_string(i) + "'");
      std::string sha = git_out("rev-parse HEAD");
      sha.pop_back();
      shas.push_back(sha);
    }
    return shas;
  }
  // Everything of the checkout bisect must not change.
  std::string checkout_state() {
    return git_out("rev-parse HEAD") + git_out("symbolic-ref HEAD") +
           git_out("ls-files -s") + git_out("status --porcelain") +
           slurp(repo_ / "n.txt") + slurp(repo_ / "step.txt");
  }
  CliRun bisect(const std::string& good, const std::string& bad,
                const std::string& extra = "") {
    return test_support::run_program(
        FPBENCH_CLI,
        "bisect --repo '" + repo_.string() + "' --cache '" +
            (dir_ / "cache").string() + "' --good " + good + " --bad " + bad +
            " --build 'test ! -e broken' --command-line 'sh work.sh' --metric "
            "syscalls --no-progress " +
            extra,
        dir_);
  }

  fs::path dir_;
  fs::path repo_;
};

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

TEST_F(BisectTest, NamesThePlantedCommit) {
  std::vector<int> ns(12, 20);
  for (std::size_t i = 7; i < ns.size(); ++i) ns[i] = 21;
  const auto shas = make_history(ns);
  write("n.txt", "99\n");  // a dirty work tree, to be left as it is
  const std::string before = checkout_state();
  const CliRun r = bisect(shas[0], shas.back());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), shas[7] + " is the first bad commit") << r.out;
  EXPECT_NE(r.out.find("step 7"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("explains 100%"), std::string::npos) << r.out;
  EXPECT_EQ(checkout_state(), before);

  // Built once, every build comes from the cache the second time.
  const CliRun again = bisect(shas[0], shas.back(), "--format json");
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("\"builds\": 0,"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("\"first_bad_commit\": \"" + shas[7] + "\""),
            std::string::npos)
      << again.out;
}

TEST_F(BisectTest, SkipsCommitsThatDoNotBuild) {
  std::vector<int> ns(12, 20);
  for (std::size_t i = 6; i < ns.size(); ++i) ns[i] = 22;
  std::vector<bool> broken(12, false);
  broken[5] = broken[6] = broken[3] = true;
  const auto shas = make_history(ns, broken);
  const CliRun r = bisect(shas[0], shas.back());
  // 5 (good) and 6 (the first bad) do not build: like git, bisect can only
  // say that the first bad commit is one of 5, 6 and 7.
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), "There are only 'skip'ped commits left to test.")
      << r.out;
  EXPECT_NE(r.out.find(shas[6].substr(0, 12)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("build failed"), std::string::npos) << r.out;

  broken.assign(12, false);
  broken[4] = broken[8] = true;
  const auto more = make_history(ns, broken);
  const CliRun found = bisect(more[0], more.back());
  ASSERT_EQ(found.exit_code, 0) << found.out << found.err;
  EXPECT_EQ(first_line(found.out), more[6] + " is the first bad commit")
      << found.out;
}

TEST_F(BisectTest, FindsTwoChangesInOppositeDirections) {
  std::vector<int> ns(16, 20);
  for (std::size_t i = 4; i < ns.size(); ++i) ns[i] = 30;
  for (std::size_t i = 11; i < ns.size(); ++i) ns[i] = 25;
  const auto shas = make_history(ns);
  const CliRun r = bisect(shas[0], shas.back(), "--format markdown");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), "**" + shas[4] + " is the first bad commit**");
  EXPECT_NE(r.out.find(shas[11].substr(0, 12)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  - an improvement of "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not the whole change"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("do not add up"), std::string::npos) << r.out;
}

// The issue's range: a change making the script cheaper, then, later, a
// larger one making it dearer. git's line names the one that moves it from
// good towards bad, not the first change in range order; the other is
// listed after it as the improvement it is, and the JSON says which is which.
TEST_F(BisectTest, TheFirstBadCommitIsTheRegressionNotAnEarlierImprovement) {
  std::vector<int> ns(16, 20);
  for (std::size_t i = 4; i < ns.size(); ++i) ns[i] = 18;
  for (std::size_t i = 12; i < ns.size(); ++i) ns[i] = 30;
  const auto shas = make_history(ns);
  const CliRun r = bisect(shas[0], shas.back());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), shas[12] + " is the first bad commit") << r.out;
  const std::size_t improvement =
      r.out.find("\n" + shas[4] + " is an improvement of ");
  ASSERT_NE(improvement, std::string::npos) << r.out;
  const std::string line = first_line(r.out.substr(improvement + 1));
  EXPECT_NE(line.find("% (system calls per operation), not the regression"),
            std::string::npos)
      << line;
  EXPECT_LT(r.out.find("    step 12\n"), improvement) << r.out;
  EXPECT_NE(r.out.find("    step 4\n", improvement), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find(shas[4] + " is the first bad commit"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("next change"), std::string::npos) << r.out;

  const CliRun j = bisect(shas[0], shas.back(), "--format json");
  ASSERT_EQ(j.exit_code, 0) << j.out << j.err;
  const auto doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["first_bad_commit"], shas[12]);
  ASSERT_EQ(doc["changes"].size(), 2U) << j.out;
  EXPECT_EQ(doc["changes"][0]["sha"], shas[12]);
  EXPECT_EQ(doc["changes"][0]["direction"], "regression");
  EXPECT_EQ(doc["changes"][1]["sha"], shas[4]);
  EXPECT_EQ(doc["changes"][1]["direction"], "improvement");
  EXPECT_LT(doc["changes"][1]["delta"].get<double>(), 0);
  EXPECT_TRUE(doc["notes"].empty()) << j.out;

  // Bisecting the cheaper commit itself: bad measures better than good, and
  // the words that follow --good and --bad are said to.
  const CliRun faster = bisect(shas[0], shas[8], "--no-explain");
  ASSERT_EQ(faster.exit_code, 0) << faster.out << faster.err;
  EXPECT_EQ(first_line(faster.out), shas[4] + " is the first bad commit");
  EXPECT_NE(faster.out.find("note: bad measures better than good (system "
                            "calls per operation, lower is better)"),
            std::string::npos)
      << faster.out;
}

// A stand-in scenarios program whose one benchmark's rate is what rate.txt
// in its working directory says: bisect's sides read each commit's own.
constexpr const char* kRateScenarios =
    "#!/bin/sh\n"
    "case \" $* \" in\n"
    "  *' --build-info '*) printf 'optimized=yes\\nsanitized=no\\n"
    "assertions=no\\n'; exit 0;;\n"
    "  *' --list-configs '*) echo 'demo/a n=1'; exit 0;;\n"
    "esac\n"
    "r=$(cat rate.txt)\n"
    "echo '{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
    "\"iterations\":10,\"real_time\":1000,\"time_unit\":\"ns\","
    "\"items_per_second\":'\"$r\"'}]}'\n";

TEST_F(BisectTest, EachSidesProgramRunsInItsOwnWorkingDirectory) {
  const fs::path program = dir_ / "scenarios.sh";
  std::ofstream(program) << kRateScenarios;
  fs::permissions(program, fs::perms::owner_all);
  for (const auto& [side, rate] : {std::pair{"old", 1000}, {"new", 4000}}) {
    fs::create_directories(dir_ / side);
    std::ofstream(dir_ / side / "rate.txt") << rate << "\n";
  }
  RunOptions o;
  o.selectors = {"demo/a"};
  o.old_program = program.string();
  o.new_program = program.string();
  o.old_working_dir = (dir_ / "old").string();
  o.new_working_dir = (dir_ / "new").string();
  o.runs = 2;
  o.warmup = 0;
  o.priority = Priority::kNormal;
  o.progress = false;
  o.output = (dir_ / "samples.csv").string();
  const auto summary = run_benchmarks(o);
  ASSERT_TRUE(summary) << summary.error().message;
  ASSERT_TRUE(summary->failures.empty()) << summary->failures.front();
  ASSERT_EQ(summary->results.size(), 1U);
  for (double rate : summary->results[0].values[0])
    EXPECT_DOUBLE_EQ(rate, 1000);
  for (double rate : summary->results[0].values[1])
    EXPECT_DOUBLE_EQ(rate, 4000);
}

// A history of one benchmark's system calls at every other commit, as the
// nightly records it, with a step at commit 11, between two nights.
TEST_F(BisectTest, FromHistoryBisectsTheChangePointHistoryDetectFinds) {
  std::vector<int> ns(20, 20);
  for (std::size_t i = 11; i < ns.size(); ++i) ns[i] = 21;
  const auto shas = make_history(ns);
  const fs::path db = dir_ / "history.sqlite";
  for (std::size_t i = 0; i < shas.size(); i += 2) {
    const fs::path samples = dir_ / "night.jsonl";
    std::ofstream out(samples, std::ios::trunc);
    for (const char* side : {"old", "new"}) {
      for (int k = 0; k < 3; ++k) {
        out << R"({"binary":")" << side
            << R"(","filename":"sh work.sh","configuration":"","iterations":1,)"
            << R"("metrics":{"syscalls":{"value":)" << ns[i]
            << R"(,"source":"tracepoint"}}})"
            << "\n";
      }
    }
    out.close();
    const CliRun r = test_support::run_program(
        FPBENCH_CLI,
        "history record '" + samples.string() + "' --db '" + db.string() +
            "' --commit " + shas[i] + " --date 2026-11-" +
            std::to_string(10 + i) + "T00:00:00Z --machine m",
        dir_);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  const std::string from = "--from-history '" + db.string() + "' ";
  const CliRun r = test_support::run_program(
      FPBENCH_CLI,
      "bisect --repo '" + repo_.string() + "' --cache '" +
          (dir_ / "cache").string() + "' " + from +
          "--benchmark 'sh work.sh' --build true --command-line 'sh work.sh' "
          "--metric syscalls --no-progress",
      dir_);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(first_line(r.out), shas[11] + " is the first bad commit") << r.out;
  EXPECT_NE(r.err.find(shas[10].substr(0, 12) + ".." + shas[12].substr(0, 12)),
            std::string::npos)
      << r.err;

  const CliRun none = test_support::run_program(
      FPBENCH_CLI,
      "bisect --repo '" + repo_.string() + "' " + from +
          "--benchmark 'sh work.sh' --build true --command-line 'sh work.sh' "
          "--metric instructions --no-progress",
      dir_);
  EXPECT_EQ(none.exit_code, 2) << none.err;
  const CliRun both = test_support::run_program(
      FPBENCH_CLI,
      "bisect " + from + "--benchmark x --good " + shas[0] +
          " --build true --command-line 'sh work.sh'",
      dir_);
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("no --good or --bad"), std::string::npos) << both.err;
}

TEST_F(BisectTest, NotReproducedWhenTheEndsAgree) {
  const auto shas = make_history({20, 20, 20, 20});
  const CliRun r = bisect(shas[0], shas.back());
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(first_line(r.out).rfind("not reproduced", 0), 0U) << r.out;
}

TEST_F(BisectTest, RefusesBadInputClearly) {
  const auto shas = make_history({20, 20, 21});
  const std::string before = checkout_state();

  CliRun r = bisect("no-such-rev", shas.back());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--good 'no-such-rev' names no commit"),
            std::string::npos)
      << r.err;

  r = bisect(shas.back(), "HEAD");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("the same commit"), std::string::npos) << r.err;

  r = bisect(shas.back(), shas[0]);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not an ancestor"), std::string::npos) << r.err;

  r = test_support::run_program(
      FPBENCH_CLI,
      "bisect --repo '" + repo_.string() + "' --cache '" +
          (dir_ / "cache").string() + "' --good " + shas[0] + " --bad " +
          shas.back() + " --build false --command-line 'sh work.sh' --metric " +
          "syscalls --no-progress",
      dir_);
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("does not build with 'false'"), std::string::npos)
      << r.err;

  fs::create_directories(dir_ / "plain");
  r = test_support::run_program(
      FPBENCH_CLI,
      "bisect --repo '" + (dir_ / "plain").string() +
          "' --good a --bad b --build true --command-line true --no-progress",
      dir_);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("not a git repository"), std::string::npos) << r.err;

  r = test_support::run_program(FPBENCH_CLI, "bisect --good a --bad b", dir_);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("one source"), std::string::npos) << r.err;

  EXPECT_EQ(checkout_state(), before);
}

}  // namespace
}  // namespace fpbench::harness
