#include "counting/process_counts.hpp"

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "fpbench/base/tracepoints.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::harness {

using reports::MetricReading;

// Tracepoint counters on one child and everything it starts, enabled as it
// execs.
class ChildSyscallCounters {
 public:
  ChildSyscallCounters() = default;
  ChildSyscallCounters(const ChildSyscallCounters&) = delete;
  ChildSyscallCounters& operator=(const ChildSyscallCounters&) = delete;
  ~ChildSyscallCounters() {
    for (const auto& [name, fd] : fds_) ::close(fd);
  }

  void attach(int pid) {
    open(pid, "raw_syscalls/sys_enter", "");
    for (const auto& [kernel_name, shown] : kNamedSyscalls)
      open(pid, std::string("syscalls/sys_enter_") + kernel_name, shown);
  }

  // The total without waits, the total with them, and every name.
  [[nodiscard]] Result<std::pair<MetricReading, MetricReading>> read(
      const std::string& source) const {
    if (fds_.empty() || !fds_[0].first.empty())
      return unavailable_error("syscalls: the tracepoint could not be opened");
    MetricReading calls{0, source, {}, {}};
    MetricReading all{0, source, {}, {}};
    double waits = 0;
    for (const auto& [name, fd] : fds_) {
      std::uint64_t value = 0;
      if (::read(fd, &value, sizeof value) !=
          static_cast<ssize_t>(sizeof value))
        return io_error("syscalls: cannot read a tracepoint counter");
      if (name.empty()) {
        all.value = static_cast<double>(value);
        continue;
      }
      calls.by_name.emplace_back(name, static_cast<double>(value));
      if (is_wait_syscall(name)) waits += static_cast<double>(value);
    }
    calls.value = all.value - waits;
    return std::pair{std::move(calls), std::move(all)};
  }

 private:
  void open(int pid, const std::string& event, const std::string& shown) {
    const auto id = tracepoint_id(event);
    if (!id) return;
    perf_event_attr attr{};
    attr.size = sizeof attr;
    attr.type = PERF_TYPE_TRACEPOINT;
    attr.config = *id;
    attr.disabled = 1;
    attr.inherit = 1;
    attr.enable_on_exec = 1;
    const long fd = ::syscall(SYS_perf_event_open, &attr, pid, -1, -1,
                              PERF_FLAG_FD_CLOEXEC);
    if (fd >= 0) fds_.emplace_back(shown, static_cast<int>(fd));
  }

  std::vector<std::pair<std::string, int>> fds_;  // "" for the total
};

namespace {

// The allocations every process of the run reported as it ended.
Result<std::pair<double, double>> read_process_allocs(const std::string& path) {
  std::ifstream in(path);
  double calls = 0;
  double bytes = 0;
  bool any = false;
  for (std::string line; std::getline(in, line);) {
    unsigned long long c = 0;
    unsigned long long b = 0;
    if (std::sscanf(line.c_str(), "process allocs=%llu alloc_bytes=%llu", &c,
                    &b) != 2)
      continue;
    calls += static_cast<double>(c);
    bytes += static_cast<double>(b);
    any = true;
  }
  if (!any) {
    return benchmark_error(
        "allocs: no process reported its allocations (a statically linked "
        "program cannot load the preload library)");
  }
  return std::pair{calls, bytes};
}

}  // namespace

ProcessCounts::ProcessCounts(ProcessCounting what)
    : what_(std::move(what)),
      allocs_file_("/tmp/fpbench-allocs-XXXXXX"),
      syscalls_(std::make_shared<ChildSyscallCounters>()) {}

ProcessCounts::~ProcessCounts() = default;

Result<void> ProcessCounts::prepare(ProcessOptions& options) {
  if (what_.allocs) {
    if (allocs_file_.path().empty())
      return io_error("cannot create a file for allocation counts in /tmp");
    options.env.push_back("LD_PRELOAD=" + what_.preload);
    options.env.push_back("FPBENCH_PROCESS_ALLOCS=" + allocs_file_.path());
  }
  if (what_.syscalls) {
    options.on_start = [counters = syscalls_](int pid) {
      counters->attach(pid);
    };
  }
  return {};
}

Result<std::vector<std::pair<std::string, MetricReading>>> ProcessCounts::read(
    const std::string& syscalls_source,
    const std::string& allocs_source) const {
  std::vector<std::pair<std::string, MetricReading>> out;
  if (what_.syscalls) {
    FPBENCH_ASSIGN_OR_RETURN(auto calls, syscalls_->read(syscalls_source));
    out.emplace_back("syscalls", std::move(calls.first));
    out.emplace_back("syscalls_all", std::move(calls.second));
  }
  if (what_.allocs) {
    FPBENCH_ASSIGN_OR_RETURN(auto counts,
                             read_process_allocs(allocs_file_.path()));
    out.emplace_back("allocs",
                     MetricReading{counts.first, allocs_source, {}, {}});
    out.emplace_back("alloc_bytes",
                     MetricReading{counts.second, allocs_source, {}, {}});
  }
  return out;
}

Result<double> callgrind_total(const std::string& dir) {
  double total = 0;
  bool any = false;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ignored)) {
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("summary:", 0) != 0 && line.rfind("totals:", 0) != 0)
        continue;
      total += std::strtod(line.c_str() + line.find(':') + 1, nullptr);
      any = true;
      break;
    }
  }
  std::filesystem::remove_all(dir, ignored);
  if (!any) return benchmark_error("callgrind wrote no totals");
  return total;
}

}  // namespace fpbench::harness
