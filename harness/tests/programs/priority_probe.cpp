// Prints the scheduling policy its main thread ends with (0 SCHED_OTHER, 1
// SCHED_FIFO) after doing one thing that makes a process not run alone
// (priority.hpp), and waiting long enough for fpbench to see it:
//
//   priority_probe alone          nothing
//   priority_probe threads N      N threads in all, alive together
//   priority_probe child          a child process, waited for
//   priority_probe write MIB      MIB MiB written to a file in the current
//                                 folder (then removed)

#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr auto kSeen = std::chrono::milliseconds(300);

int usage() {
  std::fprintf(stderr,
               "usage: priority_probe alone|threads N|child|write MIB\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string what = argv[1];
  if (what == "threads" && argc == 3) {
    const int n = std::atoi(argv[2]);
    std::vector<std::thread> threads;
    for (int i = 1; i < n; ++i)
      threads.emplace_back([] { std::this_thread::sleep_for(kSeen); });
    std::this_thread::sleep_for(kSeen);
    for (std::thread& t : threads) t.join();
  } else if (what == "child" && argc == 2) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      std::this_thread::sleep_for(kSeen);
      _exit(0);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
  } else if (what == "write" && argc == 3) {
    const long mib = std::atol(argv[2]);
    const std::string path =
        "priority-probe-" + std::to_string(::getpid()) + ".tmp";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) return 3;
    std::vector<char> block(1 << 20, 'x');
    for (long i = 0; i < mib; ++i)
      std::fwrite(block.data(), 1, block.size(), f);
    std::fclose(f);
    std::this_thread::sleep_for(kSeen);
    std::remove(path.c_str());
  } else if (what == "alone" && argc == 2) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } else {
    return usage();
  }
  std::printf("%d\n", ::sched_getscheduler(0) & ~SCHED_RESET_ON_FORK);
  return 0;
}
