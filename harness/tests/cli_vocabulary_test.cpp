// One vocabulary across the subcommands: --format's values and its one
// refusal, every format for every metric, --filter/--exclude on compared
// samples, the option groups of --help, and old spellings that still work
// with a note naming the new one.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "fpbench/base/cli_docs.hpp"
#include "fpbench/test_support/programs.hpp"

namespace cli_vocabulary_test {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::CliRun;
using fpbench::test_support::run_program;

const std::string kCsv =
    FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r/readfilesync.csv";
const std::string kGbench = FPBENCH_SOURCE_DIR "/reports/tests/data/gbench/";

class CliVocabulary : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-vocabulary-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun run(const std::string& args) {
    return run_program(FPBENCH_CLI, args, dir_);
  }

  // fpbench run's JSON Lines: two benchmarks, three processes a side, wall
  // rates that differ, instructions that vary, system calls exact.
  std::string metrics_file() {
    const fs::path p = dir_ / "samples.jsonl";
    std::ofstream out(p);
    for (const char* config : {"size=1", "size=2"}) {
      for (int i = 0; i < 3; ++i) {
        for (const char* side : {"old", "new"}) {
          const bool is_new = std::string(side) == "new";
          out << R"({"binary":")" << side
              << R"(","filename":"fs/read","configuration":")" << config
              << R"(","metrics":{"wall":{"value":)"
              << (is_new ? 1100 : 1000) + i
              << R"(,"source":"clock"},"instructions":{"value":)"
              << (is_new ? 900 : 1000) + 3 * i
              << R"(,"source":"valgrind"},"syscalls":{"value":)"
              << (is_new ? 4 : 5) << R"(,"source":"tracepoint"}}})"
              << "\n";
        }
      }
    }
    return p.string();
  }

  fs::path dir_;
};

TEST_F(CliVocabulary, EveryFormatShowsEveryMetric) {
  const std::string file = metrics_file();
  const CliRun json = run("compare --format json '" + file + "'");
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto docs = nlohmann::json::parse(json.out);
  ASSERT_TRUE(docs.is_array()) << json.out;
  ASSERT_EQ(docs.size(), 3u);
  EXPECT_EQ(docs[1].at("metric"), "instructions");
  EXPECT_EQ(docs[1].at("source"), "valgrind");
  EXPECT_EQ(docs[1].at("higher_is_better"), false);
  ASSERT_EQ(docs[1].at("rows").size(), 2u);
  // (903 - 1003) / 1003: the means of the instruction counts.
  EXPECT_NEAR(docs[1].at("rows")[0].at("change_pct").get<double>(), -9.970,
              0.001);
  EXPECT_EQ(docs[2].at("rows")[0].at("exact"), true);
  EXPECT_TRUE(docs[2].at("rows")[0].at("stars").is_null());

  const CliRun one =
      run("compare --metric instructions --format json '" + file + "'");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(nlohmann::json::parse(one.out), docs[1]);

  const CliRun csv = run("compare --format csv '" + file + "'");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out.rfind("metric,source,name,filename,configuration,", 0), 0u)
      << csv.out;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 1 + 3 * 2);
  EXPECT_NE(csv.out.find("\n\"syscalls\",\"tracepoint\",\"fs/read size=1\","
                         "\"fs/read\",\"size=1\",3,3,5,4,-20,false,true,NA,"
                         "NA,NA\n"),
            std::string::npos)
      << csv.out;

  for (const char* format : {"text", "markdown", "md"}) {
    const CliRun r = run(std::string("compare --format ") + format + " '" +
                         file + "' --metric instructions");
    EXPECT_EQ(r.exit_code, 0) << format << ": " << r.err;
    EXPECT_NE(r.out.find("instructions"), std::string::npos) << r.out;
  }
}

TEST_F(CliVocabulary, OneRefusalForAFormatACommandDoesNotWrite) {
  const std::string file = metrics_file();
  const std::string bisect =
      "bisect --good a --bad b --build true --command-line true ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"compare --format html '" + kCsv + "'",
       "unknown format 'html': expected text, markdown (or md), json, csv, "
       "bmf or github-action-benchmark"},
      {"gate --format csv '" + kCsv + "'",
       "unknown format 'csv': expected text, markdown (or md), json or html"},
      {bisect + "--format html",
       "unknown format 'html': expected text, markdown (or md) or json"},
      {"compare --format yaml '" + kCsv + "'",
       "unknown format 'yaml': expected text, markdown (or md), json, csv, "
       "bmf or github-action-benchmark"},
  };
  for (const auto& [args, message] : cases) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.err, "fpbench: error: " + message + "\n") << args;
  }
  const CliRun md = run("gate --format md '" + file + "'");
  EXPECT_NE(md.exit_code, 2) << md.err;
  EXPECT_EQ(md.out, run("gate --format markdown '" + file + "'").out);
}

TEST_F(CliVocabulary, CompareAndGateSelectByFilterAndExcludeAsRunDoes) {
  const CliRun all = run("compare '" + kCsv + "'");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(run("compare --filter readFile '" + kCsv + "'").out, all.out);
  EXPECT_EQ(run("compare --exclude no-such '" + kCsv + "'").out, all.out);
  const CliRun none = run("compare --exclude readFile '" + kCsv + "'");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err,
            "fpbench: error: no benchmark is selected by --filter and "
            "--exclude\n");

  const std::string file = metrics_file();
  const CliRun gate = run("gate --filter fs/read '" + file + "'");
  EXPECT_NE(gate.exit_code, 2) << gate.err;
  EXPECT_EQ(run("gate --filter other '" + file + "'").exit_code, 2);
}

// Every option a command shows, in fpbench's commands and fpbench-history's,
// is a flag everywhere or takes a value everywhere, and is listed under the
// same group wherever it appears: an option with two meanings (a flag in one
// command, a path in another; samples at once in one, builds in another)
// shows up as two kinds or two groups. Hidden old spellings are not shown,
// so not checked.
TEST_F(CliVocabulary, AnOptionIsOneKindInOneGroupEverywhere) {
  // One meaning in two roles: the machine and commit a run is recorded as
  // and those a history is selected by; what a run measures in pairs or
  // under callgrind and what compare and gate then test or explain.
  const std::set<std::string> roles = {"--commit", "--machine", "--paired",
                                       "--explain"};
  struct Use {
    std::string command, group;
    bool flag = false;
  };
  std::map<std::string, std::vector<Use>> uses;
  for (const char* program : {FPBENCH_CLI, FPBENCH_HISTORY_CLI}) {
    const CliRun table = run_program(program, "--cli-table", dir_);
    ASSERT_EQ(table.exit_code, 0) << table.err;
    const auto commands = fpbench::cli::parse_command_table(table.out);
    ASSERT_TRUE(commands.has_value()) << commands.error().message;
    for (const auto& command : *commands) {
      if (command.forwards) continue;
      for (const auto& option : command.options) {
        if (option.positional || option.names == "--help, -h") continue;
        uses[option.names].push_back(
            {command.name, option.group, option.value.empty()});
      }
    }
  }
  ASSERT_GT(uses.size(), 50u);
  for (const auto& entry : uses) {
    // Named, not bound: clang 14 cannot capture a structured binding.
    const auto& names = entry.first;
    const auto& list = entry.second;
    std::string seen;
    for (const Use& u : list) {
      seen += "\n  " + u.command + ": " + u.group +
              (u.flag ? ", a flag" : ", a value");
    }
    const auto differs = [&](const Use& u) {
      return u.flag != list.front().flag ||
             (!roles.contains(names) && u.group != list.front().group);
    };
    EXPECT_FALSE(std::any_of(list.begin(), list.end(), differs))
        << names << seen;
  }
}

TEST_F(CliVocabulary, HelpListsOptionsByGroupWithoutOldSpellings) {
  const CliRun help = run("run --help");
  ASSERT_EQ(help.exit_code, 0);
  for (const char* group : {"Programs:", "Selection:", "Schedule:", "Metrics:",
                            "Output:", "Decisions:"}) {
    EXPECT_NE(help.out.find(std::string("\n") + group + "\n"),
              std::string::npos)
        << group << " in\n"
        << help.out;
  }
  EXPECT_EQ(help.out.find("  --scenarios "), std::string::npos) << help.out;
  const CliRun gate = run("gate --help");
  EXPECT_NE(gate.out.find("  --first-look "), std::string::npos);
  EXPECT_EQ(gate.out.find("  --runs "), std::string::npos) << gate.out;
  EXPECT_NE(gate.out.find("  --gbench-time "), std::string::npos);
}

TEST_F(CliVocabulary, OldSpellingsStillWorkWithANoteNamingTheNewOne) {
  const std::string file = metrics_file();
  const std::string gate = "gate --until-decided --look-every 1 --max-runs 3 ";
  const CliRun now = run(gate + "--first-look 3 '" + file + "'");
  const CliRun old = run(gate + "--runs 3 '" + file + "'");
  EXPECT_EQ(old.exit_code, now.exit_code);
  EXPECT_EQ(old.out, now.out);
  EXPECT_EQ(now.err, "");
  EXPECT_EQ(old.err,
            "fpbench: note: --runs is now --first-look; --runs goes in the "
            "next release\n");

  const std::string files_pair = "'" + kGbench + "tiny-1.7.1-old.json' '" +
                                 kGbench + "tiny-1.7.1-new.json'";
  const std::string pair = "--gbench-json " + files_pair;
  const CliRun time = run("compare --gbench-time cpu_time " + pair);
  const CliRun time_old = run("compare --metric cpu_time " + pair);
  EXPECT_EQ(time.exit_code, 0) << time.err;
  EXPECT_EQ(time_old.out, time.out);
  EXPECT_NE(time_old.err.find("fpbench: note: --metric cpu_time is now "
                              "--gbench-time cpu_time; --metric cpu_time goes "
                              "in the next release\n"),
            std::string::npos)
      << time_old.err;
  EXPECT_NE(run("compare --gbench-time cpu_time '" + kCsv + "'").exit_code, 0);

  const CliRun bisect = run("bisect --scenarios build/fpbench-scenarios");
  EXPECT_EQ(bisect.exit_code, 2);
  EXPECT_EQ(bisect.err,
            "fpbench: note: --scenarios is now --scenario-program; "
            "--scenarios goes in the next release\n"
            "fpbench: error: bisect needs --good REV and --bad REV\n");

  // Options renamed so that one spelling means one thing in every command:
  // compare's and gate's files, bisect's programs, builds and looks.
  const std::string gbench_old = "compare --gbench " + files_pair;
  const CliRun files = run("compare " + pair);
  const CliRun files_old = run(gbench_old);
  EXPECT_EQ(files.exit_code, 0) << files.err;
  EXPECT_EQ(files_old.out, files.out);
  EXPECT_NE(files_old.err.find("fpbench: note: --gbench is now --gbench-json; "
                               "--gbench goes in the next release\n"),
            std::string::npos)
      << files_old.err;
  const std::string hyperfine =
      " '" FPBENCH_SOURCE_DIR
      "/reports/tests/data/hyperfine/"
      "hyperfine-1.15-old.json' '" FPBENCH_SOURCE_DIR
      "/reports/tests/data/hyperfine/hyperfine-1.15-new.json'";
  const CliRun timed = run("gate --hyperfine-json" + hyperfine);
  const CliRun timed_old = run("gate --hyperfine" + hyperfine);
  EXPECT_NE(timed.exit_code, 2) << timed.err;
  EXPECT_EQ(timed_old.exit_code, timed.exit_code);
  EXPECT_EQ(timed_old.out, timed.out);
  EXPECT_EQ(timed_old.err,
            timed.err +
                "fpbench: note: --hyperfine is now --hyperfine-json; "
                "--hyperfine goes in the next release\n");
  const CliRun bisect_old =
      run("bisect --command true --jobs 2 -j 2 --wall-runs 4 --gbench x");
  EXPECT_EQ(bisect_old.exit_code, 2);
  for (const char* note :
       {"--command is now --command-line", "--jobs is now --build-jobs",
        "-j is now --build-jobs", "--wall-runs is now --look-every",
        "--gbench is now --gbench-program"}) {
    EXPECT_NE(bisect_old.err.find(std::string("fpbench: note: ") + note),
              std::string::npos)
        << note << " in " << bisect_old.err;
  }
  EXPECT_NE(bisect_old.err.find("fpbench: error: bisect measures one source: "
                                "--scenario-program PATH, --gbench-program "
                                "PATH or --command-line 'CMD'\n"),
            std::string::npos)
      << bisect_old.err;

  const std::string program = std::string("'") + FPBENCH_SCENARIOS + "'";
  const CliRun list = run("list fs --scenario-program " + program);
  const CliRun list_old = run("list fs --scenarios " + program);
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_EQ(list_old.out, list.out);
  EXPECT_EQ(list_old.err,
            "fpbench: note: --scenarios is now --scenario-program; "
            "--scenarios goes in the next release\n");
}

}  // namespace
}  // namespace cli_vocabulary_test
