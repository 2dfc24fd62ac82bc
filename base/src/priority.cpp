#include "fpbench/base/priority.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace fpbench {
namespace {

// A small /proc file, whole; "" when it cannot be read.
std::string read_proc(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return "";
  std::string text;
  char buf[1024];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

// Field 20 of /proc/PID/stat; 0 when it cannot be read. The command name
// (field 2) may hold spaces and parentheses: fields are counted from the
// last ')'.
long thread_count(const std::string& proc) {
  const std::string stat = read_proc(proc + "/stat");
  const std::size_t close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 1));
  std::string field;
  for (int i = 3; i <= 20 && fields >> field; ++i) {
    if (i == 20) return std::strtol(field.c_str(), nullptr, 10);
  }
  return 0;
}

std::int64_t written_bytes(const std::string& proc) {
  const std::string io = read_proc(proc + "/io");
  const std::string key = "\nwrite_bytes: ";
  const std::size_t at = io.find(key);
  if (at == std::string::npos) return 0;
  return std::strtoll(io.c_str() + at + key.size(), nullptr, 10);
}

}  // namespace

const char* priority_name(Priority p) {
  switch (p) {
    case Priority::kNormal:
      return "normal";
    case Priority::kRealtimeAlone:
      return "auto";
    case Priority::kRealtime:
      return "always";
  }
  return "normal";
}

std::string why_not_alone(int pid) {
  const std::string proc = "/proc/" + std::to_string(pid);
  if (const long threads = thread_count(proc); threads > 1)
    return std::to_string(threads) + " threads";
  // With one thread, its children are the process's.
  const std::string children =
      read_proc(proc + "/task/" + std::to_string(pid) + "/children");
  if (children.find_first_not_of(" \n") != std::string::npos)
    return "a child process";
  if (const std::int64_t bytes = written_bytes(proc); bytes > kAloneWriteBytes)
    return std::to_string((bytes + (1 << 20) - 1) >> 20) +
           " MiB written to files";
  return "";
}

std::string set_thread_priority(int pid, bool realtime) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  DIR* tasks = ::opendir(dir.c_str());
  if (tasks == nullptr) {
    if (errno == ENOENT) return "";
    return "cannot list the threads in " + dir + ": " + std::strerror(errno);
  }
  sched_param param{};
  param.sched_priority = realtime ? 1 : 0;
  const int policy = realtime ? SCHED_FIFO : SCHED_OTHER;
  std::string failed;
  while (const dirent* entry = ::readdir(tasks)) {
    if (entry->d_name[0] == '.') continue;
    const int tid = std::atoi(entry->d_name);
    if (::sched_setscheduler(tid, policy, &param) != 0 && errno != ESRCH &&
        failed.empty()) {
      failed = std::string("sched_setscheduler(") + entry->d_name + ", " +
               (realtime ? "SCHED_FIFO 1" : "SCHED_OTHER") +
               "): " + std::strerror(errno);
    }
  }
  ::closedir(tasks);
  return failed;
}

}  // namespace fpbench
