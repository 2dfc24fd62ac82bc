// --json, --markdown, --csv, --html, --bmf and --github-action-benchmark
// FILE of the commands that compare or decide: each file is byte for byte
// what --format of its kind prints, from the one comparison the command
// made, and the main output stays on stdout.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace output_files_test {
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

// Every input compare reads gives both trackers' formats, as files beside
// the table and as --format: wall as Bencher's throughput and as ns/op, a
// counted metric under its own name.
TEST_F(OutputFiles, CompareWritesTheTrackersFormatsForEveryInput) {
  const std::string data = FPBENCH_SOURCE_DIR "/reports/tests/data/";
  const std::string jsonl = path("metrics.jsonl");
  std::ofstream(jsonl)
      << R"({"binary":"old","filename":"fs/a","configuration":"n=1",)"
         R"("iterations":4,"metrics":{"wall":{"value":1000,"time":1,)"
         R"("source":"clock"},"instructions":{"value":9,"source":"valgrind"}}})"
         "\n"
      << R"({"binary":"new","filename":"fs/a","configuration":"n=1",)"
         R"("iterations":4,"metrics":{"wall":{"value":2000,"time":1,)"
         R"("source":"clock"},"instructions":{"value":7,"source":"valgrind"}}})"
         "\n";
  const std::vector<std::string> inputs = {
      "'" + kFixture + "'",
      "--gbench-json '" + data + "gbench/tiny-1.7.1-old.json' '" + data +
          "gbench/tiny-1.7.1-new.json'",
      "--hyperfine-json '" + data + "hyperfine/hyperfine-1.15-old.json' '" +
          data + "hyperfine/hyperfine-1.15-new.json'",
      "'" + jsonl + "'",
  };
  for (const std::string& input : inputs) {
    const CliResult r =
        run("compare " + input + " --bmf '" + path("b.json") +
            "' --github-action-benchmark '" + path("g.json") + "'");
    ASSERT_EQ(r.exit_code, 0) << input << ": " << r.err;
    EXPECT_EQ(r.out, run("compare " + input).out) << input;
    const std::string bmf = run("compare " + input + " --format bmf").out;
    const std::string gab =
        run("compare " + input + " --format github-action-benchmark").out;
    EXPECT_EQ(slurp(path("b.json")), bmf) << input;
    EXPECT_EQ(slurp(path("g.json")), gab) << input;

    const auto bmf_doc = nlohmann::json::parse(bmf);
    ASSERT_TRUE(bmf_doc.is_object() && !bmf_doc.empty()) << bmf;
    for (const auto& [name, measures] : bmf_doc.items()) {
      EXPECT_TRUE(measures.at("throughput").at("value").is_number()) << name;
    }
    const auto gab_doc = nlohmann::json::parse(gab);
    ASSERT_TRUE(gab_doc.is_array() && !gab_doc.empty()) << gab;
    EXPECT_EQ(gab_doc[0].at("unit"), "ns/op") << gab;
    EXPECT_TRUE(gab_doc[0].at("value").is_number()) << gab;
  }
  const auto counted =
      nlohmann::json::parse(run("compare '" + jsonl + "' --format bmf").out);
  EXPECT_EQ(counted["fs/a n=1"]["instructions"]["value"], 7.0) << counted;
  const auto named = nlohmann::json::parse(
      run("compare '" + jsonl + "' --format github-action-benchmark").out);
  ASSERT_EQ(named.size(), 2u) << named;
  EXPECT_EQ(named[0]["value"], 5e5) << named;
  EXPECT_EQ(named[1]["name"], "fs/a n=1 [instructions]") << named;
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
}  // namespace output_files_test
