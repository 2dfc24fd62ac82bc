// --json, --markdown, --csv and --html FILE of the commands that compare or
// decide: each file is byte for byte what --format of its kind prints, from
// the one comparison the command made, and the main output stays on stdout.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

using CliResult = fpbench::test_support::CliRun;

class OutputFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-output-files-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const {
    return (dir_ / name).string();
  }

  CliResult run(const std::string& args) const {
    return fpbench::test_support::run_program(FPBENCH_CLI, args, dir_);
  }

  fs::path dir_;
};

const std::string kFixture =
    FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r/readfilesync.csv";

TEST_F(OutputFiles, CompareWritesEveryFormatBesideTheTable) {
  const CliResult r =
      run("compare '" + kFixture + "' --json '" + path("c.json") +
          "' --markdown '" + path("c.md") + "' --csv '" + path("c.csv") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, run("compare '" + kFixture + "'").out);
  for (const char* format : {"json", "markdown", "csv"}) {
    const std::string file =
        path(std::string("c.") +
             (format == std::string("markdown") ? "md" : format));
    const CliResult alone =
        run("compare '" + kFixture + "' --format " + format);
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    EXPECT_FALSE(alone.out.empty()) << format;
    EXPECT_EQ(slurp(file), alone.out) << format;
  }
}

TEST_F(OutputFiles, CompareKeepsItsOptionsInTheFiles) {
  const CliResult r = run("compare --only-significant --format json '" +
                          kFixture + "' --markdown '" + path("c.md") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(
      slurp(path("c.md")),
      run("compare --only-significant --format markdown '" + kFixture + "'")
          .out);
}

TEST_F(OutputFiles, GateWritesEveryFormatAndKeepsItsExitCode) {
  const CliResult r = run("gate '" + kFixture + "' --json '" + path("g.json") +
                          "' --markdown '" + path("g.md") + "' --html '" +
                          path("g.html") + "'");
  const CliResult text = run("gate '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, text.exit_code) << r.err;
  EXPECT_EQ(r.out, text.out);
  for (const char* format : {"json", "markdown", "html"}) {
    const std::string file =
        path(std::string("g.") +
             (format == std::string("markdown") ? "md" : format));
    const CliResult alone = run("gate '" + kFixture + "' --format " + format);
    EXPECT_FALSE(alone.out.empty()) << format;
    EXPECT_EQ(slurp(file), alone.out) << format;
  }
}

TEST_F(OutputFiles, AFileFlagThatCannotBeMeantIsAUsageError) {
  struct Bad {
    const char* args;
    const char* message;
  };
  const std::string same = path("same");
  for (const Bad& bad : {
           Bad{"--json -", "--json takes a file"},
           Bad{"--markdown -", "--markdown takes a file"},
       }) {
    for (const char* command : {"compare", "gate"}) {
      const CliResult r =
          run(std::string(command) + " '" + kFixture + "' " + bad.args);
      EXPECT_EQ(r.exit_code, 2) << command << " " << bad.args;
      EXPECT_NE(r.err.find(bad.message), std::string::npos) << r.err;
      EXPECT_EQ(r.out, "") << command << " " << bad.args;
    }
  }
  const CliResult twice = run("gate '" + kFixture + "' --json '" + same +
                              "' --markdown '" + same + "'");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("--json and --markdown name the same file"),
            std::string::npos)
      << twice.err;
  EXPECT_FALSE(fs::exists(same));
  // Each command offers the files it has a renderer for.
  EXPECT_EQ(run("compare '" + kFixture + "' --html '" + same + "'").exit_code,
            2);
  EXPECT_EQ(run("gate '" + kFixture + "' --csv '" + same + "'").exit_code, 2);
}

TEST_F(OutputFiles, AnUnwritableFileIsAnIoErrorNamingIt) {
  const std::string nowhere = path("no/such/folder/c.json");
  const CliResult r =
      run("compare '" + kFixture + "' --json '" + nowhere + "'");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find(nowhere), std::string::npos) << r.err;
}

}  // namespace
