#pragma once

// Helpers the core tests share.

#include <sys/wait.h>
#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <functional>
#include <iterator>

namespace fpbench::core::testing_support {

// Descriptors this process holds open: equal before and after an operation
// means the operation leaked none.
inline std::size_t open_fd_count() {
  namespace fs = std::filesystem;
  return static_cast<std::size_t>(std::distance(
      fs::directory_iterator("/proc/self/fd"), fs::directory_iterator()));
}

// Runs fn in a child process as nobody (uid and gid 65534) when the tests
// run as root, who may read anything; returns the child's exit status.
inline int exit_code_as_nobody(const std::function<int()>& fn) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
      _exit(99);
    _exit(fn());
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace fpbench::core::testing_support
