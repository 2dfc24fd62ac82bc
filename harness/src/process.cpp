#include "fpbench/harness/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace fpbench::harness {
namespace {

bool enter_realtime() {
  sched_param param{};
  param.sched_priority = 1;
  return ::sched_setscheduler(0, SCHED_FIFO, &param) == 0;
}

void close_pair(std::array<int, 2>& p) {
  for (int& fd : p) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

// Reads both pipes until both are closed, so a child that fills one while
// the other is being read never blocks.
void drain(int out_fd, int err_fd, std::string& out, std::string& err) {
  std::array<pollfd, 2> fds = {{{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}}};
  std::array<std::string*, 2> sinks = {&out, &err};
  int open_count = 2;
  char buf[65536];
  while (open_count > 0) {
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
}

}  // namespace

std::string ProcessResult::status_text() const {
  if (term_signal != 0) {
    return "killed by signal " + std::to_string(term_signal) + " (" +
           std::string(::strsignal(term_signal)) + ")";
  }
  return "exit status " + std::to_string(exit_code);
}

Result<ProcessResult> run_process(const std::vector<std::string>& argv,
                                  const ProcessOptions& options) {
  if (argv.empty()) return internal_error("no program to run");
  std::array<int, 2> out_pipe = {-1, -1};
  std::array<int, 2> err_pipe = {-1, -1};
  std::array<int, 2> exec_pipe = {-1, -1};  // reports a failed exec
  if (::pipe2(out_pipe.data(), O_CLOEXEC) != 0 || ::pipe2(err_pipe.data(), O_CLOEXEC) != 0 ||
      ::pipe2(exec_pipe.data(), O_CLOEXEC) != 0) {
    const int e = errno;
    close_pair(out_pipe);
    close_pair(err_pipe);
    close_pair(exec_pipe);
    return Error(ErrorKind::kSystem, std::string("cannot create a pipe: ") + std::strerror(e));
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  const pid_t pid = ::fork();
  if (pid == 0) {
    if (options.cpu) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(*options.cpu, &set);
      if (::sched_setaffinity(0, sizeof set, &set) != 0) {
        const int e = errno;
        (void)!::write(exec_pipe[1], &e, sizeof e);
        _exit(127);
      }
    }
    if (options.realtime && !enter_realtime()) {
      const int e = errno;
      (void)!::write(exec_pipe[1], &e, sizeof e);
      _exit(127);
    }
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    ::execvp(args[0], args.data());
    const int e = errno;
    (void)!::write(exec_pipe[1], &e, sizeof e);
    _exit(127);
  }
  const int fork_errno = errno;
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  if (pid < 0) {
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::close(exec_pipe[0]);
    return Error(ErrorKind::kSystem,
                 std::string("cannot start a process: ") + std::strerror(fork_errno));
  }

  ProcessResult result;
  drain(out_pipe[0], err_pipe[0], result.out, result.err);
  int exec_errno = 0;
  const bool exec_failed = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno) ==
                           static_cast<ssize_t>(sizeof exec_errno);
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  ::close(exec_pipe[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (exec_failed) {
    return Error(ErrorKind::kSystem, "cannot run '" + argv[0] + "': " + std::strerror(exec_errno));
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.term_signal = WTERMSIG(status);
  return result;
}

bool realtime_permitted() {
  const pid_t pid = ::fork();
  if (pid == 0) _exit(enter_realtime() ? 0 : 1);
  if (pid < 0) return false;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace fpbench::harness
