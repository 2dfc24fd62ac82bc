// FPBENCH_TRY and FPBENCH_ASSIGN_OR_RETURN: a value passes through, an error
// is returned unchanged (converted where its type converts), the expression
// runs once.

#include "fpbench/base/try.hpp"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench {
namespace {

// An error with more than base's fields, shaped like the fs core's FsError:
// it converts to an Error and back.
struct PathError : Error {
  PathError() = default;
  PathError(Error error) : Error(std::move(error)) {}
  std::string path;
};

Result<int> number(int n) { return n; }
Result<int> failure(ErrorKind kind, std::string message) {
  return Error(kind, std::move(message));
}
Result<void> ok() { return {}; }
Result<void> void_failure() { return io_error("cannot write 'out.csv'"); }

Result<int> plus_one(Result<int> in) {
  FPBENCH_ASSIGN_OR_RETURN(auto n, std::move(in));
  return n + 1;
}

TEST(AssignOrReturn, PassesTheValueThrough) {
  const Result<int> r = plus_one(number(41));
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 42);
}

TEST(AssignOrReturn, DeclaresANamedTypeOrAssignsAnExistingVariable) {
  const auto f = []() -> Result<std::string> {
    FPBENCH_ASSIGN_OR_RETURN(int a, number(1));
    std::string text = "unchanged";
    FPBENCH_ASSIGN_OR_RETURN(text, Result<std::string>(std::string("b")));
    return std::to_string(a) + text;
  };
  const Result<std::string> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, "1b");
}

TEST(AssignOrReturn, ReturnsTheErrorWithItsKindAndMessage) {
  const Result<int> r =
      plus_one(failure(ErrorKind::kBadInput, "a.csv:3: rate 'x'"));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_EQ(r.error().message, "a.csv:3: rate 'x'");
}

TEST(AssignOrReturn, LeavesAnExistingVariableAloneOnError) {
  int target = 7;
  const auto f = [&]() -> Result<void> {
    FPBENCH_ASSIGN_OR_RETURN(target, failure(ErrorKind::kIo, "gone"));
    target = 0;
    return {};
  };
  const Result<void> r = f();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().message, "gone");
  EXPECT_EQ(target, 7);
}

TEST(AssignOrReturn, MovesAMoveOnlyValueOut) {
  const auto f = []() -> Result<int> {
    FPBENCH_ASSIGN_OR_RETURN(
        std::unique_ptr<int> p,
        Result<std::unique_ptr<int>>(std::make_unique<int>(5)));
    return *p;
  };
  const Result<int> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 5);
}

TEST(AssignOrReturn, BindsAReferenceToTheValueInPlace) {
  const auto f = []() -> Result<std::size_t> {
    FPBENCH_ASSIGN_OR_RETURN(
        const auto& pair,
        Result<std::pair<std::string, int>>(std::pair<std::string, int>(
            "a string longer than any small-string buffer", 3)));
    return pair.first.size() + static_cast<std::size_t>(pair.second);
  };
  const Result<std::size_t> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 47u);
}

TEST(AssignOrReturn, CopiesAnLvalueResultRatherThanMovingFromIt) {
  const Result<std::string> source = std::string("kept");
  const auto f = [&]() -> Result<std::string> {
    FPBENCH_ASSIGN_OR_RETURN(auto copy, source);
    return copy + "!";
  };
  const Result<std::string> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, "kept!");
  EXPECT_EQ(*source, "kept");
}

TEST(AssignOrReturn, TakesCommasInTheExpressionAndTwoUsesOnOneLine) {
  const auto f = []() -> Result<int> {
    // clang-format off
    FPBENCH_ASSIGN_OR_RETURN(auto m, Result<std::map<int, int>>(std::map<int, int>{{1, 2}, {3, 4}})); FPBENCH_ASSIGN_OR_RETURN(auto v, Result<std::vector<int>>(std::vector<int>{5, 6}));
    // clang-format on
    return m.at(3) + v.at(1);
  };
  const Result<int> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 10);
}

TEST(Try, GoesOnWhenThereIsNoError) {
  int reached = 0;
  const auto f = [&]() -> Result<int> {
    FPBENCH_TRY(ok());
    FPBENCH_TRY(number(3));
    reached = 1;
    return 9;
  };
  const Result<int> r = f();
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(*r, 9);
  EXPECT_EQ(reached, 1);
}

TEST(Try, ReturnsTheErrorOfAVoidOrValueResult) {
  int reached = 0;
  const auto from_void = [&]() -> Result<int> {
    FPBENCH_TRY(void_failure());
    reached = 1;
    return 0;
  };
  const auto from_value = [&]() -> Result<int> {
    FPBENCH_TRY(failure(ErrorKind::kUsage, "--runs must be at least 1"));
    reached = 1;
    return 0;
  };
  const Result<int> a = from_void();
  ASSERT_FALSE(a.has_value());
  EXPECT_EQ(a.error().kind, ErrorKind::kIo);
  EXPECT_EQ(a.error().message, "cannot write 'out.csv'");
  const Result<int> b = from_value();
  ASSERT_FALSE(b.has_value());
  EXPECT_EQ(b.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(b.error().message, "--runs must be at least 1");
  EXPECT_EQ(reached, 0);
}

TEST(Try, WorksInAFunctionReturningResultVoid) {
  const auto f = [](bool fail) -> Result<void> {
    FPBENCH_TRY(fail ? void_failure() : ok());
    FPBENCH_ASSIGN_OR_RETURN(const int n, number(2));
    EXPECT_EQ(n, 2);
    return {};
  };
  EXPECT_TRUE(f(false).has_value());
  const Result<void> r = f(true);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kIo);
  EXPECT_EQ(r.error().message, "cannot write 'out.csv'");
}

TEST(Try, ConvertsAnErrorToTheEnclosingFunctionsErrorType) {
  const auto narrow = []() -> Result<int> {
    PathError detailed(io_error("ENOENT: no such file or directory"));
    detailed.path = "/tmp/not-found";
    FPBENCH_TRY(Result<void, PathError>(detailed));
    return 0;
  };
  const Result<int> r = narrow();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kIo);
  EXPECT_EQ(r.error().message, "ENOENT: no such file or directory");

  const auto widen = []() -> Result<int, PathError> {
    FPBENCH_ASSIGN_OR_RETURN(auto n, failure(ErrorKind::kSystem, "fork"));
    return n;
  };
  const Result<int, PathError> w = widen();
  ASSERT_FALSE(w.has_value());
  EXPECT_EQ(w.error().kind, ErrorKind::kSystem);
  EXPECT_EQ(w.error().message, "fork");
  EXPECT_EQ(w.error().path, "");
}

TEST(Try, ConvertsInAssignOrReturnToo) {
  const auto f = []() -> Result<void> {
    FPBENCH_ASSIGN_OR_RETURN(
        auto n, (Result<int, PathError>(PathError(bad_input_error("x")))));
    EXPECT_EQ(n, 0);
    return {};
  };
  const Result<void> r = f();
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_EQ(r.error().message, "x");
}

TEST(Try, EvaluatesTheExpressionExactlyOnce) {
  int calls = 0;
  const auto counted = [&](bool fail) -> Result<int> {
    ++calls;
    if (fail) return io_error("once");
    return calls;
  };
  const auto f = [&](bool fail) -> Result<int> {
    FPBENCH_TRY(counted(fail));
    FPBENCH_ASSIGN_OR_RETURN(auto n, counted(fail));
    return n;
  };
  const Result<int> good = f(false);
  ASSERT_TRUE(good.has_value());
  EXPECT_EQ(*good, 2);
  EXPECT_EQ(calls, 2);

  calls = 0;
  const Result<int> bad = f(true);
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "once");
  EXPECT_EQ(calls, 1);

  calls = 0;
  const auto g = [&]() -> Result<int> {
    FPBENCH_ASSIGN_OR_RETURN(auto n, counted(true));
    return n;
  };
  EXPECT_FALSE(g().has_value());
  EXPECT_EQ(calls, 1);
}

}  // namespace
}  // namespace fpbench
