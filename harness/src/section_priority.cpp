#include "section_priority.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace fpbench::harness {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Every thread of `pid` at `policy`; "" or what failed. A thread that has
// exited meanwhile is not a failure.
std::string set_policy(int pid, int policy) {
  const std::string dir = "/proc/" + std::to_string(pid) + "/task";
  DIR* tasks = ::opendir(dir.c_str());
  if (tasks == nullptr)
    return "cannot list the threads in " + dir + ": " + std::strerror(errno);
  sched_param param{};
  param.sched_priority = policy == SCHED_FIFO ? 1 : 0;
  std::string failed;
  while (const dirent* entry = ::readdir(tasks)) {
    if (entry->d_name[0] == '.') continue;
    const int tid = std::atoi(entry->d_name);
    if (::sched_setscheduler(tid, policy, &param) != 0 && errno != ESRCH &&
        failed.empty()) {
      failed = std::string("sched_setscheduler(") + entry->d_name + ", " +
               (policy == SCHED_FIFO ? "SCHED_FIFO 1" : "SCHED_OTHER") +
               "): " + std::strerror(errno);
    }
  }
  ::closedir(tasks);
  return failed;
}

}  // namespace

Result<std::unique_ptr<SectionPriority>> SectionPriority::start() {
  std::unique_ptr<SectionPriority> p(new SectionPriority);
  if (::pipe2(p->request_, O_CLOEXEC) != 0 ||
      ::pipe2(p->answer_, O_CLOEXEC) != 0) {
    return io_error(std::string("cannot make the priority pipes: ") +
                    std::strerror(errno));
  }
  p->thread_ = std::thread([raw = p.get()] { raw->serve(); });
  return p;
}

SectionPriority::~SectionPriority() { finish(); }

void SectionPriority::prepare(ProcessOptions& options) {
  options.inherit_fds = {request_[1], answer_[0]};
  options.env.push_back("FPBENCH_PRIORITY_FDS=" + std::to_string(request_[1]) +
                        "," + std::to_string(answer_[0]));
  options.on_start = [this](int pid) { pid_ = pid; };
}

void SectionPriority::serve() {
  char request = 0;
  while (true) {
    const ssize_t n = ::read(request_[0], &request, 1);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    const int pid = pid_.load();
    std::string failed =
        pid <= 0 ? std::string("a request came before the child started")
        : request == 'S' ? set_policy(pid, SCHED_FIFO)
        : request == 'E' ? set_policy(pid, SCHED_OTHER)
                         : std::string("an unknown request '") + request + "'";
    const char answer = failed.empty() ? '0' : '1';
    if (!failed.empty()) {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (failure_.empty()) failure_ = std::move(failed);
    }
    while (::write(answer_[1], &answer, 1) < 0 && errno == EINTR) {
    }
  }
}

std::string SectionPriority::finish() {
  // The child's copies went with it: closing this process's write end of
  // the requests ends the thread's read.
  close_fd(request_[1]);
  if (thread_.joinable()) thread_.join();
  close_fd(request_[0]);
  close_fd(answer_[0]);
  close_fd(answer_[1]);
  const std::lock_guard<std::mutex> lock(mutex_);
  return failure_;
}

}  // namespace fpbench::harness
