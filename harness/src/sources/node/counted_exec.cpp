// fpbench-counted-exec COUNTERS -- PROGRAM ARGS...
//
// Opens perf counters on itself, inherited by every thread and process it
// goes on to start, and execs PROGRAM with the counters' descriptors left
// open. A program that cannot open counters itself (a node script) reads
// them around the section it times: one read(2) of a group descriptor
// returns every counter of the group summed over all its threads at that
// moment, so a count from start to end covers exactly what happened in
// between, whichever thread did it.
//
// COUNTERS is a comma-separated list of syscalls, cpu, faults and
// instructions. The groups opened are described to PROGRAM in
// FPBENCH_COUNTER_GROUPS as "FD:NAME,NAME...;FD:NAME..." with the names of
// the group's values in the order read(2) returns them after their count
// (PERF_FORMAT_GROUP): "syscalls_all" (raw_syscalls/sys_enter),
// "syscall:NAME" (syscalls/sys_enter_NAME), "cpu_ns" (task clock),
// "faults" (page faults), "instructions".
//
// Exits 126 when a counter asked for cannot be opened, saying which.

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/tracepoints.hpp"

namespace {

// Besides mmap and brk, which kNamedSyscalls counts already.
constexpr const char* kMemorySyscalls[] = {"munmap", "mprotect", "madvise"};

struct Group {
  int leader = -1;
  std::vector<std::string> names;
};

int open_counter(std::uint32_t type, std::uint64_t config, int leader) {
  perf_event_attr attr{};
  attr.size = sizeof attr;
  attr.type = type;
  attr.config = config;
  attr.inherit = 1;
  attr.read_format = PERF_FORMAT_GROUP;
  attr.exclude_kernel = type == PERF_TYPE_HARDWARE ? 1 : 0;
  // No FD_CLOEXEC: the descriptors are for the program exec'd.
  return static_cast<int>(
      ::syscall(SYS_perf_event_open, &attr, 0, -1, leader, 0));
}

bool add(Group& g, std::uint32_t type, std::uint64_t config,
         const std::string& name) {
  const int fd = open_counter(type, config, g.leader);
  if (fd < 0) return false;
  if (g.leader < 0) g.leader = fd;
  g.names.push_back(name);
  return true;
}

bool wanted(std::string_view list, std::string_view name) {
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    if (list.substr(start, comma - start) == name) return true;
    start = comma + 1;
  }
  return false;
}

int fail(const std::string& what) {
  std::fprintf(stderr, "fpbench-counted-exec: cannot open %s: %s\n",
               what.c_str(), std::strerror(errno));
  return 126;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || std::string_view(argv[2]) != "--") {
    std::fprintf(stderr,
                 "usage: fpbench-counted-exec COUNTERS -- PROGRAM ARGS...\n");
    return 2;
  }
  const std::string_view list = argv[1];
  std::vector<Group> groups;
  if (wanted(list, "syscalls")) {
    Group g;
    const auto raw = fpbench::tracepoint_id("raw_syscalls/sys_enter");
    if (!raw || !add(g, PERF_TYPE_TRACEPOINT, *raw, "syscalls_all"))
      return fail("the tracepoint raw_syscalls/sys_enter");
    for (const auto& [kernel_name, shown] : fpbench::kNamedSyscalls) {
      const auto id = fpbench::tracepoint_id(
          std::string("syscalls/sys_enter_") + kernel_name);
      if (id)
        add(g, PERF_TYPE_TRACEPOINT, *id, std::string("syscall:") + shown);
    }
    // How a garbage-collected heap grows and shrinks, by name, so that the
    // count of a node process can leave them out (see node_source.cpp).
    for (const char* name : kMemorySyscalls) {
      const auto id =
          fpbench::tracepoint_id(std::string("syscalls/sys_enter_") + name);
      if (id) add(g, PERF_TYPE_TRACEPOINT, *id, std::string("syscall:") + name);
    }
    groups.push_back(std::move(g));
  }
  if (wanted(list, "cpu") || wanted(list, "faults")) {
    Group g;
    if (!add(g, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "cpu_ns"))
      return fail("the task clock");
    if (!add(g, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, "faults"))
      return fail("the page fault counter");
    groups.push_back(std::move(g));
  }
  if (wanted(list, "instructions")) {
    Group g;
    if (!add(g, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions"))
      return fail("the hardware instruction counter");
    groups.push_back(std::move(g));
  }
  std::string described;
  for (const Group& g : groups) {
    described +=
        (described.empty() ? "" : ";") + std::to_string(g.leader) + ":";
    for (std::size_t i = 0; i < g.names.size(); ++i)
      described += (i == 0 ? "" : ",") + g.names[i];
  }
  ::setenv("FPBENCH_COUNTER_GROUPS", described.c_str(), 1);
  ::execvp(argv[3], argv + 3);
  std::fprintf(stderr, "fpbench-counted-exec: cannot run %s: %s\n", argv[3],
               std::strerror(errno));
  return 127;
}
