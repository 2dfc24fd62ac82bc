#pragma once

// System calls counted with perf tracepoints, as every counter of fpbench
// counts them (the scenarios' loop counters, the preload library, the
// command source): raw_syscalls/sys_enter for the total and
// syscalls/sys_enter_NAME for the calls counted by name.

#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace fpbench {

// The system calls counted by name: those the fs and print paths make, and
// those a heavier implementation might add. Everything else is in the total
// only. Kernel names, shown without the "new" of the stat family. Each one
// costs tens of milliseconds when the process exits (the kernel waits for
// its tracepoint to be unhooked), so the list is short.
inline constexpr std::array<std::pair<const char*, const char*>, 17>
    kNamedSyscalls = {{
        {"openat", "openat"},
        {"close", "close"},
        {"read", "read"},
        {"write", "write"},
        {"pread64", "pread64"},
        {"lseek", "lseek"},
        {"newfstat", "fstat"},
        {"newfstatat", "fstatat"},
        {"statx", "statx"},
        {"getdents64", "getdents64"},
        {"fsync", "fsync"},
        {"mmap", "mmap"},
        {"brk", "brk"},
        {"futex", "futex"},
        {"epoll_wait", "epoll_wait"},
        {"epoll_pwait", "epoll_pwait"},
        {"sched_yield", "sched_yield"},
    }};

// Calls that wait for another thread or the event loop: how many happen
// depends on how the threads meet, not on the work, so they are counted by
// name but left out of the total.
inline bool is_wait_syscall(std::string_view name) {
  return name == "futex" || name == "epoll_wait" || name == "epoll_pwait" ||
         name == "sched_yield";
}

// The id of a tracepoint ("raw_syscalls/sys_enter") where tracefs is
// mounted, or none.
inline std::optional<std::uint64_t> tracepoint_id(const std::string& event) {
  for (const char* root :
       {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"}) {
    std::ifstream in(std::string(root) + "/events/" + event + "/id");
    std::uint64_t id = 0;
    if (in >> id) return id;
  }
  return std::nullopt;
}

}  // namespace fpbench
