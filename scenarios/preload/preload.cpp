// libfpbench-preload.so: counters inside someone else's program, loaded
// with LD_PRELOAD by `fpbench run`. Nothing is patched: the library
// interposes two things.
//
// Allocation calls. malloc, calloc, realloc and the aligned allocations are
// passed on to glibc (__libc_*); while counting is on, each call adds one
// and the bytes it asked for. operator new reaches them through malloc, so
// it is counted once. Any program may switch counting on and off with
// fpbench_alloc_counting() (fpbench-scenarios does, around its counted
// iterations; see loop_counters.hpp).
//
// A whole process, for commands: with FPBENCH_PROCESS_ALLOCS set, every
// process that loads the library (the command and what it starts, which
// inherit LD_PRELOAD) counts from its start and appends at its exit
//
//   process allocs=12 alloc_bytes=4096
//
// to that file, from exit or _exit (which the library interposes too: a
// shell leaves by it); a forked child starts from zero.
//
// The timed loop of a Google Benchmark binary linked dynamically to
// libbenchmark. With FPBENCH_LOOP_FILE set, the library wraps
// benchmark::State's StartKeepRunning and FinishKeepRunning (called from
// the inline `for (auto _ : state)` loop) and PauseTiming/ResumeTiming, so
// that the counters named by FPBENCH_LOOP_COUNTERS (loop_counters.hpp's
// names) run exactly while Google Benchmark's timer does. Each finished
// loop appends one line to the file:
//
//   loop cpu_s=0.0012 faults=0 syscalls=2 syscalls_all=2 syscall:read=1 ...
//
// Google Benchmark runs a benchmark's loop several times while it finds the
// iteration count; the last lines belong to the runs it reports, and their
// iteration counts are in its JSON. Under Valgrind, instructions are
// callgrind's: the loop zeroes them as it starts, stops collecting while
// the timer is paused, and dumps a part named "fpbench-loop" as it ends
// (the few instructions of the dump request itself are the same in every
// loop).
// Only one loop at a time is counted: a benchmark run on several threads
// gets one line, from the thread that started first, which the harness
// refuses to read as a per-iteration count.

#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <valgrind/callgrind.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "fpbench/scenarios/loop_counters.hpp"

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
void __libc_free(void* p);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void* __libc_valloc(std::size_t size);
void* __libc_pvalloc(std::size_t size);
}

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::uint64_t> g_calls{0};
std::atomic<std::uint64_t> g_bytes{0};

inline void count(std::size_t bytes) {
  if (!g_counting.load(std::memory_order_relaxed)) return;
  g_calls.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(bytes, std::memory_order_relaxed);
}

}  // namespace

extern "C" {

__attribute__((visibility("default"))) void fpbench_alloc_counting(int on) {
  if (on != 0) {
    g_calls.store(0, std::memory_order_relaxed);
    g_bytes.store(0, std::memory_order_relaxed);
  }
  g_counting.store(on != 0, std::memory_order_seq_cst);
}

__attribute__((visibility("default"))) void fpbench_alloc_counts(
    std::uint64_t* calls, std::uint64_t* bytes) {
  *calls = g_calls.load(std::memory_order_relaxed);
  *bytes = g_bytes.load(std::memory_order_relaxed);
}

__attribute__((visibility("default"))) void* malloc(std::size_t size) {
  count(size);
  return __libc_malloc(size);
}
__attribute__((visibility("default"))) void* calloc(std::size_t n,
                                                    std::size_t size) {
  count(n * size);
  return __libc_calloc(n, size);
}
__attribute__((visibility("default"))) void* realloc(void* p,
                                                     std::size_t size) {
  count(size);
  return __libc_realloc(p, size);
}
__attribute__((visibility("default"))) void free(void* p) { __libc_free(p); }
__attribute__((visibility("default"))) void* memalign(std::size_t alignment,
                                                      std::size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}
__attribute__((visibility("default"))) void* aligned_alloc(
    std::size_t alignment, std::size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}
__attribute__((visibility("default"))) int posix_memalign(void** out,
                                                          std::size_t alignment,
                                                          std::size_t size) {
  if (alignment < sizeof(void*) || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  count(size);
  void* p = __libc_memalign(alignment, size);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
__attribute__((visibility("default"))) void* valloc(std::size_t size) {
  count(size);
  return __libc_valloc(size);
}
__attribute__((visibility("default"))) void* pvalloc(std::size_t size) {
  count(size);
  return __libc_pvalloc(size);
}

}  // extern "C"

namespace {

using fpbench::scenarios::CounterSelection;
using fpbench::scenarios::CounterTotals;
using fpbench::scenarios::LoopCounters;

// The loop being counted, if any, and what its segments (between a resume
// and a pause) added up to.
struct LoopState {
  bool enabled = false;
  bool callgrind = false;  // instructions from callgrind's client requests
  const char* file = nullptr;
  std::atomic<void*> owner{nullptr};  // the State counted now
  bool running = false;
  CounterTotals sum;
};

LoopState& loop() {
  static LoopState state;
  return state;
}

void add_optional(std::optional<double>& to, const std::optional<double>& v) {
  if (v) to = to.value_or(0) + *v;
}
void add_optional(std::optional<std::uint64_t>& to,
                  const std::optional<std::uint64_t>& v) {
  if (v) to = to.value_or(0) + *v;
}

void add_totals(CounterTotals& to, const CounterTotals& t) {
  add_optional(to.cpu_s, t.cpu_s);
  add_optional(to.faults, t.faults);
  add_optional(to.syscalls, t.syscalls);
  add_optional(to.syscalls_all, t.syscalls_all);
  add_optional(to.instructions, t.instructions);
  add_optional(to.allocs, t.allocs);
  add_optional(to.alloc_bytes, t.alloc_bytes);
  for (const auto& [name, n] : t.syscalls_by_name) {
    bool found = false;
    for (auto& [have, total] : to.syscalls_by_name) {
      if (have == name) {
        total += n;
        found = true;
      }
    }
    if (!found) to.syscalls_by_name.emplace_back(name, n);
  }
}

// Callgrind collects while the loop runs and outside it; a pause stops
// collecting until the timer resumes.
void end_segment() {
  LoopState& s = loop();
  LoopCounters& counters = LoopCounters::instance();
  counters.stop(0);
  s.running = false;
  add_totals(s.sum, counters.totals());
}

void pause_counting() {
  LoopState& s = loop();
  if (!s.running) return;
  end_segment();
  if (s.callgrind) CALLGRIND_TOGGLE_COLLECT;
}

void resume_counting() {
  LoopState& s = loop();
  if (s.running) return;
  if (s.callgrind) CALLGRIND_TOGGLE_COLLECT;
  s.running = true;
  LoopCounters::instance().start();
}

void write_line(const CounterTotals& t) {
  std::string line = "loop";
  char number[64];
  const auto put = [&](const std::string& name, double value) {
    std::snprintf(number, sizeof number, "%.17g", value);
    line += " " + name + "=" + number;
  };
  if (t.cpu_s) put("cpu_s", *t.cpu_s);
  if (t.faults) put("faults", *t.faults);
  if (t.syscalls) put("syscalls", static_cast<double>(*t.syscalls));
  if (t.syscalls_all) put("syscalls_all", static_cast<double>(*t.syscalls_all));
  for (const auto& [name, n] : t.syscalls_by_name)
    put("syscall:" + name, static_cast<double>(n));
  if (t.instructions) put("instructions", static_cast<double>(*t.instructions));
  if (t.allocs) put("allocs", static_cast<double>(*t.allocs));
  if (t.alloc_bytes) put("alloc_bytes", static_cast<double>(*t.alloc_bytes));
  line += "\n";
  const int fd =
      ::open(loop().file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return;
  (void)!::write(fd, line.data(), line.size());
  ::close(fd);
}

char g_process_file[4096];

void start_over_in_child() {
  g_calls.store(0, std::memory_order_relaxed);
  g_bytes.store(0, std::memory_order_relaxed);
}

void count_process() {
  const char* file = std::getenv("FPBENCH_PROCESS_ALLOCS");
  if (file == nullptr || *file == '\0' ||
      std::strlen(file) >= sizeof g_process_file)
    return;
  std::strcpy(g_process_file, file);
  ::pthread_atfork(nullptr, nullptr, start_over_in_child);
  fpbench_alloc_counting(1);
}

// At exit, or at _exit (a shell's way out), once.
__attribute__((destructor)) void write_process_counts() {
  if (g_process_file[0] == '\0') return;
  g_counting.store(false);
  char line[128];
  const int n =
      std::snprintf(line, sizeof line, "process allocs=%llu alloc_bytes=%llu\n",
                    static_cast<unsigned long long>(g_calls.load()),
                    static_cast<unsigned long long>(g_bytes.load()));
  const int fd =
      ::open(g_process_file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0 || n <= 0) return;
  (void)!::write(fd, line, static_cast<std::size_t>(n));
  ::close(fd);
  g_process_file[0] = '\0';
}

// FPBENCH_LINK_PROBE=FILE: says in FILE whether benchmark::State's loop is
// reached through a shared libbenchmark (its calls can be interposed here)
// or not (linked into the program, where they cannot).
void answer_link_probe() {
  const char* file = std::getenv("FPBENCH_LINK_PROBE");
  if (file == nullptr || *file == '\0') return;
  const bool shared =
      ::dlsym(RTLD_NEXT, "_ZN9benchmark5State16StartKeepRunningEv") != nullptr;
  const int fd = ::open(file, O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return;
  const std::string_view line =
      shared ? "libbenchmark=shared\n" : "libbenchmark=none\n";
  (void)!::write(fd, line.data(), line.size());
  ::close(fd);
}

__attribute__((constructor)) void read_environment() {
  count_process();
  answer_link_probe();
  const char* file = std::getenv("FPBENCH_LOOP_FILE");
  if (file == nullptr || *file == '\0') return;
  const char* names = std::getenv("FPBENCH_LOOP_COUNTERS");
  auto selection = fpbench::scenarios::parse_counter_selection(
      names != nullptr ? names : "");
  if (!selection) {
    std::fprintf(stderr, "libfpbench-preload: FPBENCH_LOOP_COUNTERS: %s\n",
                 selection.error().message.c_str());
    return;
  }
  LoopState& s = loop();
  s.file = file;
  s.enabled = true;
  if (selection->instructions && RUNNING_ON_VALGRIND != 0) {
    s.callgrind = true;
    selection->instructions = false;
  }
  LoopCounters& counters = LoopCounters::instance();
  counters.open(*selection);
  for (const std::string& why : counters.unavailable())
    std::fprintf(stderr, "libfpbench-preload: %s\n", why.c_str());
}

}  // namespace

extern "C" {

__attribute__((visibility("default"), noreturn)) void _exit(int status) {
  write_process_counts();
  ::syscall(SYS_exit_group, status);
  __builtin_unreachable();
}
__attribute__((visibility("default"), noreturn)) void _Exit(int status) {
  _exit(status);
}

}  // extern "C"

namespace {

using Member = void (*)(void*);

Member next_member(const char* mangled) {
  auto* f = reinterpret_cast<Member>(::dlsym(RTLD_NEXT, mangled));
  if (f == nullptr) {
    std::fprintf(stderr, "libfpbench-preload: %s not found after it\n",
                 mangled);
    std::abort();
  }
  return f;
}

}  // namespace

// benchmark::State's members, by their mangled names (the same from Google
// Benchmark 1.5 to 1.9); `self` is the State.
extern "C" {

__attribute__((visibility("default"))) void
_ZN9benchmark5State16StartKeepRunningEv(void* self) {
  static const Member next =
      next_member("_ZN9benchmark5State16StartKeepRunningEv");
  next(self);
  LoopState& s = loop();
  void* none = nullptr;
  if (!s.enabled || !s.owner.compare_exchange_strong(none, self)) return;
  s.sum = CounterTotals{};
  LoopCounters::instance().arm();
  if (s.callgrind) CALLGRIND_ZERO_STATS;
  s.running = true;
  LoopCounters::instance().start();
}

__attribute__((visibility("default"))) void
_ZN9benchmark5State17FinishKeepRunningEv(void* self) {
  static const Member next =
      next_member("_ZN9benchmark5State17FinishKeepRunningEv");
  LoopState& s = loop();
  if (s.enabled && s.owner.load() == self) {
    if (s.running) {
      end_segment();
    } else if (s.callgrind) {
      CALLGRIND_TOGGLE_COLLECT;  // paused: collecting again, as outside
    }
    if (s.callgrind) CALLGRIND_DUMP_STATS_AT("fpbench-loop");
    write_line(s.sum);
    s.owner.store(nullptr);
  }
  next(self);
}

__attribute__((visibility("default"))) void _ZN9benchmark5State11PauseTimingEv(
    void* self) {
  static const Member next = next_member("_ZN9benchmark5State11PauseTimingEv");
  if (loop().enabled && loop().owner.load() == self) pause_counting();
  next(self);
}

__attribute__((visibility("default"))) void _ZN9benchmark5State12ResumeTimingEv(
    void* self) {
  static const Member next = next_member("_ZN9benchmark5State12ResumeTimingEv");
  next(self);
  if (loop().enabled && loop().owner.load() == self) resume_counting();
}

}  // extern "C"
