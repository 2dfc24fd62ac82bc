// load_samples: one kind of input, OLD and NEW files on their sides, errors
// naming the file.

#include "fpbench/reports/sample_sources.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fpbench/reports/input.hpp"
#include "json_samples_test_util.hpp"

namespace fpbench::reports {
namespace {

using namespace fpbench::reports::test_support;

TEST(LoadSamples, GbenchOldAndNewFiles) {
  SampleInputs in;
  in.gbench = {kGbenchDir + "tiny-1.7.1-old.json",
               kGbenchDir + "tiny-1.7.1-new.json"};
  const auto loaded = load_samples(in);
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ(loaded->metric_description, "1/real_time (iterations per second)");
  ASSERT_EQ(loaded->samples.benchmarks().size(), 3u);
  for (const BenchmarkSamples& b : loaded->samples.benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 3u) << b.name;
    EXPECT_EQ(b.new_rates.size(), 3u) << b.name;
  }
  ASSERT_EQ(loaded->warnings.size(), 2u);
  EXPECT_EQ(loaded->warnings[0], kGbenchDir +
                                     "tiny-1.7.1-old.json: benchmark "
                                     "'BM_fails' skipped: device not found");
  EXPECT_EQ(loaded->warnings[1], kGbenchDir +
                                     "tiny-1.7.1-new.json: benchmark "
                                     "'BM_fails' skipped: device not found");

  in.metric = TimeMetric::kCpuTime;
  const auto cpu = load_samples(in);
  ASSERT_TRUE(cpu);
  EXPECT_EQ(cpu->metric_description, "1/cpu_time (iterations per second)");
}

TEST(LoadSamples, HyperfineOldAndNewFiles) {
  SampleInputs in;
  in.hyperfine = {kHyperfineDir + "hyperfine-1.15-old.json",
                  kHyperfineDir + "hyperfine-1.15-new.json"};
  const auto loaded = load_samples(in);
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ(loaded->metric_description, "1/time (runs per second)");
  for (const BenchmarkSamples& b : loaded->samples.benchmarks()) {
    EXPECT_EQ(b.old_rates.size(), 5u) << b.name;
    EXPECT_EQ(b.new_rates.size(), 5u) << b.name;
  }
  EXPECT_TRUE(loaded->warnings.empty());
}

TEST(LoadSamples, CsvAsBefore) {
  SampleInputs in;
  in.csv_path =
      FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r/readfilesync.csv";
  const auto loaded = load_samples(in);
  ASSERT_TRUE(loaded) << loaded.error().message;
  EXPECT_EQ(loaded->metric_description, "rate_ops_per_s");
  EXPECT_GT(loaded->samples.sample_count(), 0u);
}

TEST(LoadSamples, ExactlyOneKindOfInputAndTwoFiles) {
  const std::string old_file = kGbenchDir + "tiny-1.7.1-old.json";
  SampleInputs none;
  EXPECT_EQ(load_samples(none).error().kind, ErrorKind::kUsage);
  SampleInputs both;
  both.csv_path = "-";
  both.gbench = {old_file, old_file};
  EXPECT_EQ(load_samples(both).error().kind, ErrorKind::kUsage);
  SampleInputs one;
  one.gbench = {old_file};
  EXPECT_EQ(load_samples(one).error().message,
            "--gbench-json takes two files, OLD and NEW; got 1");
  SampleInputs stdin_twice;
  stdin_twice.hyperfine = {"-", "-"};
  EXPECT_EQ(load_samples(stdin_twice).error().kind, ErrorKind::kUsage);
}

TEST(LoadSamples, ErrorsNameTheFile) {
  SampleInputs in;
  in.gbench = {kGbenchDir + "tiny-1.7.1-old.json", kGbenchDir + "no-such.json"};
  const auto missing = load_samples(in);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::kBadInput);
  EXPECT_NE(missing.error().message.find("no-such.json"), std::string::npos);
  in.gbench[1] = kGbenchDir + "malformed.json";
  EXPECT_EQ(load_samples(in).error().message.rfind(
                kGbenchDir + "malformed.json:8:16: ", 0),
            0u);
}

TEST(ReadInput, AnEndlessInputStopsAtTheLimit) {
  const auto zero = read_input("/dev/zero", 1 << 20);
  ASSERT_FALSE(zero);
  EXPECT_EQ(zero.error().kind, ErrorKind::kBadInput);
  EXPECT_EQ(
      zero.error().message,
      "/dev/zero: input larger than 1048576 bytes, the most one input may "
      "hold: is it the right file?");
}

TEST(ReadInput, AFileLargerThanTheDefaultLimitIsRefusedUnread) {
  // Sparse: one byte past the limit costs no disk and, refused by its size,
  // no memory.
  const std::string path = ::testing::TempDir() + "fpbench-huge-input";
  { std::ofstream out(path); }
  std::filesystem::resize_file(path, kMaxInputBytes + 1);
  const auto huge = read_input(path);
  const auto huge_mapped = open_input(path);
  std::filesystem::remove(path);
  ASSERT_FALSE(huge_mapped);
  EXPECT_EQ(huge_mapped.error().kind, ErrorKind::kBadInput);
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().kind, ErrorKind::kBadInput);
  EXPECT_NE(huge.error().message.find("input larger than 1073741824 bytes"),
            std::string::npos)
      << huge.error().message;
  // A file within the limit is read.
  const auto small =
      read_input(FPBENCH_SOURCE_DIR "/reports/tests/data/gbench/malformed.json",
                 kMaxInputBytes);
  EXPECT_TRUE(small);
}

TEST(LoadSamples, DisjointNamesWarn) {
  SampleInputs in;
  in.gbench = {kGbenchDir + "time-units.json", kGbenchDir + "skipped-1.8.json"};
  const auto loaded = load_samples(in);
  ASSERT_TRUE(loaded) << loaded.error().message;
  ASSERT_FALSE(loaded->warnings.empty());
  EXPECT_EQ(loaded->warnings.back(), kGbenchDir + "time-units.json and " +
                                         kGbenchDir +
                                         "skipped-1.8.json have no benchmark "
                                         "name in common");
}

}  // namespace
}  // namespace fpbench::reports

namespace fpbench::reports {
namespace {

TEST(OpenInput, AMappedFileHasTheBytesReadInputReads) {
  const std::string path =
      FPBENCH_SOURCE_DIR "/reports/tests/data/compare-r/readfilesync.csv";
  const auto read = read_input(path);
  auto mapped = open_input(path);
  ASSERT_TRUE(read);
  ASSERT_TRUE(mapped);
  EXPECT_EQ(mapped->view(), *read);
  InputText moved = std::move(*mapped);
  EXPECT_EQ(moved.view(), *read);
  InputText assigned(std::string("x"));
  assigned = std::move(moved);
  EXPECT_EQ(assigned.view(), *read);
  const auto empty_path = ::testing::TempDir() + "fpbench-empty-input";
  { std::ofstream out(empty_path); }
  const auto empty = open_input(empty_path);
  std::filesystem::remove(empty_path);
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->view().empty());
  const auto endless = open_input("/dev/zero", 4096);
  ASSERT_FALSE(endless);
  EXPECT_EQ(endless.error().kind, ErrorKind::kBadInput);
}

}  // namespace
}  // namespace fpbench::reports
