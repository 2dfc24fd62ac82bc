#pragma once

// Real-time priority for the timed section of a child that asks for it,
// set from this process: the child writes 'S' on one pipe just before its
// timed section and 'E' just after, and reads one byte back ('0': done)
// from another; in between, this process moves every thread of the child
// to SCHED_FIFO 1, or back to SCHED_OTHER. The child needs no helper
// program (chrt) and no privilege of its own, and its start-up and set-up
// run at normal priority. With Priority::kRealtimeAlone the section runs at
// real-time priority only where the child runs alone at its start
// (priority.hpp); a node has threads of its own, so it then runs at normal
// priority.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/base/priority.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/result.hpp"

namespace fpbench::harness {

class SectionPriority {
 public:
  // The pipes and the thread that answers them; `on_left` is called (on
  // that thread) when a kRealtimeAlone child was left at normal priority.
  static Result<std::unique_ptr<SectionPriority>> start(
      Priority priority,
      std::function<void(const std::string& why)> on_left = {});
  SectionPriority(const SectionPriority&) = delete;
  SectionPriority& operator=(const SectionPriority&) = delete;
  ~SectionPriority();

  // Sets `options` up for the child: its ends of the pipes kept across
  // exec, named in FPBENCH_PRIORITY_FDS="W,R", and on_start recording its
  // pid.
  void prepare(ProcessOptions& options);

  // After the child has exited: stops answering; the first failure to set
  // a priority, if any ("" when none).
  std::string finish();

 private:
  SectionPriority() = default;
  void serve();

  Priority priority_ = Priority::kRealtime;
  std::function<void(const std::string& why)> on_left_;
  bool raised_ = false;        // the section is at real-time priority
  int request_[2] = {-1, -1};  // the child writes [1], this reads [0]
  int answer_[2] = {-1, -1};   // this writes [1], the child reads [0]
  std::atomic<int> pid_{0};
  std::thread thread_;
  std::mutex mutex_;
  std::string failure_;
};

}  // namespace fpbench::harness
