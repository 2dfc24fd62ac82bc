// End-to-end checks of the fpbench binary: exit codes, stderr messages and
// that standard input works like a file.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

struct CliResult {
  int exit_code;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

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
    FPBENCH_SOURCE_DIR "/harness/tests/data/compare-r/readfilesync.csv";

TEST_F(Cli, CompareFileMatchesGolden) {
  const CliResult r = run("compare '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(FPBENCH_SOURCE_DIR
                         "/harness/tests/data/compare-r/readfilesync.expected.txt"));
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
  EXPECT_EQ(run("compare --format markdown '" + kFixture + "'").out.rfind("| benchmark |", 0), 0u);
  EXPECT_EQ(run("compare --format json '" + kFixture + "'").out.rfind("{", 0), 0u);
  EXPECT_EQ(run("compare --format csv '" + kFixture + "'").out.rfind("name,filename", 0), 0u);
}

TEST_F(Cli, UnknownFormatIsAUsageError) {
  const CliResult r = run("compare --format yaml '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("fpbench: error: unknown format 'yaml'"), std::string::npos);
}

TEST_F(Cli, BadInputExitsTwoWithFileAndLine) {
  const fs::path p = write("bad.csv",
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
  EXPECT_EQ(r.err.rfind("fpbench: error: <stdin>: empty input", 0), 0u) << r.err;
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

const std::string kGbench = FPBENCH_SOURCE_DIR "/harness/tests/data/gbench/";

TEST_F(Cli, CompareGbenchPrintsTheTableAndWarnings) {
  const std::string old_file = kGbench + "tiny-1.7.1-old.json";
  const std::string new_file = kGbench + "tiny-1.7.1-new.json";
  const CliResult r = run("compare --gbench '" + old_file + "' '" + new_file + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("                         confidence improvement accuracy (*)", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("\nBM_memcpy 4096/real_time "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nBM_memcpy 64/real_time "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nBM_sum "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("In this case, there are 3 comparisons"), std::string::npos);
  EXPECT_EQ(r.err, "fpbench: warning: " + old_file +
                       ": benchmark 'BM_fails' skipped: device not found\n"
                       "fpbench: warning: " + new_file +
                       ": benchmark 'BM_fails' skipped: device not found\n");
  // cpu_time reads other numbers: another table.
  const CliResult cpu =
      run("compare --metric cpu_time --gbench '" + old_file + "' '" + new_file + "'");
  EXPECT_EQ(cpu.exit_code, 0) << cpu.err;
  EXPECT_NE(cpu.out, r.out);
}

TEST_F(Cli, CompareGbenchBadInputExitsTwo) {
  const std::string good = kGbench + "tiny-1.7.1-old.json";
  const std::string bad = kGbench + "malformed.json";
  const CliResult malformed = run("compare --gbench '" + good + "' '" + bad + "'");
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_EQ(malformed.out, "");
  EXPECT_EQ(malformed.err.rfind("fpbench: error: " + bad + ":8: invalid JSON: ", 0), 0u)
      << malformed.err;
  const CliResult with_csv =
      run("compare '" + kFixture + "' --gbench '" + good + "' '" + good + "'");
  EXPECT_EQ(with_csv.exit_code, 2);
  EXPECT_EQ(with_csv.err,
            "fpbench: error: a samples CSV cannot be combined with --gbench or "
            "--hyperfine: give one kind of input\n");
  EXPECT_EQ(run("compare --gbench '" + good + "'").exit_code, 2);
  EXPECT_EQ(run("compare --metric wall --gbench '" + good + "' '" + good + "'").exit_code, 2);
  EXPECT_EQ(run("compare --metric cpu_time '" + kFixture + "'").exit_code, 2);
  EXPECT_EQ(run("compare --gbench '" + good + "' '" + (dir_ / "nope.json").string() + "'")
                .exit_code,
            2);
}

TEST_F(Cli, OnlyConstantDataStillPrintsTheRow) {
  const fs::path p = write("const.csv",
                           "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"
                           "\"old\",\"a.js\",\"n=1\",100,1\n\"old\",\"a.js\",\"n=1\",100,1\n"
                           "\"new\",\"a.js\",\"n=1\",125,1\n\"new\",\"a.js\",\"n=1\",125,1\n");
  const CliResult r = run("compare '" + p.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("a.js n=1         NA     25.00 %           NA   NA    NA\n"),
            std::string::npos)
      << r.out;
}

}  // namespace
