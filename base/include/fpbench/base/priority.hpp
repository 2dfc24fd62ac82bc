#pragma once

// Real-time priority for measured processes, and when it may be used.
//
// SCHED_FIFO 1 puts a process above every normal task, so that other work on
// a shared machine cannot take its CPU mid-measurement. It also changes how
// the process's own work is scheduled: FIFO threads of one priority are not
// time-sliced and preempt everything else on wake-up, so a thread pool, a
// child process or the kernel threads that write a process's dirty pages back
// (and complete its I/O) run differently from any normal run. Real-time
// priority therefore only removes interference from a process that runs
// alone: one thread, no child, no more than kAloneWriteBytes written to
// files. `Priority::kRealtimeAlone` starts a child that way and puts it back
// at normal priority the moment it is seen to be anything else.

#include <cstdint>
#include <string>

namespace fpbench {

enum class Priority {
  kNormal,  // SCHED_OTHER, as this process
  // SCHED_FIFO 1 while the child runs alone (see above). Threads and
  // children it starts begin at SCHED_OTHER (SCHED_RESET_ON_FORK); it is
  // checked every millisecond, and once it is not alone every thread of it
  // is at SCHED_OTHER for the rest of its life.
  kRealtimeAlone,
  // SCHED_FIFO 1 for the child and everything it starts, throughout.
  kRealtime,
};

// "auto", "normal", "always" (kRealtimeAlone, kNormal, kRealtime).
const char* priority_name(Priority p);

// Bytes a process may write to files (its /proc/PID/io write_bytes: the page
// cache it dirtied) and still run alone: a fixture of a few MiB written once
// is not a writer whose pages the kernel must write back while it is timed.
inline constexpr std::int64_t kAloneWriteBytes = std::int64_t{4} << 20;

// Why process `pid` does not run alone, as a short phrase ("3 threads", "a
// child process", "5 MiB written to files"); "" when it does, or when it has
// gone.
std::string why_not_alone(int pid);

// Every thread of `pid` at SCHED_FIFO 1 (`realtime`) or SCHED_OTHER; "" or
// what failed. A thread that exits meanwhile is not a failure.
std::string set_thread_priority(int pid, bool realtime);

}  // namespace fpbench
