// What a run records about the programs it measured: fpbench-scenarios
// reports its own build (--build-info), and `fpbench run --json` keeps, for
// each side, what that side's program said, never fpbench's own build.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using test_support::slurp;

struct Shell {
  int exit_code;
  std::string out;
  std::string err;
};

Shell shell(const std::string& cmd, const fs::path& dir) {
  const fs::path out = dir / "stdout", err = dir / "stderr";
  const std::string full =
      cmd + " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
  const int status = std::system(full.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
}

std::map<std::string, std::string> key_values(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto eq = line.find('=');
    if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return out;
}

class BuildInfo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-build-info-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A stand-in scenario program that answers --build-info with `info`,
  // --list-configs with one benchmark, and anything else with one sample.
  fs::path fake_program(const std::string& name, const std::string& info) {
    const fs::path p = dir_ / name;
    std::ofstream(p)
        << "#!/bin/sh\n"
        << "case \" $* \" in\n"
        << "  *' --build-info '*) printf '" << info << "'; exit 0;;\n"
        << "  *' --list-configs '*) echo 'demo/a n=1'; exit 0;;\n"
        << "esac\n"
        << "echo '{\"benchmarks\":[{\"name\":\"x\",\"run_type\":\"iteration\","
           "\"iterations\":10,\"real_time\":1000,\"time_unit\":\"ns\","
           "\"items_per_second\":1000000}]}'\n";
    ::chmod(p.c_str(), 0755);
    return p;
  }

  // `fpbench run ARGS --json FILE`'s context.
  nlohmann::json run_context(const std::string& args) {
    const fs::path json = dir_ / "samples.json";
    const Shell r = shell(
        std::string("'") + FPBENCH_CLI + "' run " + args +
            " --runs 1 --warmup 0 --min-time 0.001 --no-progress --json '" +
            json.string() + "'",
        dir_);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto doc = nlohmann::json::parse(slurp(json), nullptr, false);
    EXPECT_FALSE(doc.is_discarded());
    return doc.is_object() && doc.contains("context") ? doc["context"]
                                                      : nlohmann::json();
  }

  fs::path dir_;
};

// Whether the last -O option in flags turns the optimizer on, as GCC and
// Clang read it.
bool optimizes(const std::string& flags) {
  const std::regex option("(^| )-O(\\S*)");
  std::string level = "0";
  for (auto it = std::sregex_iterator(flags.begin(), flags.end(), option);
       it != std::sregex_iterator(); ++it) {
    level = (*it)[2].str();
  }
  return level != "0";
}

// The commit the build should have read: FPBENCH_GIT_COMMIT when the build
// was told one, else HEAD of the source tree when it is its own git checkout.
std::string expected_commit(const fs::path& dir) {
  if (*FPBENCH_TEST_GIT_COMMIT != '\0') return FPBENCH_TEST_GIT_COMMIT;
  const std::string git = "git -C '" FPBENCH_SOURCE_DIR "' ";
  const Shell top = shell(git + "rev-parse --show-toplevel", dir);
  if (top.exit_code != 0 ||
      fs::canonical(top.out.substr(0, top.out.find('\n'))) !=
          fs::canonical(FPBENCH_SOURCE_DIR)) {
    return "unknown";
  }
  const Shell head = shell(git + "rev-parse HEAD", dir);
  return head.out.substr(0, head.out.find('\n'));
}

TEST_F(BuildInfo, ScenarioProgramReportsItsCompilerFlagsBuildTypeAndCommit) {
  const Shell r = shell("'" FPBENCH_SCENARIOS "' --build-info", dir_);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto info = key_values(r.out);
  for (const char* key : {"optimized", "sanitized", "assertions", "compiler",
                          "flags", "build_type", "commit"}) {
    EXPECT_EQ(info.count(key), 1u) << key << " missing from:\n" << r.out;
  }
  EXPECT_EQ(info.at("compiler"), FPBENCH_TEST_COMPILER);
  EXPECT_EQ(info.at("build_type"), FPBENCH_TEST_BUILD_TYPE);
  // The flags (from CMake) and the yes/no lines (from the compiler's own
  // macros) must tell the same story.
  const std::string& flags = info.at("flags");
  EXPECT_EQ(flags.find("-fsanitize=") != std::string::npos,
            info.at("sanitized") == "yes")
      << flags;
  EXPECT_EQ(optimizes(flags), info.at("optimized") == "yes") << flags;
  EXPECT_EQ(flags.find("-DNDEBUG") != std::string::npos,
            info.at("assertions") == "no")
      << flags;

  const std::string commit = info.at("commit");
  const std::string expected = expected_commit(dir_);
  EXPECT_TRUE(commit == expected || commit == expected + "-dirty")
      << "commit=" << commit << ", expected " << expected;
}

TEST_F(BuildInfo, RunJsonRecordsEachSidesOwnBuild) {
  const fs::path old_program = fake_program(
      "old.sh",
      "optimized=yes\\nsanitized=no\\nassertions=no\\ncompiler=GNU 11.4.0\\n"
      "flags=-O2 -DNDEBUG\\nbuild_type=Release\\ncommit=1111111\\n");
  const fs::path new_program = fake_program(
      "new.sh",
      "optimized=yes\\nsanitized=no\\nassertions=no\\ncompiler=Clang 16.0.6\\n"
      "flags=-O3 -DNDEBUG "
      "-march=native\\nbuild_type=RelWithDebInfo\\ncommit=2222222\\n");
  const nlohmann::json context =
      run_context("--old '" + old_program.string() + "' --new '" +
                  new_program.string() + "'");
  ASSERT_TRUE(context.contains("programs")) << context.dump(2);
  const nlohmann::json& old_side = context["programs"]["old"];
  const nlohmann::json& new_side = context["programs"]["new"];
  EXPECT_EQ(old_side["path"], old_program.string());
  EXPECT_EQ(new_side["path"], new_program.string());
  EXPECT_EQ(old_side["build_info"]["compiler"], "GNU 11.4.0");
  EXPECT_EQ(new_side["build_info"]["compiler"], "Clang 16.0.6");
  EXPECT_EQ(old_side["build_info"]["flags"], "-O2 -DNDEBUG");
  EXPECT_EQ(new_side["build_info"]["flags"], "-O3 -DNDEBUG -march=native");
  EXPECT_EQ(old_side["build_info"]["build_type"], "Release");
  EXPECT_EQ(new_side["build_info"]["build_type"], "RelWithDebInfo");
  EXPECT_EQ(old_side["build_info"]["commit"], "1111111");
  EXPECT_EQ(new_side["build_info"]["commit"], "2222222");
  EXPECT_EQ(old_side["build_info"]["optimized"], "yes");
  // Nothing at the top claims to describe the measured code: the only
  // compiler recorded outside the sides is fpbench's own, under "harness".
  for (const char* key :
       {"compiler", "compiler_flags", "build_type", "git_commit"}) {
    EXPECT_FALSE(context.contains(key)) << key;
  }
}

TEST_F(BuildInfo, AnOlderProgramsMissingFieldsAreNull) {
  const fs::path program = fake_program(
      "older.sh", "optimized=yes\\nsanitized=no\\nassertions=no\\n");
  const nlohmann::json context =
      run_context("--old-impl baseline --new-impl fast --scenario-program '" +
                  program.string() + "'");
  ASSERT_TRUE(context.contains("programs")) << context.dump(2);
  for (const char* side : {"old", "new"}) {
    const nlohmann::json& p = context["programs"][side];
    EXPECT_EQ(p["path"], program.string()) << side;
    for (const char* key : {"compiler", "flags", "build_type", "commit"}) {
      EXPECT_TRUE(p["build_info"][key].is_null()) << side << " " << key;
    }
  }
  EXPECT_EQ(context["programs"]["old"]["impl"], "baseline");
  EXPECT_EQ(context["programs"]["new"]["impl"], "fast");
}

}  // namespace
}  // namespace fpbench::harness
