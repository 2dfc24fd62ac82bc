// console.log's bytes from every implementation to every kind of target: a
// regular file, a pipe drained by a thread (fast, slow, through a
// non-blocking write end and a one-page pipe buffer), /dev/null and a TTY.
// A reader that went away is an EPIPE error, never a SIGPIPE death. The
// fpbench-print program prints what `node -p` prints.

#include "fpbench/core/print.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/core/operations.hpp"

extern char** environ;

namespace fpbench::core {
namespace {

namespace fs = std::filesystem;
using Array = Value::Array;
using Object = Value::Object;

struct Shape {
  std::string name;
  Value value;
};

std::vector<Shape> shapes() {
  std::vector<Shape> out;
  for (const std::string_view code : kPrintCodes)
    out.push_back({std::string(code), *print_sample(code)});
  out.push_back({"empty string", ""});
  out.push_back({"multi-line string", "one\ntwo\n"});
  Array big;  // 100 items past the one-page pipe buffer, several times over
  for (int i = 0; i < 100; ++i)
    big.push_back(Object{{"index", i}, {"name", std::string(180, 'n')}});
  out.push_back({"large", Object{{"items", Array{big}}, {"text", std::string(20000, 't')}}});
  return out;
}

void read_all(int fd, std::string& into, bool slow) {
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, slow ? 512 : sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // EOF, or EIO from a pty master whose slave closed
    into.append(buf, static_cast<std::size_t>(n));
    if (slow) std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
}

struct PipeOptions {
  bool slow_reader = false;
  bool non_blocking = false;
  bool one_page = false;
};

std::string print_to_pipe(const Operations& impl, const Value& value, PipeOptions options) {
  int fds[2];
  EXPECT_EQ(::pipe2(fds, O_CLOEXEC), 0);
  if (options.one_page) {
    EXPECT_GT(::fcntl(fds[1], F_SETPIPE_SZ, 4096), 0);
  }
  if (options.non_blocking) {
    EXPECT_EQ(::fcntl(fds[1], F_SETFL, O_NONBLOCK), 0);
  }
  std::string got;
  std::thread reader([&] { read_all(fds[0], got, options.slow_reader); });
  const Result<void> r = impl.print(fds[1], value, log_line(value));
  EXPECT_TRUE(r.has_value()) << impl.name << ": " << (r ? "" : r.error().message);
  ::close(fds[1]);
  reader.join();
  ::close(fds[0]);
  return got;
}

TEST(Print, RegularFileGetsTheSameBytesFromEveryImplementation) {
  const fs::path path = fs::temp_directory_path() / ("fpbench-print-" + std::to_string(::getpid()));
  for (const Shape& shape : shapes()) {
    const std::string expected = log_line(shape.value);
    for (const Operations& impl : all_operations()) {
      const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
      ASSERT_GE(fd, 0);
      // Twice: a descriptor is written at its current offset.
      ASSERT_TRUE(impl.print(fd, shape.value, expected).has_value());
      ASSERT_TRUE(impl.print(fd, shape.value, expected).has_value());
      ::close(fd);
      std::string got;
      const int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
      read_all(in, got, false);
      ::close(in);
      EXPECT_EQ(got, expected + expected) << impl.name << " " << shape.name;
    }
  }
  fs::remove(path);
}

TEST(Print, PipeGetsTheSameBytesWithFastSlowAndNonBlockingEnds) {
  const PipeOptions kOptions[] = {{}, {true, false, true}, {false, true, true}, {true, true, true}};
  for (const Shape& shape : shapes()) {
    const std::string expected = log_line(shape.value);
    for (const Operations& impl : all_operations()) {
      for (const PipeOptions& o : kOptions) {
        EXPECT_EQ(print_to_pipe(impl, shape.value, o), expected)
            << impl.name << " " << shape.name << " slow=" << o.slow_reader
            << " non_blocking=" << o.non_blocking;
      }
    }
  }
}

TEST(Print, DevNullAcceptsEverything) {
  const int fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  for (const Shape& shape : shapes()) {
    for (const Operations& impl : all_operations()) {
      EXPECT_TRUE(impl.print(fd, shape.value, log_line(shape.value)).has_value()) << impl.name;
    }
  }
  ::close(fd);
}

TEST(Print, TtyGetsTheSameBytes) {
  for (const Shape& shape : shapes()) {
    const std::string expected = log_line(shape.value);
    for (const Operations& impl : all_operations()) {
      int master = -1, slave = -1;
      if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0) GTEST_SKIP() << "no pty";
      termios raw{};
      ASSERT_EQ(::tcgetattr(slave, &raw), 0);
      ::cfmakeraw(&raw);  // no "\n" → "\r\n", so the bytes compare as written
      ASSERT_EQ(::tcsetattr(slave, TCSANOW, &raw), 0);
      std::string got;
      std::thread reader([&] { read_all(master, got, false); });
      EXPECT_TRUE(impl.print(slave, shape.value, expected).has_value()) << impl.name;
      ::close(slave);
      reader.join();
      ::close(master);
      EXPECT_EQ(got, expected) << impl.name << " " << shape.name;
    }
  }
}

bool sigpipe_pending() {
  sigset_t pending;
  sigpending(&pending);
  return sigismember(&pending, SIGPIPE) == 1;
}

bool sigpipe_blocked() {
  sigset_t mask;
  pthread_sigmask(SIG_BLOCK, nullptr, &mask);
  return sigismember(&mask, SIGPIPE) == 1;
}

int broken_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
  ::close(fds[0]);
  return fds[1];
}

void expect_epipe(const Result<void>& r, std::string_view name) {
  ASSERT_FALSE(r.has_value()) << name;
  EXPECT_EQ(r.error().code, "EPIPE") << name;
  EXPECT_EQ(r.error().message, "EPIPE: broken pipe, write") << name;
  EXPECT_EQ(r.error().syscall, "write") << name;
}

TEST(Print, EpipeIsAnErrorNotASignal) {
  const Value value = *print_sample("process");
  for (const Operations& impl : all_operations()) {
    const int fd = broken_pipe();
    ASSERT_GE(fd, 0);
    expect_epipe(impl.print(fd, value, log_line(value)), impl.name);
    ::close(fd);
    EXPECT_FALSE(sigpipe_pending()) << impl.name << " left a SIGPIPE pending";
    EXPECT_FALSE(sigpipe_blocked()) << impl.name << " left SIGPIPE blocked";
  }
}

TEST(Print, EpipeLeavesACallersBlockedSigpipeToTheCaller) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  ASSERT_EQ(pthread_sigmask(SIG_BLOCK, &set, nullptr), 0);
  for (const Operations& impl : all_operations()) {
    const int fd = broken_pipe();
    expect_epipe(impl.print(fd, Value(1), "1\n"), impl.name);
    ::close(fd);
    EXPECT_TRUE(sigpipe_blocked());
    EXPECT_TRUE(sigpipe_pending()) << impl.name;
    const timespec no_wait{};
    EXPECT_EQ(sigtimedwait(&set, nullptr, &no_wait), SIGPIPE);
  }
  ASSERT_EQ(pthread_sigmask(SIG_UNBLOCK, &set, nullptr), 0);
}

// In a child, so that SIG_IGN does not outlive the test.
TEST(Print, EpipeWithSigpipeIgnored) {
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    if (!ignore_sigpipe()) ::_exit(10);
    for (const Operations& impl : all_operations()) {
      const int fd = broken_pipe();
      const Result<void> r = impl.print(fd, Value("text"), "text\n");
      if (r || r.error().message != "EPIPE: broken pipe, write") ::_exit(11);
    }
    ::_exit(0);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
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
  posix_spawn_file_actions_adddup2(&actions, stdout_fd >= 0 ? stdout_fd : out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  pid_t pid = -1;
  Finished r;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(out[1]);
  ::close(err[1]);
  std::thread reader([&] { read_all(err[0], r.err, false); });
  read_all(out[0], r.out, false);
  reader.join();
  ::close(out[0]);
  ::close(err[0]);
  if (spawned == 0 && ::waitpid(pid, &r.status, 0) == pid && WIFEXITED(r.status)) {
    r.status = WEXITSTATUS(r.status);
  }
  return r;
}

// fpbench-print is built next to this test program (a build dependency).
std::string tool_path() {
  const fs::path p = fs::read_symlink("/proc/self/exe").parent_path() / "fpbench-print";
  EXPECT_TRUE(fs::exists(p)) << p << " is missing: build the fpbench-print target";
  return fs::exists(p) ? p.string() : std::string();
}

TEST(FpbenchPrint, PrintsEverySampleWithEveryImplementation) {
  const std::string tool = tool_path();
  ASSERT_FALSE(tool.empty());
  for (const std::string_view code : kPrintCodes) {
    for (const char* impl : {"baseline", "fast", "floor"}) {
      const Finished r = run({tool, "-p", std::string(code), std::string("--impl=") + impl});
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.out, log_line(*print_sample(code))) << code << " " << impl;
    }
  }
}

TEST(FpbenchPrint, UsageAndWriteErrors) {
  const std::string tool = tool_path();
  ASSERT_FALSE(tool.empty());
  Finished r = run({tool, "-p", "process.env"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown CODE 'process.env'"), std::string::npos) << r.err;
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
  if (std::system("node --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "node is not on PATH";
  std::vector<std::string> codes = {"1", "\"string\""};
  // The fixed process.versions is Node v20.20.2's.
  if (run({"node", "--version"}).out == "v20.20.2\n") codes.push_back("process.versions");
  for (const std::string& code : codes) {
    EXPECT_EQ(run({tool, "-p", code}).out, run({"node", "-p", code}).out) << code;
  }
}

}  // namespace
}  // namespace fpbench::core
