#include "fpbench/scenarios/counters.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <thread>

#include "fpbench/test_support/ci.hpp"

namespace fpbench::scenarios {
namespace {

// Where the machine cannot count system calls (not root, no tracefs) the
// tests that need it skip, except in CI, which mounts tracefs as root
// (ci/test.sh) and must not pass without having counted.
bool syscalls_countable_or_skip(std::string& why) {
  LoopCounters& c = LoopCounters::instance();
  c.open({.syscalls = true});
  if (c.unavailable().empty()) return true;
  why = c.unavailable().front();
  return false;
}

#define FPBENCH_REQUIRE_SYSCALL_COUNTER()                                  \
  do {                                                                     \
    std::string why;                                                       \
    if (!syscalls_countable_or_skip(why)) {                                \
      FPBENCH_SKIP_OR_FAIL_IN_CI("system calls cannot be counted here: " + \
                                 why);                                     \
    }                                                                      \
  } while (false)

std::uint64_t by_name(const CounterTotals& t, const std::string& name) {
  for (const auto& [n, count] : t.syscalls_by_name) {
    if (n == name) return count;
  }
  return 0;
}

TEST(Counters, ParsesASelection) {
  const auto s = parse_counter_selection("syscalls,cpu");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->syscalls);
  EXPECT_TRUE(s->cpu);
  EXPECT_FALSE(s->faults);
  EXPECT_FALSE(s->instructions);
  const auto none = parse_counter_selection("");
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->syscalls);
  const auto bad = parse_counter_selection("cpu,cycles");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("'cycles'"), std::string::npos);
}

TEST(Counters, AnEmptyRegionCountsNoSystemCall) {
  FPBENCH_REQUIRE_SYSCALL_COUNTER();
  LoopCounters& c = LoopCounters::instance();
  c.arm();
  c.start();
  c.stop(1);
  ASSERT_TRUE(c.totals().syscalls.has_value());
  EXPECT_EQ(*c.totals().syscalls, 0u);
  EXPECT_EQ(*c.totals().syscalls_all, 0u);
}

TEST(Counters, CountsEachSystemCallByName) {
  FPBENCH_REQUIRE_SYSCALL_COUNTER();
  LoopCounters& c = LoopCounters::instance();
  c.arm();
  c.start();
  for (int i = 0; i < 100; ++i) {
    const int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::write(fd, "x", 1), 1);
    ::close(fd);
  }
  c.stop(100);
  EXPECT_EQ(*c.totals().syscalls, 300u);
  EXPECT_EQ(by_name(c.totals(), "openat"), 100u);
  EXPECT_EQ(by_name(c.totals(), "write"), 100u);
  EXPECT_EQ(by_name(c.totals(), "close"), 100u);
  EXPECT_EQ(c.totals().counted_iterations, 100);
}

TEST(Counters, CountsThreadsStartedAfterArming) {
  FPBENCH_REQUIRE_SYSCALL_COUNTER();
  // lseek, since a sanitizer's own thread bookkeeping opens and closes files.
  const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  LoopCounters& c = LoopCounters::instance();
  c.arm();
  c.start();
  std::thread worker([fd] {
    for (int i = 0; i < 10; ++i) (void)::lseek(fd, 0, SEEK_SET);
  });
  worker.join();
  c.stop(1);
  ::close(fd);
  EXPECT_EQ(by_name(c.totals(), "lseek"), 10u);
}

TEST(Counters, CpuAndFaultsComeFromRusage) {
  LoopCounters& c = LoopCounters::instance();
  c.open({.cpu = true, .faults = true});
  EXPECT_TRUE(c.unavailable().empty());
  EXPECT_EQ(c.sources(), "cpu=rusage,faults=rusage");
  c.arm();
  c.start();
  c.stop(1);
  EXPECT_TRUE(c.totals().cpu_s.has_value());
  EXPECT_TRUE(c.totals().faults.has_value());
  EXPECT_FALSE(c.totals().syscalls.has_value());
  EXPECT_FALSE(c.totals().instructions.has_value());
}

TEST(Counters, AnUnavailableCounterIsNamedNotZero) {
  LoopCounters& c = LoopCounters::instance();
  c.open({.instructions = true});
  if (c.unavailable().empty())
    GTEST_SKIP() << "this machine has a hardware instruction counter";
  EXPECT_NE(c.unavailable().front().find("instructions"), std::string::npos);
  EXPECT_EQ(c.sources(), "");
  c.arm();
  c.start();
  c.stop(1);
  EXPECT_FALSE(c.totals().instructions.has_value());
}

}  // namespace
}  // namespace fpbench::scenarios
