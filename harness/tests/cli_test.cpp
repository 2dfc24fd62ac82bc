// End-to-end checks of the fpbench binary: exit codes, stderr messages and
// that standard input works like a file.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace {

namespace fs = std::filesystem;
using fpbench::test_support::plotting_python_available;
using fpbench::test_support::slurp;

struct CliResult {
  int exit_code;
  std::string out;
  std::string err;
};

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path write(const std::string& name, const std::string& text) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }

  // Runs `fpbench ARGS` through the shell; ARGS may redirect stdin.
  CliResult run(const std::string& args) {
    const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
    const std::string cmd = std::string("'") + FPBENCH_CLI + "' " + args +
                            " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    return CliResult{WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out),
                     slurp(err)};
  }

  fs::path dir_;
};

const std::string kFixture =
    FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r/readfilesync.csv";

TEST_F(Cli, CompareFileMatchesGolden) {
  const CliResult r = run("compare '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            slurp(FPBENCH_SOURCE_DIR
                  "/reports/tests/data/compare-r/readfilesync.expected.txt"));
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, StdinAndDashAreTheDefault) {
  const CliResult a = run("compare < '" + kFixture + "'");
  const CliResult b = run("compare - < '" + kFixture + "'");
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(b.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out.find("70.32 %"), std::string::npos);
}

TEST_F(Cli, FormatsAreSelectable) {
  EXPECT_EQ(run("compare --format markdown '" + kFixture + "'")
                .out.rfind("| benchmark |", 0),
            0u);
  EXPECT_EQ(run("compare --format json '" + kFixture + "'").out.rfind("{", 0),
            0u);
  EXPECT_EQ(run("compare --format csv '" + kFixture + "'")
                .out.rfind("name,filename", 0),
            0u);
}

TEST_F(Cli, ACountedMetricOfACsvIsRefusedNotIgnored) {
  for (const char* command : {"compare", "gate"}) {
    const CliResult r =
        run(std::string(command) + " --metric instructions '" + kFixture + "'");
    EXPECT_EQ(r.exit_code, 2) << command << ": " << r.out;
    EXPECT_NE(
        r.err.find("metric 'instructions' needs fpbench's JSON Lines samples"),
        std::string::npos)
        << r.err;
  }
  const CliResult wall = run("compare --metric wall '" + kFixture + "'");
  EXPECT_EQ(wall.exit_code, 0) << wall.err;
  EXPECT_EQ(wall.out,
            slurp(FPBENCH_SOURCE_DIR
                  "/reports/tests/data/compare-r/readfilesync.expected.txt"));
}

TEST_F(Cli, UnknownFormatIsAUsageError) {
  const CliResult r = run("compare --format yaml '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("fpbench: error: unknown format 'yaml'"),
            std::string::npos);
}

TEST_F(Cli, BadInputExitsTwoWithFileAndLine) {
  const fs::path p =
      write("bad.csv",
            "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
            "\"old\",\"a.js\",\"\",1,1\n"
            "\"new\",\"a.js\",\"\",oops,1\n");
  const CliResult r = run("compare '" + p.string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "fpbench: error: " + p.string() +
                       ":3: rate 'oops' is not a finite number\n");
}

TEST_F(Cli, StdinErrorsNameStdin) {
  const fs::path p = write("empty.csv", "");
  const CliResult r = run("compare < '" + p.string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("fpbench: error: <stdin>: empty input", 0), 0u)
      << r.err;
}

TEST_F(Cli, MissingFileExitsTwo) {
  const CliResult r = run("compare '" + (dir_ / "nope.csv").string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos);
  EXPECT_NE(r.err.find("No such file or directory"), std::string::npos);
}

TEST_F(Cli, NoSubcommandOrUnknownOptionIsAUsageError) {
  EXPECT_EQ(run("").exit_code, 2);
  EXPECT_EQ(run("compare --bogus").exit_code, 2);
  EXPECT_EQ(run("--help").exit_code, 0);
}

const std::string kGbench = FPBENCH_SOURCE_DIR "/reports/tests/data/gbench/";

TEST_F(Cli, CompareGbenchPrintsTheTableAndWarnings) {
  const std::string old_file = kGbench + "tiny-1.7.1-old.json";
  const std::string new_file = kGbench + "tiny-1.7.1-new.json";
  const CliResult r =
      run("compare --gbench-json '" + old_file + "' '" + new_file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      r.out.rfind(
          "                         confidence improvement accuracy (*)", 0),
      0u)
      << r.out;
  EXPECT_NE(r.out.find("\nBM_memcpy 4096/real_time "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nBM_memcpy 64/real_time "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nBM_sum "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("In this case, there are 3 comparisons"),
            std::string::npos);
  EXPECT_EQ(r.err, "fpbench: warning: " + old_file +
                       ": benchmark 'BM_fails' skipped: device not found\n"
                       "fpbench: warning: " +
                       new_file +
                       ": benchmark 'BM_fails' skipped: device not found\n");
  // cpu_time reads other numbers: another table.
  const CliResult cpu = run("compare --gbench-time cpu_time --gbench-json '" +
                            old_file + "' '" + new_file + "'");
  EXPECT_EQ(cpu.exit_code, 0) << cpu.err;
  EXPECT_NE(cpu.out, r.out);
}

TEST_F(Cli, CompareGbenchBadInputExitsTwo) {
  const std::string good = kGbench + "tiny-1.7.1-old.json";
  const std::string bad = kGbench + "malformed.json";
  const CliResult malformed =
      run("compare --gbench-json '" + good + "' '" + bad + "'");
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_EQ(malformed.out, "");
  EXPECT_EQ(malformed.err.rfind(
                "fpbench: error: " + bad + ":8:16: invalid JSON: ", 0),
            0u)
      << malformed.err;
  const CliResult with_csv = run("compare '" + kFixture + "' --gbench-json '" +
                                 good + "' '" + good + "'");
  EXPECT_EQ(with_csv.exit_code, 2);
  EXPECT_EQ(
      with_csv.err,
      "fpbench: error: a samples CSV cannot be combined with --gbench-json or "
      "--hyperfine-json: give one kind of input\n");
  EXPECT_EQ(run("compare --gbench-json '" + good + "'").exit_code, 2);
  EXPECT_EQ(
      run("compare --metric wall --gbench-json '" + good + "' '" + good + "'")
          .exit_code,
      2);
  EXPECT_EQ(run("compare --metric cpu_time '" + kFixture + "'").exit_code, 2);
  EXPECT_EQ(run("compare --gbench-json '" + good + "' '" +
                (dir_ / "nope.json").string() + "'")
                .exit_code,
            2);
}

TEST_F(Cli, OnlyConstantDataStillPrintsTheRow) {
  const fs::path p =
      write("const.csv",
            "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
            "\"old\",\"a.js\",\"n=1\",100,1\n\"old\",\"a.js\",\"n=1\",100,1\n"
            "\"new\",\"a.js\",\"n=1\",125,1\n\"new\",\"a.js\",\"n=1\",125,1\n");
  const CliResult r = run("compare '" + p.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(
      r.out.find("a.js n=1         NA     25.00 %           NA   NA    NA\n"),
      std::string::npos)
      << r.out;
}

// Samples of one benchmark: old around 1000 ops/s, new scaled by `factor`,
// with a fixed +-1% pattern of spread.
std::string gate_csv(const std::string& config, double factor) {
  std::string csv;
  for (int i = 0; i < 10; ++i) {
    const double wobble = 1 + 0.01 * ((i % 5) - 2) / 2.0;
    csv += "\"old\",\"fs/read-file-sync\",\"" + config + "\"," +
           std::to_string(1000 * wobble) + ",1\n";
    csv += "\"new\",\"fs/read-file-sync\",\"" + config + "\"," +
           std::to_string(1000 * factor * wobble) + ",1\n";
  }
  return csv;
}

const std::string kHeader =
    "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n";

TEST_F(Cli, GateExitCodesFollowTheVerdict) {
  const fs::path same = write("same.csv", kHeader + gate_csv("size=1", 1.0));
  const CliResult pass = run("gate '" + same.string() + "'");
  EXPECT_EQ(pass.exit_code, 0) << pass.err;
  EXPECT_NE(pass.out.find("PASS: 0 of 1 benchmarks regressed"),
            std::string::npos)
      << pass.out;

  const fs::path slower =
      write("slower.csv",
            kHeader + gate_csv("size=1", 1.0) + gate_csv("size=2", 0.9));
  const CliResult fail = run("gate < '" + slower.string() + "'");
  EXPECT_EQ(fail.exit_code, 1) << fail.err;
  EXPECT_NE(fail.out.find("regression: fs/read-file-sync size=2"),
            std::string::npos)
      << fail.out;
  EXPECT_NE(fail.out.find("FAIL: 1 of 2"), std::string::npos) << fail.out;

  // The same slowdown with a 15% threshold for this benchmark passes.
  EXPECT_EQ(
      run("gate --threshold 'fs/read-*size=2=15%' '" + slower.string() + "'")
          .exit_code,
      0);

  const fs::path missing =
      write("missing.csv",
            kHeader + gate_csv("size=1", 1.0) +
                "\"old\",\"fs/x\",\"\",5,1\n\"old\",\"fs/x\",\"\",6,1\n");
  const CliResult incomplete = run("gate '" + missing.string() + "'");
  EXPECT_EQ(incomplete.exit_code, 3) << incomplete.out;
  EXPECT_NE(incomplete.out.find("missing samples"), std::string::npos)
      << incomplete.out;
}

TEST_F(Cli, GateWritesMarkdownAndJson) {
  const fs::path slower =
      write("slower.csv", kHeader + gate_csv("size=2", 0.9));
  const fs::path json = dir_ / "gate.json";
  const CliResult r = run("gate --format markdown --json '" + json.string() +
                          "' '" + slower.string() + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.rfind("### fpbench gate: FAIL", 0), 0u) << r.out;
  const std::string j = slurp(json);
  EXPECT_NE(j.find("\"verdict\": \"regression\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"correction\": \"holm\""), std::string::npos) << j;
}

// Samples with a planted contradiction, as fs/read-file-sync's missing
// descriptor gave them: instructions -99.57%, exact, while both sides ran at
// 2.8 million operations per second within about 1%.
std::string contradicting_jsonl() {
  const std::string key =
      R"("filename":"fs/read-file-sync","configuration":"path='non-existing' useFd='true'")";
  std::string out;
  for (const char* side : {"old", "new"}) {
    for (const char* rate : {"2800000", "2830000", "2780000", "2810000",
                             "2790000", "2820000", "2770000", "2800000"}) {
      out += std::string(R"({"binary":")") + side + "\"," + key +
             R"(,"iterations":280000,"metrics":{"wall":{"value":)" + rate +
             R"(,"time":0.1,"source":"clock"}}})" + "\n";
    }
    for (int i = 0; i < 3; ++i) {
      out += std::string(R"({"binary":")") + side + "\"," + key +
             R"(,"iterations":4,"metrics":{"instructions":{"value":)" +
             (std::string(side) == "old" ? "917097" : "3910") +
             R"(,"source":"valgrind"}}})" + "\n";
    }
  }
  return out;
}

const std::string kContradiction =
    "fs/read-file-sync path='non-existing' useFd='true': counted and timed "
    "disagree: instructions -99.57% (917097 -> 3910 per operation, exact) "
    "but wall +0.00% ±";

TEST_F(Cli, CompareNamesACountThatContradictsItsTimeUnderTheTables) {
  const fs::path file = write("contradiction.jsonl", contradicting_jsonl());
  const CliResult text = run("compare '" + file.string() + "'");
  EXPECT_EQ(text.exit_code, 0) << text.err;
  const std::size_t note = text.out.find("\nwarning: " + kContradiction);
  ASSERT_NE(note, std::string::npos) << text.out;
  // After compare.R's table and the instructions table, which are as ever.
  EXPECT_LT(text.out.find("improvement accuracy (*)"), note);
  EXPECT_LT(text.out.rfind("-99.57 %      exact"), note);
  EXPECT_EQ(text.out.back(), '\n');
  EXPECT_EQ(text.err, "");

  const CliResult md = run("compare --format markdown '" + file.string() + "'");
  EXPECT_NE(md.out.find("> **Warning:** fs/read-file-sync path="),
            std::string::npos)
      << md.out;

  // JSON stays a document; the warning goes to stderr.
  const CliResult json = run("compare --format json '" + file.string() + "'");
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_EQ(json.out.find("warning"), std::string::npos);
  EXPECT_NE(json.err.find("fpbench: warning: " + kContradiction),
            std::string::npos)
      << json.err;
}

TEST_F(Cli, GateNamesACountThatContradictsItsTimeAndKeepsItsVerdict) {
  const fs::path file = write("contradiction.jsonl", contradicting_jsonl());
  const fs::path json = dir_ / "gate.json";
  const CliResult r =
      run("gate --json '" + json.string() + "' '" + file.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.rfind("warning: " + kContradiction, 0), 0u) << r.out;
  EXPECT_NE(r.out.rfind("PASS: "), std::string::npos) << r.out;
  const std::string j = slurp(json);
  EXPECT_EQ(j.rfind("{\"exit_code\": 0, \"contradictions\": [{", 0), 0u) << j;
  EXPECT_NE(j.find("\"counted_change_pct\":-99.57"), std::string::npos) << j;
  const CliResult md = run("gate --format markdown '" + file.string() + "'");
  EXPECT_NE(md.out.find("> **Warning:** fs/read-file-sync path="),
            std::string::npos)
      << md.out;
}

TEST_F(Cli, GateRejectsBadOptionsAndInput) {
  const fs::path same = write("same.csv", kHeader + gate_csv("size=1", 1.0));
  for (const char* bad :
       {"--correction bonferroni", "--alpha 0", "--alpha 1.5",
        "--max-regression lots", "--threshold nothing", "--format yaml"}) {
    const CliResult r =
        run(std::string("gate ") + bad + " '" + same.string() + "'");
    EXPECT_EQ(r.exit_code, 2) << bad;
    EXPECT_EQ(r.err.rfind("fpbench: error: ", 0), 0u) << bad << ": " << r.err;
  }
  // A rate cannot fall by 100%: such a threshold would pass every regression.
  for (const char* never : {"--max-regression 100%", "--max-regression 250",
                            "--threshold size=100%"}) {
    const CliResult r =
        run(std::string("gate ") + never + " '" + same.string() + "'");
    EXPECT_EQ(r.exit_code, 2) << never;
    EXPECT_NE(
        r.err.find("is higher-is-better, and it cannot fall by 100% or more"),
        std::string::npos)
        << never << ": " << r.err;
  }
  // A time can rise by more than 100%.
  EXPECT_NE(
      run("gate --lower-is-better --max-regression 250 '" + same.string() + "'")
          .exit_code,
      2);
  const fs::path broken =
      write("broken.csv", kHeader + "\"old\",\"a\",\"\",x,1\n");
  const CliResult r = run("gate '" + broken.string() + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(broken.string() + ":2:"), std::string::npos) << r.err;
}

bool is_png(const fs::path& p) {
  return slurp(p).rfind("\x89PNG\r\n\x1a\n", 0) == 0;
}

TEST_F(Cli, ComparePlotsBothPicturesAndStillPrintsTheTable) {
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const fs::path box = dir_ / "out.png", improvement = dir_ / "out2.png";
  const CliResult r =
      run("compare '" + kFixture + "' --plot '" + box.string() +
          "' --plot-improvement '" + improvement.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            slurp(FPBENCH_SOURCE_DIR
                  "/reports/tests/data/compare-r/readfilesync.expected.txt"));
  EXPECT_TRUE(is_png(box));
  EXPECT_TRUE(is_png(improvement));
  EXPECT_GT(fs::file_size(box), 5000u);
  EXPECT_GT(fs::file_size(improvement), 5000u);
}

TEST_F(Cli, ComparePlotGoesWithAnyFormat) {
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const fs::path improvement = dir_ / "improvement.png";
  const CliResult r = run("compare --format json --plot-improvement '" +
                          improvement.string() + "' '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{", 0), 0u);
  EXPECT_TRUE(is_png(improvement));
  EXPECT_FALSE(fs::exists(dir_ / "out.png"));
}

TEST_F(Cli, ComparePlotToAnUnwritablePathNamesIt) {
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const std::string png = (dir_ / "no-such-dir" / "out.png").string();
  const CliResult r = run("compare '" + kFixture + "' --plot '" + png + "'");
  EXPECT_EQ(r.exit_code, 3);  // an output that cannot be written
  EXPECT_NE(r.err.find("fpbench: error: cannot draw '" + png + "'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("No such file or directory"), std::string::npos)
      << r.err;
}

TEST_F(Cli, ComparePlotsAtExactlyThePathGivenAndRefusesADirectory) {
  const fs::path folder = dir_ / "pictures";
  fs::create_directories(folder);
  for (const char* flag : {"--plot", "--plot-improvement"}) {
    const CliResult r = run("compare '" + kFixture + "' " + flag + " '" +
                            folder.string() + "'");
    EXPECT_EQ(r.exit_code, 3) << flag;
    EXPECT_NE(
        r.err.find("cannot draw '" + folder.string() + "': it is a directory"),
        std::string::npos)
        << r.err;
  }
  EXPECT_TRUE(fs::is_empty(folder));
  EXPECT_FALSE(fs::exists(folder.string() + ".png"));
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const fs::path bare = dir_ / "box", improvement = dir_ / "improvement.data";
  const CliResult r =
      run("compare '" + kFixture + "' --plot '" + bare.string() +
          "' --plot-improvement '" + improvement.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(is_png(bare));
  EXPECT_TRUE(is_png(improvement));
  EXPECT_FALSE(fs::exists(bare.string() + ".png"));
  EXPECT_FALSE(fs::exists(improvement.string() + ".png"));
}

TEST_F(Cli, ComparePlotWithoutAPythonIsAFailureThatSaysHowToChooseOne) {
  const char* old = std::getenv("FPBENCH_PYTHON");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("FPBENCH_PYTHON", "/nonexistent/python3", 1);
  const CliResult r = run("compare '" + kFixture + "' --plot '" +
                          (dir_ / "out.png").string() + "'");
  if (old != nullptr) {
    ::setenv("FPBENCH_PYTHON", saved.c_str(), 1);
  } else {
    ::unsetenv("FPBENCH_PYTHON");
  }
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.out.find("70.32 %"), std::string::npos);
  EXPECT_NE(r.err.find("cannot run '/nonexistent/python3'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("FPBENCH_PYTHON"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "out.png"));
}

}  // namespace
