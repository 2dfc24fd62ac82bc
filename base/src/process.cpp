#include "fpbench/base/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <thread>

namespace fpbench {
namespace {

// SCHED_FIFO 1 for this process; with `reset_on_fork` the threads and
// children it starts begin at SCHED_OTHER.
bool enter_realtime(bool reset_on_fork = false) {
  sched_param param{};
  param.sched_priority = 1;
  return ::sched_setscheduler(
             0, SCHED_FIFO | (reset_on_fork ? SCHED_RESET_ON_FORK : 0),
             &param) == 0;
}

void close_pair(std::array<int, 2>& p) {
  for (int& fd : p) {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
}

// How often a child that keeps its pipes open is checked for having exited.
constexpr std::chrono::milliseconds kExitCheck{50};
// How often a kRealtimeAlone child is checked for still running alone.
constexpr std::chrono::milliseconds kAloneCheck{1};

using Clock = std::chrono::steady_clock;

// A kRealtimeAlone child, looked at while it runs: once it is not alone
// (priority.hpp), every thread of it is put back at SCHED_OTHER.
struct AloneWatch {
  pid_t pid = -1;
  bool active = false;
  const std::function<void(const std::string&)>* on_left = nullptr;
  std::string why;

  [[nodiscard]] std::chrono::milliseconds period() const {
    return active ? kAloneCheck : kExitCheck;
  }

  void check() {
    if (!active) return;
    std::string reason = why_not_alone(pid);
    if (reason.empty()) return;
    active = false;
    (void)set_thread_priority(pid, /*realtime=*/false);
    why = std::move(reason);
    if (on_left != nullptr && *on_left) (*on_left)(why);
  }
};

struct Child {
  pid_t pid = -1;
  bool reaped = false;
  int status = 0;
  Clock::time_point exited_at;
  rusage usage{};
  int pidfd = -1;  // readable once the child has exited (Linux 5.3 on)

  // Once the child has exited, kills what is left of its group and reaps
  // it. The group is killed while the child is still a zombie, so that its
  // id cannot have been reused by another process.
  bool finish(bool block) {
    siginfo_t info{};
    for (;;) {
      info.si_pid = 0;
      const int r = ::waitid(P_PID, static_cast<id_t>(pid), &info,
                             WEXITED | WNOWAIT | (block ? 0 : WNOHANG));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0 || info.si_pid != pid) return false;
      break;
    }
    exited_at = Clock::now();
    ::kill(-pid, SIGKILL);
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    reaped = true;
    return true;
  }
};

// The process groups of the children running now, so that a fatal signal to
// fpbench ends them too: in groups of their own they no longer get the
// terminal's SIGINT. Slots are claimed without a lock (children may run in
// parallel) and read by the signal handler.
constexpr std::size_t kGroupSlots = 256;
std::array<std::atomic<pid_t>, kGroupSlots> g_groups{};

std::size_t track_group(pid_t pgid) {
  for (std::size_t i = 0; i < kGroupSlots; ++i) {
    pid_t expected = 0;
    if (g_groups[i].compare_exchange_strong(expected, pgid)) return i;
  }
  return kGroupSlots;
}

void untrack_group(std::size_t slot) {
  if (slot < kGroupSlots) g_groups[slot].store(0);
}

extern "C" void kill_groups_and_die(int sig) {
  for (auto& g : g_groups) {
    const pid_t pgid = g.load();
    if (pgid > 0) ::kill(-pgid, SIGKILL);
  }
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Installed once, and only for signals whose default action (termination)
// is in place: a caller that handles them itself keeps its handler.
void install_signal_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL)
        continue;
      struct sigaction act {};
      act.sa_handler = kill_groups_and_die;
      ::sigemptyset(&act.sa_mask);
      ::sigaction(sig, &act, nullptr);
    }
  });
}

// Reads both pipes until both are closed. Once the child has exited the rest
// of its group is killed, so that a helper it left holding a pipe open ends
// too; at the deadline the child and its group are killed and reading stops
// with what has arrived.
void drain(int out_fd, int err_fd, Child& child, AloneWatch& watch,
           std::optional<Clock::time_point> deadline, ProcessResult& result) {
  std::array<pollfd, 2> fds = {{{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}}};
  std::array<std::string*, 2> sinks = {&result.out, &result.err};
  int open_count = 2;
  char buf[65536];
  bool stop = false;
  while (open_count > 0 && !stop) {
    int wait_ms = child.reaped ? -1 : static_cast<int>(watch.period().count());
    if (deadline) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(
          *deadline - Clock::now());
      if (left.count() <= 0) {
        if (!child.reaped) {
          result.timed_out = true;
          ::kill(-child.pid, SIGKILL);
          child.finish(/*block=*/true);
        }
        // Whatever is still buffered, then no more waiting.
        wait_ms = 0;
        stop = true;
      } else if (wait_ms < 0 || left.count() < wait_ms) {
        wait_ms = static_cast<int>(left.count());
      }
    }
    const int ready = ::poll(fds.data(), fds.size(), wait_ms);
    if (ready < 0 && errno != EINTR) return;
    for (std::size_t i = 0; ready > 0 && i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
      if (n > 0) {
        sinks[i]->append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open_count;
      }
    }
    if (!child.reaped) {
      watch.check();
      child.finish(/*block=*/false);
    }
  }
}

std::string seconds_text(std::chrono::milliseconds d) {
  const double s = static_cast<double>(d.count()) / 1000.0;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

}  // namespace

std::string ProcessResult::status_text() const {
  if (timed_out) {
    return "timed out after " + seconds_text(timeout) +
           " s; killed with its process group";
  }
  if (term_signal != 0) {
    return "killed by signal " + std::to_string(term_signal) + " (" +
           std::string(::strsignal(term_signal)) + ")";
  }
  return "exit status " + std::to_string(exit_code);
}

std::string ProcessResult::failure_text() const {
  const std::string tail = tail_lines(err);
  return tail.empty() ? status_text() : status_text() + "\n" + tail;
}

std::string tail_lines(const std::string& text, std::size_t max_lines) {
  constexpr std::size_t kMaxBytes = 4096;
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  if (end == 0) return "";
  std::size_t start = end;
  std::size_t lines = 0;
  while (start > 0 && end - start < kMaxBytes) {
    if (text[start - 1] == '\n' && ++lines == max_lines) break;
    --start;
  }
  std::string out = text.substr(start, end - start);
  if (start > 0)
    out = "[... " + std::to_string(start) +
          " earlier bytes of stderr left out]\n" + out;
  return out;
}

Result<ProcessResult> run_process(const std::vector<std::string>& argv,
                                  const ProcessOptions& options) {
  if (argv.empty()) return internal_error("no program to run");
  std::array<int, 2> out_pipe = {-1, -1};
  std::array<int, 2> err_pipe = {-1, -1};
  std::array<int, 2> exec_pipe = {-1, -1};  // reports a failed exec
  std::array<int, 2> go_pipe = {-1, -1};    // holds the child for on_start
  if (::pipe2(out_pipe.data(), O_CLOEXEC) != 0 ||
      ::pipe2(err_pipe.data(), O_CLOEXEC) != 0 ||
      ::pipe2(exec_pipe.data(), O_CLOEXEC) != 0 ||
      ::pipe2(go_pipe.data(), O_CLOEXEC) != 0) {
    const int e = errno;
    close_pair(out_pipe);
    close_pair(err_pipe);
    close_pair(exec_pipe);
    close_pair(go_pipe);
    return Error(ErrorKind::kSystem,
                 std::string("cannot create a pipe: ") + std::strerror(e));
  }
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  // Built before fork: the child of a threaded parent may not allocate.
  std::vector<std::string> env_strings;
  std::vector<char*> envp;
  if (!options.env.empty()) {
    const auto name_of = [](const std::string& entry) {
      return entry.substr(0, entry.find('='));
    };
    for (char** e = environ; *e != nullptr; ++e) env_strings.emplace_back(*e);
    for (const std::string& entry : options.env) {
      std::erase_if(env_strings, [&](const std::string& kept) {
        return name_of(kept) == name_of(entry);
      });
      env_strings.push_back(entry);
    }
    for (std::string& entry : env_strings) envp.push_back(entry.data());
    envp.push_back(nullptr);
  }

  install_signal_handlers();
  const pid_t pid = ::fork();
  if (pid == 0) {
    // A group of its own, so that what it starts can be killed with it; and
    // no terminal input, which a process outside the foreground group would
    // stop on.
    ::setpgid(0, 0);
    const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (null_fd >= 0) ::dup2(null_fd, STDIN_FILENO);
    if (!options.cpus.empty()) {
      cpu_set_t set;
      CPU_ZERO(&set);
      for (const int cpu : options.cpus) CPU_SET(cpu, &set);
      if (::sched_setaffinity(0, sizeof set, &set) != 0) {
        const int e = errno;
        (void)!::write(exec_pipe[1], &e, sizeof e);
        _exit(127);
      }
    }
    if (options.priority != Priority::kNormal &&
        !enter_realtime(options.priority == Priority::kRealtimeAlone)) {
      const int e = errno;
      (void)!::write(exec_pipe[1], &e, sizeof e);
      _exit(127);
    }
    if (options.cwd && ::chdir(options.cwd->c_str()) != 0) {
      const int e = errno;
      (void)!::write(exec_pipe[1], &e, sizeof e);
      _exit(127);
    }
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    for (const int fd : options.inherit_fds) ::fcntl(fd, F_SETFD, 0);
    // A byte, not the end of the pipe: a child forked meanwhile on another
    // thread holds the write end until it execs, and may itself be waiting
    // for its own go.
    char go = 0;
    while (::read(go_pipe[0], &go, 1) < 0 && errno == EINTR) {
    }
    if (envp.empty()) {
      ::execvp(args[0], args.data());
    } else {
      ::execvpe(args[0], args.data(), envp.data());
    }
    const int e = errno;
    (void)!::write(exec_pipe[1], &e, sizeof e);
    _exit(127);
  }
  const int fork_errno = errno;
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  ::close(exec_pipe[1]);
  ::close(go_pipe[0]);
  if (pid > 0 && options.on_start) options.on_start(pid);
  // The child's time starts here, once fork and the child's set-up are done:
  // what is timed is its program, from exec to exit, not this process.
  const auto started = Clock::now();
  const char go = 1;
  while (pid > 0 && ::write(go_pipe[1], &go, 1) < 0 && errno == EINTR) {
  }
  ::close(go_pipe[1]);
  if (pid < 0) {
    ::close(out_pipe[0]);
    ::close(err_pipe[0]);
    ::close(exec_pipe[0]);
    return Error(ErrorKind::kSystem, std::string("cannot start a process: ") +
                                         std::strerror(fork_errno));
  }

  // Also here: the child may not have run its setpgid yet when the group is
  // first signalled.
  ::setpgid(pid, pid);
  const std::size_t slot = track_group(pid);
  ProcessResult result;
  Child child;
  child.pid = pid;
  child.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  std::optional<Clock::time_point> deadline;
  if (options.timeout) {
    result.timeout = *options.timeout;
    deadline = Clock::now() + *options.timeout;
  }
  AloneWatch watch;
  watch.pid = pid;
  watch.active = options.priority == Priority::kRealtimeAlone;
  watch.on_left = &options.on_left_realtime;
  drain(out_pipe[0], err_pipe[0], child, watch, deadline, result);
  int exec_errno = 0;
  const bool exec_failed =
      ::read(exec_pipe[0], &exec_errno, sizeof exec_errno) ==
      static_cast<ssize_t>(sizeof exec_errno);
  ::close(out_pipe[0]);
  ::close(err_pipe[0]);
  ::close(exec_pipe[0]);
  // Closed its pipes but still running: wait for it, up to the deadline,
  // still watching a child at real-time priority.
  while (!child.reaped && !child.finish(/*block=*/!deadline && !watch.active)) {
    if (deadline && Clock::now() >= *deadline) {
      result.timed_out = true;
      ::kill(-pid, SIGKILL);
      child.finish(/*block=*/true);
      break;
    }
    // Woken as the child exits, so that the time it is seen to have exited
    // (elapsed) is its exit's, not the next check's.
    pollfd exit_fd{child.pidfd, POLLIN, 0};
    const std::int64_t left_ms =
        deadline ? std::chrono::ceil<std::chrono::milliseconds>(*deadline -
                                                                Clock::now())
                       .count()
                 : watch.period().count();
    const int wait_ms = static_cast<int>(
        std::clamp<std::int64_t>(left_ms, 0, watch.period().count()));
    if (child.pidfd < 0 || ::poll(&exit_fd, 1, wait_ms) < 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    watch.check();
  }
  if (child.pidfd >= 0) ::close(child.pidfd);
  untrack_group(slot);
  const int status = child.status;
  if (exec_failed) {
    return Error(ErrorKind::kSystem,
                 "cannot run '" + argv[0] + "': " + std::strerror(exec_errno));
  }
  result.elapsed = child.exited_at - started;
  result.left_realtime = watch.why;
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) +
           static_cast<double>(t.tv_usec) * 1e-6;
  };
  result.usage.user_s = seconds(child.usage.ru_utime);
  result.usage.system_s = seconds(child.usage.ru_stime);
  result.usage.max_rss_kib = child.usage.ru_maxrss;
  result.usage.minor_faults = child.usage.ru_minflt;
  result.usage.major_faults = child.usage.ru_majflt;
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status) && !result.timed_out)
    result.term_signal = WTERMSIG(status);
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

}  // namespace fpbench
