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

// The plots need a Python with matplotlib (FPBENCH_PYTHON, else
// /usr/bin/python3); without one these tests are skipped.
bool plotting_python_available() {
  const char* env = std::getenv("FPBENCH_PYTHON");
  const std::string python = env != nullptr && *env != '\0' ? env : "/usr/bin/python3";
  const std::string cmd = "'" + python + "' -c 'import matplotlib' >/dev/null 2>&1";
  return std::system(cmd.c_str()) == 0;
}

bool is_png(const fs::path& p) {
  return slurp(p).rfind("\x89PNG\r\n\x1a\n", 0) == 0;
}

TEST_F(Cli, ComparePlotsBothPicturesAndStillPrintsTheTable) {
  if (!plotting_python_available()) GTEST_SKIP() << "no Python with matplotlib";
  const fs::path box = dir_ / "out.png", improvement = dir_ / "out2.png";
  const CliResult r = run("compare '" + kFixture + "' --plot '" + box.string() +
                          "' --plot-improvement '" + improvement.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(FPBENCH_SOURCE_DIR
                         "/harness/tests/data/compare-r/readfilesync.expected.txt"));
  EXPECT_TRUE(is_png(box));
  EXPECT_TRUE(is_png(improvement));
  EXPECT_GT(fs::file_size(box), 5000u);
  EXPECT_GT(fs::file_size(improvement), 5000u);
}

TEST_F(Cli, ComparePlotGoesWithAnyFormat) {
  if (!plotting_python_available()) GTEST_SKIP() << "no Python with matplotlib";
  const fs::path improvement = dir_ / "improvement.png";
  const CliResult r = run("compare --format json --plot-improvement '" +
                          improvement.string() + "' '" + kFixture + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{", 0), 0u);
  EXPECT_TRUE(is_png(improvement));
  EXPECT_FALSE(fs::exists(dir_ / "out.png"));
}

TEST_F(Cli, ComparePlotToAnUnwritablePathNamesIt) {
  if (!plotting_python_available()) GTEST_SKIP() << "no Python with matplotlib";
  const std::string png = (dir_ / "no-such-dir" / "out.png").string();
  const CliResult r = run("compare '" + kFixture + "' --plot '" + png + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("fpbench: error: cannot draw '" + png + "'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("No such file or directory"), std::string::npos) << r.err;
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
  EXPECT_NE(r.err.find("cannot run '/nonexistent/python3'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("FPBENCH_PYTHON"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "out.png"));
}

}  // namespace
