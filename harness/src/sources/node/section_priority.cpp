#include "sources/node/section_priority.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace fpbench::harness {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Result<std::unique_ptr<SectionPriority>> SectionPriority::start(
    Priority priority, std::function<void(const std::string& why)> on_left) {
  std::unique_ptr<SectionPriority> p(new SectionPriority);
  p->priority_ = priority;
  p->on_left_ = std::move(on_left);
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
    std::string failed;
    if (pid <= 0) {
      failed = "a request came before the child started";
    } else if (request == 'S') {
      const std::string why = priority_ == Priority::kRealtimeAlone
                                  ? why_not_alone(pid)
                                  : std::string();
      if (why.empty()) {
        failed = set_thread_priority(pid, /*realtime=*/true);
        raised_ = true;
      } else if (on_left_) {
        on_left_(why);
      }
    } else if (request == 'E') {
      if (raised_) failed = set_thread_priority(pid, /*realtime=*/false);
      raised_ = false;
    } else {
      failed = std::string("an unknown request '") + request + "'";
    }
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
