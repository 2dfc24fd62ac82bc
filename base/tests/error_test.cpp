// The one mapping from error kind to exit code, and the error helpers.

#include "fpbench/base/error.hpp"

#include <gtest/gtest.h>

#include "fpbench/base/result.hpp"

namespace fpbench {
namespace {

TEST(ExitCode, MistakesInTheCommandOrItsFilesAreTwo) {
  EXPECT_EQ(kExitBadUsage, 2);
  EXPECT_EQ(exit_code(ErrorKind::kUsage), 2);
  EXPECT_EQ(exit_code(ErrorKind::kBadInput), 2);
}

TEST(ExitCode, FailuresOfTheMachineTheBenchmarkOrFpbenchAreThree) {
  EXPECT_EQ(kExitFailure, 3);
  EXPECT_EQ(exit_code(ErrorKind::kIo), 3);
  EXPECT_EQ(exit_code(ErrorKind::kSystem), 3);
  EXPECT_EQ(exit_code(ErrorKind::kBenchmarkFailed), 3);
  EXPECT_EQ(exit_code(ErrorKind::kInternal), 3);
  EXPECT_EQ(exit_code(ErrorKind::kUnavailable), 3);
  EXPECT_EQ(exit_code(ErrorKind::kNoSamples), 2);
}

TEST(ExitCode, ResultsAreZeroAndOneAndNoErrorMapsToThem) {
  EXPECT_EQ(kExitOk, 0);
  EXPECT_EQ(kExitRegression, 1);
  for (ErrorKind kind :
       {ErrorKind::kUsage, ErrorKind::kBadInput, ErrorKind::kNoSamples,
        ErrorKind::kIo, ErrorKind::kSystem, ErrorKind::kBenchmarkFailed,
        ErrorKind::kInternal, ErrorKind::kUnavailable}) {
    EXPECT_NE(exit_code(kind), kExitOk) << error_kind_name(kind);
    EXPECT_NE(exit_code(kind), kExitRegression) << error_kind_name(kind);
  }
}

TEST(ExitCode, AnErrorExitsWithItsKindsCode) {
  EXPECT_EQ(exit_code(usage_error("--runs must be at least 1")), 2);
  EXPECT_EQ(exit_code(bad_input_error("a.csv:3: rate 'x'")), 2);
  EXPECT_EQ(exit_code(io_error("db: cannot connect")), 3);
  EXPECT_EQ(exit_code(benchmark_error("exit status 3")), 3);
  EXPECT_EQ(exit_code(internal_error("no plot script")), 3);
}

TEST(Error, HelpersSetKindAndMessage) {
  const Error e =
      bad_input_error("a.csv:3: rate 'oops' is not a finite number");
  EXPECT_EQ(e.kind, ErrorKind::kBadInput);
  EXPECT_EQ(e.message, "a.csv:3: rate 'oops' is not a finite number");
}

TEST(Error, KindNamesAreDistinct) {
  EXPECT_STREQ(error_kind_name(ErrorKind::kUsage), "usage");
  EXPECT_STREQ(error_kind_name(ErrorKind::kBadInput), "bad-input");
  EXPECT_STREQ(error_kind_name(ErrorKind::kNoSamples), "no-samples");
  EXPECT_STREQ(error_kind_name(ErrorKind::kIo), "io");
  EXPECT_STREQ(error_kind_name(ErrorKind::kSystem), "system");
  EXPECT_STREQ(error_kind_name(ErrorKind::kBenchmarkFailed),
               "benchmark-failed");
  EXPECT_STREQ(error_kind_name(ErrorKind::kInternal), "internal");
}

TEST(Result, CarriesTheErrorKind) {
  const Result<int> r = usage_error("--window must be at least 4");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  const Result<void> v = io_error("cannot write 'x'");
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(exit_code(v.error()), kExitFailure);
}

}  // namespace
}  // namespace fpbench
