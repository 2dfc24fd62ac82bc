// console.log's bytes from every implementation to every kind of target: a
// regular file, a pipe drained by a thread (fast, slow, through a
// non-blocking write end and a one-page pipe buffer), /dev/null and a TTY.
// A reader that went away is an EPIPE error, never a SIGPIPE death.

#include "fpbench/core/print.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/core/operations.hpp"

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
  out.push_back({"number", 1});
  out.push_back({"string", "string"});
  Array many(130);  // grouped into columns, and cut after 100 items
  for (std::size_t i = 0; i < many.size(); ++i) many[i] = Value(i * 7);
  out.push_back(
      {"nested",
       Object{{"versions", Object{{"node", "20.20.2"}, {"v8", "11.3"}}},
              {"deep", Object{{"a", Object{{"b", Object{{"c", 1}}}}}}},
              {"many", many},
              {"flags", Array{true, false, Value(), Value::undefined()}}}});
  out.push_back({"empty string", ""});
  out.push_back({"multi-line string", "one\ntwo\n"});
  Array big;  // 100 items past the one-page pipe buffer, several times over
  for (int i = 0; i < 100; ++i)
    big.push_back(Object{{"index", i}, {"name", std::string(180, 'n')}});
  out.push_back({"large", Object{{"items", Array{big}},
                                 {"text", std::string(20000, 't')}}});
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

std::string print_to_pipe(const Operations& impl, const Value& value,
                          PipeOptions options) {
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
  EXPECT_TRUE(r.has_value())
      << impl.name << ": " << (r ? "" : r.error().message);
  ::close(fds[1]);
  reader.join();
  ::close(fds[0]);
  return got;
}

TEST(Print, RegularFileGetsTheSameBytesFromEveryImplementation) {
  const fs::path path = fs::temp_directory_path() /
                        ("fpbench-print-" + std::to_string(::getpid()));
  for (const Shape& shape : shapes()) {
    const std::string expected = log_line(shape.value);
    for (const Operations& impl : all_operations()) {
      const int fd =
          ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
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
  const PipeOptions kOptions[] = {
      {}, {true, false, true}, {false, true, true}, {true, true, true}};
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
      EXPECT_TRUE(
          impl.print(fd, shape.value, log_line(shape.value)).has_value())
          << impl.name;
    }
  }
  ::close(fd);
}

TEST(Print, TtyGetsTheSameBytes) {
  for (const Shape& shape : shapes()) {
    const std::string expected = log_line(shape.value);
    for (const Operations& impl : all_operations()) {
      int master = -1, slave = -1;
      if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
        GTEST_SKIP() << "no pty";
      termios raw{};
      ASSERT_EQ(::tcgetattr(slave, &raw), 0);
      ::cfmakeraw(&raw);  // no "\n" → "\r\n", so the bytes compare as written
      ASSERT_EQ(::tcsetattr(slave, TCSANOW, &raw), 0);
      std::string got;
      std::thread reader([&] { read_all(master, got, false); });
      EXPECT_TRUE(impl.print(slave, shape.value, expected).has_value())
          << impl.name;
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
  const Value value = shapes().back().value;  // the largest
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

}  // namespace
}  // namespace fpbench::core
