// Where a counted change went: callgrind's per-function counts of the loop
// read from its output, and a real callgrind run of two builds of one
// Google Benchmark program (tests/gbench/demo_bench.cpp: BM_work runs mix()
// 5% more rounds in the new build, BM_alloc allocates once more) explained
// by function and by call site.

#include "fpbench/reports/explain.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "fpbench/harness/callgrind_profile.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;

// Two parts; the second uses the names the first defined.
constexpr const char* kTwoLoops =
    "# callgrind format\nversion: 1\npositions: line\nevents: Ir\n"
    "part: 1\ndesc: Trigger: Client Request: fpbench-loop\nsummary: 180\n"
    "fn=(1) main\n6 10\ncfn=(2) work(unsigned long)\ncalls=2 -1\n* 170\n"
    "fn=(2)\n5 30\ncfn=(3) malloc\ncalls=2 100\n* 40\n"
    "cfn=(4) inner()\ncalls=2 9\n* 100\n"
    "fn=(3)\n100 40\nfn=(4)\n9 100\n"
    "part: 2\ndesc: Trigger: Program termination\nsummary: 5\n"
    "fn=(1)\n7 5\n"
    "part: 3\ndesc: Trigger: Client Request: fpbench-loop\nsummary: 20\n"
    "fn=(2)\n+1 12\ncfn=(4)\ncalls=1 9\n* 8\nfn=(4)\n9 8\n";

TEST(CallgrindLoops, SelfAndInclusiveCountsAndAllocatingCallersOfLoopParts) {
  const auto loops = parse_callgrind_loops(kTwoLoops);
  ASSERT_TRUE(loops) << loops.error().message;
  ASSERT_EQ(loops->size(), 2U);
  const CallgrindLoop& first = (*loops)[0];
  EXPECT_EQ(first.total, 180U);
  std::uint64_t self_sum = 0;
  for (const FunctionProfile& f : first.functions) self_sum += f.self;
  EXPECT_EQ(self_sum, first.total) << "self counts add up to the loop's";
  ASSERT_EQ(first.functions.front().name, "main");
  EXPECT_EQ(first.functions.front().inclusive, 180U);
  EXPECT_EQ(first.functions[1].name, "work(unsigned long)");
  EXPECT_EQ(first.functions[1].self, 30U);
  EXPECT_EQ(first.functions[1].inclusive, 170U);
  ASSERT_EQ(first.alloc_sites.size(), 1U);
  EXPECT_EQ(first.alloc_sites[0].first, "work(unsigned long)");
  EXPECT_EQ(first.alloc_sites[0].second, 2U);
  const CallgrindLoop& last = (*loops)[1];
  ASSERT_EQ(last.functions.size(), 2U);
  EXPECT_EQ(last.functions[0].name, "work(unsigned long)");
  EXPECT_EQ(last.functions[0].self, 12U);
  EXPECT_EQ(last.functions[0].inclusive, 20U);
  EXPECT_EQ(last.functions[1].name, "inner()");
  EXPECT_TRUE(last.alloc_sites.empty());
}

TEST(CallgrindLoops, AnUnreadableCountIsBadInputNamingItsLine) {
  const auto loops = parse_callgrind_loops(
      "part: 1\ndesc: Trigger: Client Request: fpbench-loop\nfn=f\n3 x7\n");
  ASSERT_FALSE(loops);
  EXPECT_EQ(loops.error().kind, ErrorKind::kBadInput);
  EXPECT_NE(loops.error().message.find("line 4"), std::string::npos)
      << loops.error().message;
}

TEST(CallgrindLoops, AllocatorsAreTheCFunctionsAndOperatorNew) {
  EXPECT_TRUE(is_allocator("malloc"));
  EXPECT_TRUE(is_allocator("operator new[](unsigned long)"));
  EXPECT_FALSE(is_allocator("free"));
  EXPECT_FALSE(is_allocator("mallocate_thing"));
}

// A real callgrind run of both demo builds, then the explanations.
class ExplainRun : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/fpbench-explain-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

double share_of(const reports::ExplainedPart& p,
                const reports::Explanation& e) {
  return p.change() / e.change();
}

TEST_F(ExplainRun, TheChangedFunctionAndTheNewAllocationComeFirst) {
  ASSERT_EQ(std::system("valgrind --version >/dev/null 2>&1"), 0)
      << "valgrind is needed to count instructions by function";
  const std::string samples = (dir_ / "s.jsonl").string();
  const auto run = test_support::run_program(
      FPBENCH_CLI,
      std::string("run --gbench --old '") + FPBENCH_DEMO_BENCH_OLD +
          "' --new '" + FPBENCH_DEMO_BENCH_NEW +
          "' '^BM_work' '^BM_alloc' --metric instructions,allocs --explain "
          "--runs 1 --counter-runs 1 --no-progress -o '" +
          samples + "'",
      dir_);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto records =
      reports::parse_sample_jsonl(test_support::slurp(samples), samples);
  ASSERT_TRUE(records) << records.error().message;

  const auto work = reports::explain_change(
      *records, reports::BenchmarkKey{"BM_work", "2000"}, "instructions");
  ASSERT_TRUE(work);
  ASSERT_TRUE(work->unavailable.empty()) << work->unavailable;
  ASSERT_FALSE(work->parts.empty());
  const reports::ExplainedPart& top = work->parts.front();
  EXPECT_TRUE(top.name.find("mix") != std::string::npos ||
              top.name.find("BM_work") != std::string::npos)
      << top.name;
  EXPECT_GE(share_of(top, *work), 0.8)
      << reports::format_explanation_text(*work);
  EXPECT_GT(top.change(), 0);

  const auto alloc = reports::explain_change(
      *records, reports::BenchmarkKey{"BM_alloc", ""}, "allocs");
  ASSERT_TRUE(alloc);
  ASSERT_TRUE(alloc->unavailable.empty()) << alloc->unavailable;
  EXPECT_DOUBLE_EQ(alloc->change(), 1.0);
  ASSERT_FALSE(alloc->parts.empty());
  EXPECT_NE(alloc->parts.front().name.find("BM_alloc"), std::string::npos)
      << reports::format_explanation_text(*alloc);
  EXPECT_NEAR(alloc->parts.front().change(), 1.0, 1e-9);

  const auto compare = test_support::run_program(
      FPBENCH_CLI, "compare --explain '" + samples + "'", dir_);
  ASSERT_EQ(compare.exit_code, 0) << compare.err;
  EXPECT_NE(compare.out.find("= measured change"), std::string::npos)
      << compare.out;
}

}  // namespace
}  // namespace fpbench::harness
