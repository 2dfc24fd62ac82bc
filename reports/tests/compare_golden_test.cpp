// Every X.csv in the golden folders must render to X.expected.txt byte for
// byte: the compare.R fixtures, and further cases whose expected output was
// produced by R itself (reports/tests/data/r-oracle).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fpbench/reports/report_format.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::reports {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::first_difference;
using fpbench::test_support::slurp;

std::vector<fs::path> golden_inputs(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".csv" &&
        fs::exists(fs::path(e.path()).replace_extension(".expected.txt"))) {
      out.push_back(e.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

void check_folder(const fs::path& dir, std::size_t at_least) {
  const auto inputs = golden_inputs(dir);
  EXPECT_GE(inputs.size(), at_least) << dir;
  for (const fs::path& csv : inputs) {
    SCOPED_TRACE(csv.string());
    const std::string want =
        slurp(fs::path(csv).replace_extension(".expected.txt"));
    const auto got =
        render_comparison(slurp(csv), csv.string(), ReportFormat::kText, {});
    ASSERT_TRUE(got.has_value()) << got.error().message;
    EXPECT_TRUE(*got == want) << first_difference(*got, want);
  }
}

TEST(CompareGolden, NodeCompareRFixtures) {
  check_folder(FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r", 5);
}

TEST(CompareGolden, ROracleCases) {
  check_folder(FPBENCH_SOURCE_DIR "/reports/tests/data/r-oracle", 8);
}

}  // namespace
}  // namespace fpbench::reports
