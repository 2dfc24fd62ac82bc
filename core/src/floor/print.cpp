// The floor of console.log: one write(2) of bytes formatted beforehand, and
// the write loop every implementation ends in.

#include "fpbench/core/print.hpp"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

#include "fs_common.hpp"

namespace fpbench::core {
namespace {

std::atomic<bool> sigpipe_ignored{false};

// Blocks SIGPIPE for this thread while it lives, so that a write to a pipe
// without readers fails with EPIPE instead of killing the process. Does
// nothing when SIGPIPE is ignored, or already blocked by the caller (who
// then keeps whatever becomes pending, as without us).
class SigpipeBlock {
 public:
  SigpipeBlock() {
    if (sigpipe_ignored.load(std::memory_order_relaxed)) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    if (pthread_sigmask(SIG_BLOCK, &set, &old_) == 0)
      active_ = sigismember(&old_, SIGPIPE) == 0;
  }
  ~SigpipeBlock() {
    if (active_) pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

  // After EPIPE: takes the SIGPIPE the write left pending, which restoring
  // the mask would otherwise deliver.
  void consume_pending() {
    if (!active_) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    const timespec no_wait{};
    while (sigtimedwait(&set, nullptr, &no_wait) < 0 && errno == EINTR) {
    }
  }

 private:
  sigset_t old_{};
  bool active_ = false;
};

// Waits until fd can take more bytes; errors show up on the next write.
void wait_writable(int fd) {
  pollfd p{fd, POLLOUT, 0};
  while (::poll(&p, 1, -1) < 0 && errno == EINTR) {
  }
}

}  // namespace

Result<void> ignore_sigpipe() {
  struct sigaction action {};
  action.sa_handler = SIG_IGN;
  sigemptyset(&action.sa_mask);
  if (::sigaction(SIGPIPE, &action, nullptr) != 0)
    return detail::fs_error(errno, "sigaction", "");
  sigpipe_ignored.store(true, std::memory_order_relaxed);
  return {};
}

namespace floor {

Result<void> print_bytes(int fd, std::string_view preformatted) {
  SigpipeBlock block;
  while (!preformatted.empty()) {
    const ssize_t n = ::write(fd, preformatted.data(), preformatted.size());
    if (n >= 0) {
      preformatted.remove_prefix(static_cast<std::size_t>(n));
      continue;
    }
    const int error = errno;
    if (error == EINTR) continue;
    if (error == EAGAIN || error == EWOULDBLOCK) {
      wait_writable(fd);
      continue;
    }
    if (error == EPIPE) block.consume_pending();
    return detail::fs_error(error, "write", "");
  }
  return {};
}

}  // namespace floor

}  // namespace fpbench::core
