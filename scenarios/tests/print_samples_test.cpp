// The print fixture: every implementation prints every sample with the same
// bytes, process.versions is Node v20.20.2's, and the fpbench-print program
// prints what `node -p` prints.

#include "fpbench/scenarios/print_samples.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/core/operations.hpp"
#include "fpbench/core/print.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"

extern char** environ;

namespace fpbench::scenarios {
namespace {

namespace fs = std::filesystem;
using core::Value;

void read_all(int fd, std::string& into) {
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    into.append(buf, static_cast<std::size_t>(n));
  }
}

std::string print_to_pipe(const core::Operations& ops, const Value& value) {
  int fds[2];
  EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  std::string got;
  std::thread reader([&] { read_all(fds[0], got); });
  const Result<void> r = ops.print(fds[1], value, core::log_line(value));
  EXPECT_TRUE(r.has_value())
      << ops.name << ": " << (r ? "" : r.error().message);
  ::close(fds[1]);
  reader.join();
  ::close(fds[0]);
  return got;
}

TEST(PrintSamples, EveryImplementationPrintsEverySampleAlike) {
  for (const std::string_view code : kPrintCodes) {
    const std::optional<Value> value = print_sample(code);
    ASSERT_TRUE(value.has_value()) << code;
    const std::string expected = core::log_line(*value);
    std::string formatted;
    core::fast::format_line(*value, formatted);
    EXPECT_EQ(formatted, expected) << "fast::format_line of " << code;
    for (const core::Operations& ops : core::all_operations()) {
      EXPECT_EQ(print_to_pipe(ops, *value), expected)
          << ops.name << " " << code;
    }
  }
}

TEST(PrintSamples, ProcessVersionsIsNode20s) {
  EXPECT_TRUE(
      core::log_line(*print_sample("process.versions"))
          .starts_with(
              "{\n  node: '20.20.2',\n  acorn: '8.16.0',\n  ada: '2.9.2',\n"));
  EXPECT_FALSE(print_sample("process.env").has_value());
}

int broken_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
  ::close(fds[0]);
  return fds[1];
}

struct Finished {
  int status = -1;
  std::string out, err;
};

// Runs argv with stdout (or a given descriptor) and stderr captured.
Finished run(const std::vector<std::string>& args, int stdout_fd = -1) {
  int out[2], err[2];
  EXPECT_EQ(::pipe2(out, O_CLOEXEC), 0);
  EXPECT_EQ(::pipe2(err, O_CLOEXEC), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions,
                                   stdout_fd >= 0 ? stdout_fd : out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<char*> argv;
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  Finished r;
  const int spawned =
      posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  ::close(err[1]);
  std::thread reader([&] { read_all(err[0], r.err); });
  read_all(out[0], r.out);
  reader.join();
  ::close(out[0]);
  ::close(err[0]);
  if (spawned == 0 && ::waitpid(pid, &r.status, 0) == pid &&
      WIFEXITED(r.status)) {
    r.status = WEXITSTATUS(r.status);
  }
  return r;
}

// fpbench-print is built next to this test program (a build dependency).
std::string tool_path() {
  const fs::path p =
      fs::read_symlink("/proc/self/exe").parent_path() / "fpbench-print";
  EXPECT_TRUE(fs::exists(p))
      << p << " is missing: build the fpbench-print target";
  return fs::exists(p) ? p.string() : std::string();
}

TEST(FpbenchPrint, PrintsEverySampleWithEveryImplementation) {
  const std::string tool = tool_path();
  ASSERT_FALSE(tool.empty());
  for (const std::string_view code : kPrintCodes) {
    for (const char* impl : {"baseline", "fast", "floor"}) {
      const Finished r =
          run({tool, "-p", std::string(code), std::string("--impl=") + impl});
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.out, core::log_line(*print_sample(code)))
          << code << " " << impl;
    }
  }
}

TEST(FpbenchPrint, UsageAndWriteErrors) {
  const std::string tool = tool_path();
  ASSERT_FALSE(tool.empty());
  Finished r = run({tool, "-p", "process.env"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown CODE 'process.env'"), std::string::npos)
      << r.err;
  EXPECT_EQ(run({tool, "-p", "1", "--impl", "slow"}).status, 2);
  EXPECT_EQ(run({tool}).status, 2);
  const int fd = broken_pipe();
  r = run({tool, "-p", "process"}, fd);
  ::close(fd);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "fpbench-print: error: EPIPE: broken pipe, write\n");
}

TEST(FpbenchPrint, SameOutputAsNodeDashP) {
  const std::string tool = tool_path();
  ASSERT_FALSE(tool.empty());
  if (!test_support::node_available()) {
    FPBENCH_SKIP_OR_FAIL_IN_CI("node is not on PATH");
  }
  std::vector<std::string> codes = {"1", "\"string\""};
  // The fixed process.versions is Node v20.20.2's.
  if (run({"node", "--version"}).out == "v20.20.2\n")
    codes.push_back("process.versions");
  for (const std::string& code : codes) {
    EXPECT_EQ(run({tool, "-p", code}).out, run({"node", "-p", code}).out)
        << code;
  }
}

}  // namespace
}  // namespace fpbench::scenarios
