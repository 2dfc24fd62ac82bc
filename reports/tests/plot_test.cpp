// render_plot against the real script: the PNG it writes, and which error
// code each way of failing maps to.

#include "fpbench/reports/plot.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::reports {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::plotting_python_available;
using fpbench::test_support::slurp;

// Sets (or, given no value, unsets) an environment variable for the
// lifetime of this object.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::optional<std::string>& value)
      : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value->c_str(), 1);
    } else {
      ::unsetenv(name);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class Plot : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-plot-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

const std::string kTestdata = FPBENCH_SOURCE_DIR "/reports/plot/testdata/";

TEST(PlotKind, NamesAreTheScriptsSubcommands) {
  EXPECT_EQ(plot_kind_name(PlotKind::kBox), "box");
  EXPECT_EQ(plot_kind_name(PlotKind::kImprovement), "improvement");
  EXPECT_EQ(plot_kind_name(PlotKind::kHistory), "history");
}

TEST(PlotScript, EnvironmentComesFirstAndMustExist) {
  const std::string source = FPBENCH_SOURCE_DIR "/reports/plot/fpbench_plot.py";
  {
    const ScopedEnv env("FPBENCH_PLOT_SCRIPT", source);
    ASSERT_TRUE(plot_script_path());
    EXPECT_EQ(*plot_script_path(), source);
  }
  const ScopedEnv env("FPBENCH_PLOT_SCRIPT", "/nonexistent/fpbench_plot.py");
  const auto missing = plot_script_path();
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::kInternal);
  EXPECT_NE(missing.error().message.find("/nonexistent/fpbench_plot.py"),
            std::string::npos);
}

TEST(PlotScript, FallsBackToTheSourceTree) {
  const ScopedEnv env("FPBENCH_PLOT_SCRIPT", std::nullopt);
  const auto found = plot_script_path();
  ASSERT_TRUE(found) << found.error().message;
  EXPECT_TRUE(fs::exists(*found));
}

TEST_F(Plot, WritesEachKindOfPicture) {
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const std::string compare = slurp(kTestdata + "compare-5.json");
  const std::string history = slurp(kTestdata + "history-2.json");
  for (const auto& [kind, json] : {std::pair{PlotKind::kBox, compare},
                                   std::pair{PlotKind::kImprovement, compare},
                                   std::pair{PlotKind::kHistory, history}}) {
    const fs::path png = dir_ / (std::string(plot_kind_name(kind)) + ".png");
    const Result<void> r = render_plot(kind, json, png.string());
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(slurp(png).rfind("\x89PNG\r\n\x1a\n", 0), 0u) << png;
  }
}

TEST_F(Plot, JsonTheScriptRejectsIsBadInputWithItsMessage) {
  if (!plotting_python_available())
    FPBENCH_SKIP_OR_FAIL_IN_CI("no Python with matplotlib");
  const Result<void> r =
      render_plot(PlotKind::kBox, R"({"rows": 1})", (dir_ / "x.png").string());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_NE(r.error().message.find("rows: expected an array"),
            std::string::npos)
      << r.error().message;
  EXPECT_FALSE(fs::exists(dir_ / "x.png"));
}

TEST_F(Plot, APythonThatCannotStartIsAnInternalError) {
  const ScopedEnv env("FPBENCH_PYTHON", "/nonexistent/python3");
  const Result<void> r =
      render_plot(PlotKind::kBox, "{}", (dir_ / "x.png").string());
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::kInternal);
  EXPECT_NE(r.error().message.find("FPBENCH_PYTHON"), std::string::npos);
}

TEST_F(Plot, TheTemporaryJsonIsRemoved) {
  const ScopedEnv tmp("TMPDIR", dir_.string());
  const ScopedEnv env("FPBENCH_PYTHON", "/bin/true");
  ASSERT_TRUE(render_plot(PlotKind::kBox, "{}", (dir_ / "x.png").string()));
  EXPECT_TRUE(fs::is_empty(dir_));
}

}  // namespace
}  // namespace fpbench::reports
