#include "fpbench/scenarios/loop_counters.hpp"

#include <dlfcn.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "fpbench/base/tracepoints.hpp"

namespace fpbench::scenarios {
namespace {

int perf_open(perf_event_attr& attr, int group_fd) {
  return static_cast<int>(::syscall(SYS_perf_event_open, &attr, 0, -1, group_fd,
                                    PERF_FLAG_FD_CLOEXEC));
}

perf_event_attr counting_attr(std::uint32_t type, std::uint64_t config) {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  attr.type = type;
  attr.config = config;
  attr.disabled = 1;
  attr.inherit = 1;
  return attr;
}

std::uint64_t read_count(int fd) {
  std::uint64_t value = 0;
  if (::read(fd, &value, sizeof(value)) != static_cast<ssize_t>(sizeof(value)))
    return 0;
  return value;
}

std::string errno_text(int error) {
  return std::string(strerrorname_np(error) != nullptr ? strerrorname_np(error)
                                                       : "errno") +
         " (" + std::strerror(error) + ")";
}

struct Usage {
  double cpu_s;
  double faults;
};

Usage usage_now() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) +
           static_cast<double>(t.tv_usec) * 1e-6;
  };
  return {seconds(u.ru_utime) + seconds(u.ru_stime),
          static_cast<double>(u.ru_minflt) + static_cast<double>(u.ru_majflt)};
}

}  // namespace

Result<CounterSelection> parse_counter_selection(std::string_view list) {
  CounterSelection s;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    if (name == "cpu") {
      s.cpu = true;
    } else if (name == "faults") {
      s.faults = true;
    } else if (name == "syscalls") {
      s.syscalls = true;
    } else if (name == "instructions") {
      s.instructions = true;
    } else if (name == "allocs") {
      s.allocs = true;
    } else {
      return usage_error(
          "unknown counter '" + std::string(name) +
          "': expected cpu, faults, syscalls, instructions or allocs");
    }
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return s;
}

LoopCounters& LoopCounters::instance() {
  static LoopCounters counters;
  return counters;
}

LoopCounters::~LoopCounters() { close_all(); }

void LoopCounters::open(const CounterSelection& selection) {
  close_all();
  unavailable_.clear();
  selection_ = selection;
  valgrind_ = RUNNING_ON_VALGRIND != 0;
  // Only to learn what can be had: the counters are opened as each loop
  // begins.
  if (selection_.syscalls) {
    if (auto why = open_syscalls(/*by_name=*/false); !why.empty()) {
      unavailable_.push_back(why);
      selection_.syscalls = false;
    }
  }
  if (selection_.instructions && !valgrind_) {
    if (auto why = open_instructions(); !why.empty()) {
      unavailable_.push_back(why);
      selection_.instructions = false;
    }
  }
  if (selection_.allocs) {
    if (auto why = find_alloc_counter(); !why.empty()) {
      unavailable_.push_back(why);
      selection_.allocs = false;
    }
  }
  close_all();
}

// The preload library's counter, when it was loaded (preload.hpp).
std::string LoopCounters::find_alloc_counter() {
  alloc_counting_ = reinterpret_cast<void (*)(int)>(
      ::dlsym(RTLD_DEFAULT, "fpbench_alloc_counting"));
  alloc_counts_ = reinterpret_cast<void (*)(std::uint64_t*, std::uint64_t*)>(
      ::dlsym(RTLD_DEFAULT, "fpbench_alloc_counts"));
  if (alloc_counting_ == nullptr || alloc_counts_ == nullptr) {
    alloc_counting_ = nullptr;
    alloc_counts_ = nullptr;
    return "allocs: the allocation counter is not loaded (LD_PRELOAD="
           "libfpbench-preload.so; fpbench run loads it)";
  }
  // A sanitizer's allocator, linked into the program, comes before the
  // preloaded one: then the counter would read zero, so it is not used.
  alloc_counting_(1);
  void* volatile probe = std::malloc(24);
  alloc_counting_(0);
  std::free(probe);
  std::uint64_t calls = 0;
  std::uint64_t bytes = 0;
  alloc_counts_(&calls, &bytes);
  if (calls == 1 && bytes == 24) return {};
  alloc_counting_ = nullptr;
  alloc_counts_ = nullptr;
  return "allocs: malloc is not the preload library's here (a sanitizer's "
         "allocator comes first), so allocations cannot be counted";
}

std::string LoopCounters::open_syscalls(bool by_name) {
  const auto total_id = tracepoint_id("raw_syscalls/sys_enter");
  if (!total_id) {
    return "syscalls: no tracepoint raw_syscalls/sys_enter (mount tracefs as "
           "root: "
           "mount -t tracefs nodev /sys/kernel/tracing)";
  }
  perf_event_attr leader = counting_attr(PERF_TYPE_TRACEPOINT, *total_id);
  syscall_leader_fd_ = perf_open(leader, -1);
  if (syscall_leader_fd_ < 0) {
    return "syscalls: perf_event_open of raw_syscalls/sys_enter: " +
           errno_text(errno);
  }
  for (const auto& [kernel_name, shown] : kNamedSyscalls) {
    if (!by_name) break;
    const auto id =
        tracepoint_id(std::string("syscalls/sys_enter_") + kernel_name);
    if (!id) continue;  // not a system call of this architecture
    perf_event_attr attr = counting_attr(PERF_TYPE_TRACEPOINT, *id);
    attr.disabled = 0;  // follows the leader
    const int fd = perf_open(attr, syscall_leader_fd_);
    if (fd >= 0) syscall_fds_.push_back({shown, fd});
  }
  return {};
}

std::string LoopCounters::open_instructions() {
  perf_event_attr attr =
      counting_attr(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS);
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  instructions_fd_ = perf_open(attr, -1);
  if (instructions_fd_ < 0) {
    return "instructions: no hardware counter (perf_event_open: " +
           errno_text(errno) +
           "); run under valgrind --tool=callgrind to count them";
  }
  return {};
}

void LoopCounters::close_all() {
  for (const NamedFd& f : syscall_fds_) ::close(f.fd);
  syscall_fds_.clear();
  if (syscall_leader_fd_ >= 0) ::close(syscall_leader_fd_);
  syscall_leader_fd_ = -1;
  if (instructions_fd_ >= 0) ::close(instructions_fd_);
  instructions_fd_ = -1;
}

void LoopCounters::arm() {
  close_all();
  if (selection_.syscalls) (void)open_syscalls(/*by_name=*/true);
  if (selection_.instructions && !valgrind_) (void)open_instructions();
}

std::vector<std::string> LoopCounters::tracepoints() const {
  std::vector<std::string> out;
  if (!selection_.syscalls) return out;
  out.emplace_back("raw_syscalls/sys_enter");
  for (const auto& [kernel_name, shown] : kNamedSyscalls) {
    const std::string event = std::string("syscalls/sys_enter_") + kernel_name;
    if (tracepoint_id(event)) out.push_back(event);
  }
  return out;
}

std::string LoopCounters::sources() const {
  std::string out;
  const auto add = [&](const char* what, const char* source) {
    if (!out.empty()) out += ',';
    out += std::string(what) + "=" + source;
  };
  if (selection_.cpu) add("cpu", "rusage");
  if (selection_.faults) add("faults", "rusage");
  if (selection_.syscalls) add("syscalls", "tracepoint");
  if (selection_.instructions)
    add("instructions", valgrind_ ? "valgrind" : "pmu");
  if (selection_.allocs) add("allocs", "preload");
  return out;
}

void LoopCounters::start() {
  const Usage u = usage_now();
  cpu_start_s_ = u.cpu_s;
  faults_start_ = u.faults;
  if (instructions_fd_ >= 0) {
    ::ioctl(instructions_fd_, PERF_EVENT_IOC_RESET, 0);
    ::ioctl(instructions_fd_, PERF_EVENT_IOC_ENABLE, 0);
  }
  if (selection_.instructions && valgrind_) {
    CALLGRIND_ZERO_STATS;
  }
  if (syscall_leader_fd_ >= 0) {
    ::ioctl(syscall_leader_fd_, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
    ::ioctl(syscall_leader_fd_, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
  }
  // Last, so that none of the above is counted.
  if (selection_.allocs) alloc_counting_(1);
}

void LoopCounters::stop(std::int64_t counted_iterations) {
  if (selection_.allocs) alloc_counting_(0);
  if (syscall_leader_fd_ >= 0) {
    ::ioctl(syscall_leader_fd_, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
  }
  if (selection_.instructions && valgrind_) {
    // One part of callgrind's output per loop, named so the harness can
    // tell it from the part written at exit.
    CALLGRIND_DUMP_STATS_AT("fpbench-loop");
  }
  if (instructions_fd_ >= 0)
    ::ioctl(instructions_fd_, PERF_EVENT_IOC_DISABLE, 0);
  const Usage u = usage_now();

  totals_ = CounterTotals{};
  totals_.counted_iterations = counted_iterations;
  if (selection_.cpu) totals_.cpu_s = u.cpu_s - cpu_start_s_;
  if (selection_.faults) totals_.faults = u.faults - faults_start_;
  if (syscall_leader_fd_ >= 0) {
    // The disabling ioctl entered while the group still counted.
    const std::uint64_t total = read_count(syscall_leader_fd_);
    std::uint64_t waits = 0;
    for (const NamedFd& f : syscall_fds_) {
      const std::uint64_t n = read_count(f.fd);
      if (is_wait_syscall(f.name)) waits += n;
      totals_.syscalls_by_name.emplace_back(f.name, n);
    }
    totals_.syscalls_all = total > 0 ? total - 1 : 0;
    totals_.syscalls =
        *totals_.syscalls_all >= waits ? *totals_.syscalls_all - waits : 0;
  }
  if (instructions_fd_ >= 0)
    totals_.instructions = read_count(instructions_fd_);
  if (selection_.allocs) {
    std::uint64_t calls = 0;
    std::uint64_t bytes = 0;
    alloc_counts_(&calls, &bytes);
    totals_.allocs = calls;
    totals_.alloc_bytes = bytes;
  }
}

}  // namespace fpbench::scenarios
