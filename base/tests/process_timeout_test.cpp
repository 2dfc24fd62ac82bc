// run_process never waits forever: a child past its timeout is killed with
// its process group, and a helper a child leaves behind holding its stdout
// is killed when the child exits. Without that these tests hang (and ctest
// times them out).

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/test_support/scratch_dir.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench {
namespace {

namespace fs = std::filesystem;

using test_support::slurp;

class ProcessTimeout : public test_support::ScratchDirTest {
 protected:
  ProcessTimeout() : ScratchDirTest("timeout") {}

  // Gone, or a zombie waiting for a reaper that is not ours. SIGKILL is
  // delivered asynchronously, so a killed process is given a moment to go.
  static bool dead(const std::string& pid_text) {
    const std::string pid = pid_text.substr(0, pid_text.find('\n'));
    if (pid.empty()) return false;
    for (int i = 0; i < 500; ++i) {
      const std::string stat = slurp("/proc/" + pid + "/stat");
      const std::size_t close = stat.rfind(')');
      if (stat.empty() ||
          (close != std::string::npos && stat.size() > close + 2 &&
           (stat[close + 2] == 'Z' || stat[close + 2] == 'X'))) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
};

TEST_F(ProcessTimeout, AChildPastItsTimeoutIsKilledWithItsGroup) {
  const fs::path helper = dir_ / "helper.pid";
  ProcessOptions options;
  options.timeout = std::chrono::milliseconds(300);
  const auto p =
      run_process({"/bin/sh", "-c",
                   "sleep 600 & echo $! > '" + helper.string() +
                       "'; echo started; echo working >&2; sleep 600"},
                  options);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE(p->timed_out);
  EXPECT_FALSE(p->ok());
  EXPECT_EQ(p->status_text(),
            "timed out after 0.3 s; killed with its process group");
  EXPECT_EQ(p->out, "started\n");
  EXPECT_EQ(p->failure_text(), p->status_text() + "\nworking");
  EXPECT_TRUE(dead(slurp(helper)))
      << "the helper outlived the timeout: " << slurp(helper);
}

TEST_F(ProcessTimeout, AHelperHoldingStdoutEndsWithTheChild) {
  // No timeout: the child's exit alone must end the reading.
  const fs::path helper = dir_ / "helper.pid";
  const auto p = run_process(
      {"/bin/sh", "-c",
       "sleep 600 & echo $! > '" + helper.string() + "'; echo result; exit 4"});
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_FALSE(p->timed_out);
  EXPECT_EQ(p->exit_code, 4);
  EXPECT_EQ(p->out, "result\n");
  EXPECT_TRUE(dead(slurp(helper)))
      << "the helper outlived the child: " << slurp(helper);
}

TEST_F(ProcessTimeout, AChildThatClosedItsPipesIsStillTimedOut) {
  ProcessOptions options;
  options.timeout = std::chrono::milliseconds(200);
  const auto p =
      run_process({"/bin/sh", "-c", "exec >&- 2>&-; sleep 600"}, options);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE(p->timed_out);
}

TEST_F(ProcessTimeout, AChildWithinItsTimeoutIsUntouched) {
  ProcessOptions options;
  options.timeout = std::chrono::milliseconds(60000);
  const auto p =
      run_process({"/bin/sh", "-c", "echo out; echo err >&2; exit 0"}, options);
  ASSERT_TRUE(p) << p.error().message;
  EXPECT_TRUE(p->ok());
  EXPECT_EQ(p->out, "out\n");
  EXPECT_EQ(p->err, "err\n");
}

TEST(TailLines, KeepsTheEndAndSaysWhatWasLeftOut) {
  std::string text;
  for (int i = 1; i <= 30; ++i) text += "line " + std::to_string(i) + "\n";
  const std::string tail = tail_lines(text, 3);
  EXPECT_EQ(
      tail,
      "[... " + std::to_string(text.size() - 24) +
          " earlier bytes of stderr left out]\nline 28\nline 29\nline 30");
  EXPECT_EQ(tail_lines("one\ntwo\n", 3), "one\ntwo");
  EXPECT_EQ(tail_lines("\n\n"), "");
  const std::string huge(100000, 'x');
  EXPECT_LT(tail_lines(huge).size(), 4200u);
}

}  // namespace
}  // namespace fpbench

namespace fpbench {
namespace {

// Children held before exec for on_start, started from two threads at
// once: each child also holds the other's pipes until it execs, so waiting
// for the end of a pipe instead of a byte would leave both waiting forever.
TEST(ProcessStart, ChildrenHeldForOnStartOnTwoThreadsBothRun) {
  std::atomic<int> started{0};
  const auto many = [&] {
    for (int i = 0; i < 40; ++i) {
      ProcessOptions o;
      o.timeout = std::chrono::seconds(20);
      o.on_start = [&](int pid) {
        if (pid > 0) ++started;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      };
      const auto p = run_process({"true"}, o);
      ASSERT_TRUE(p.has_value()) << p.error().message;
      EXPECT_TRUE(p->ok()) << p->status_text();
      EXPECT_FALSE(p->timed_out);
    }
  };
  std::thread a(many), b(many);
  a.join();
  b.join();
  EXPECT_EQ(started.load(), 80);
}

}  // namespace
}  // namespace fpbench
