// fpbench doctor: what on this machine will make measurements noisy or
// impossible, and the command that would fix each (said, never run), then
// the process-to-process spread of a calibration sample measured here.
// Exit 0 when measuring is possible at all.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/tracepoints.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

struct Finding {
  const char* level;  // "ok", "warn", "note"
  std::string what;
  std::string fix;  // a command, or ""
};

std::vector<Finding> machine_findings() {
  std::vector<Finding> out;
  const std::string governor =
      first_line("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
  if (governor.empty()) {
    out.push_back({"note",
                   "no cpufreq here: the frequency is the firmware's or the "
                   "hypervisor's to set",
                   ""});
  } else if (governor != "performance") {
    out.push_back({"warn",
                   "CPU frequency governor is '" + governor +
                       "': the clock follows the load",
                   "cpupower frequency-set -g performance"});
  } else {
    out.push_back({"ok", "CPU frequency governor is performance", ""});
  }
  const std::string boost = first_line("/sys/devices/system/cpu/cpufreq/boost");
  const std::string no_turbo =
      first_line("/sys/devices/system/cpu/intel_pstate/no_turbo");
  if (boost == "1") {
    out.push_back({"warn", "frequency boost is on: speed depends on heat",
                   "echo 0 > /sys/devices/system/cpu/cpufreq/boost"});
  } else if (no_turbo == "0") {
    out.push_back({"warn", "Turbo Boost is on: speed depends on heat",
                   "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo"});
  }
  if (first_line("/sys/devices/system/cpu/smt/active") == "1") {
    out.push_back({"warn",
                   "SMT is on: a sibling thread shares the core a sample "
                   "runs on",
                   "echo off > /sys/devices/system/cpu/smt/control (or pin "
                   "with fpbench run --cpu N)"});
  }
  if (first_line("/proc/sys/kernel/randomize_va_space") != "0") {
    out.push_back({"note",
                   "ASLR is on: every process gets another layout, one "
                   "source of the spread between samples (fpbench measures "
                   "it, as it should)",
                   ""});
  }
  double load = 0;
  std::ifstream("/proc/loadavg") >> load;
  const unsigned cpus = std::max(1U, std::thread::hardware_concurrency());
  if (load > 0.5 * cpus) {
    out.push_back({"warn",
                   fmt::format("load average {:.2f} on {} CPUs: other work "
                               "competes with the samples",
                               load, cpus),
                   "run when the machine is quiet; fpbench run interleaves "
                   "old and new so drift hits both"});
  } else {
    out.push_back(
        {"ok", fmt::format("load average {:.2f} on {} CPUs", load, cpus), ""});
  }
  if (realtime_permitted()) {
    out.push_back({"ok", "samples can run at real-time priority", ""});
  } else {
    out.push_back({"warn",
                   "real-time priority is not permitted: other tasks can "
                   "take the CPU mid-sample",
                   "run as root, or setcap cap_sys_nice+ep $(command -v "
                   "fpbench), or raise RLIMIT_RTPRIO"});
  }
  const std::string paranoid =
      first_line("/proc/sys/kernel/perf_event_paranoid");
  if (!tracepoint_id("raw_syscalls/sys_enter")) {
    out.push_back({"warn", "no tracefs: system calls cannot be counted",
                   "mount -t tracefs nodev /sys/kernel/tracing (as root; "
                   "ci/mount-tracefs.sh)"});
  } else if (::geteuid() != 0 && paranoid != "-1") {
    out.push_back(
        {"warn",
         "perf_event_paranoid is " + paranoid + ": tracepoints need root or -1",
         "sysctl kernel.perf_event_paranoid=-1"});
  } else {
    out.push_back({"ok", "system calls can be counted (tracepoints)", ""});
  }
  if (harness::hardware_instruction_counter_available()) {
    out.push_back({"ok", "a hardware instruction counter is there", ""});
  } else {
    const auto v = run_process({"valgrind", "--version"});
    if (v && v->ok()) {
      std::string version = v->out;
      while (!version.empty() && version.back() == '\n') version.pop_back();
      out.push_back({"note",
                     "no hardware instruction counter (a VM?): instructions "
                     "are counted under " +
                         version + " --tool=callgrind, which hides AVX-512",
                     ""});
    } else {
      out.push_back({"warn",
                     "no hardware instruction counter and no valgrind: "
                     "instructions cannot be counted",
                     "apt-get install valgrind"});
    }
  }
  return out;
}

class Doctor : public Subcommand {
 public:
  explicit Doctor(CLI::App& app) : program_(default_scenario_program()) {
    command_ = app.add_subcommand(
        "doctor",
        "Say what on this machine makes measurements noisy, and how to fix "
        "it (changes nothing); then measure the spread between processes");
    command_
        ->add_option("--scenario-program", program_,
                     "fpbench-scenarios to measure the spread with (default: "
                     "$FPBENCH_SCENARIOS, else the one beside fpbench, else "
                     "on PATH)")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--scenarios", "--scenario-program", program_);
    command_
        ->add_option("--runs", samples_, "Processes of the calibration sample")
        ->capture_default_str()
        ->group(kGroupSchedule);
    add_old_spelling(*command_, "--samples", "--runs", samples_);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    if (samples_ < 2) return usage_error("--runs must be at least 2");
    std::string text;
    for (const Finding& f : machine_findings()) {
      text += fmt::format("{:<5} {}\n", f.level, f.what);
      if (!f.fix.empty()) text += fmt::format("      fix: {}\n", f.fix);
    }
    text += spread();
    FPBENCH_TRY(write_stdout(text));
    return kExitOk;
  }

 private:
  // The calibration scenario (a fixed spin) in `samples_` processes.
  [[nodiscard]] std::string spread() const {
    harness::ScenarioMeasure how;
    how.min_time_s = 0.05;
    const auto source =
        harness::make_scenario_source(program_, std::nullopt, {}, how);
    const std::string job = "calibration/spin spinUs=100";
    std::vector<double> rates;
    std::string failure;
    if (auto ok = source->check(); !ok) failure = ok.error().message;
    ProcessOptions options;
    options.timeout = std::chrono::seconds(60);
    // The calibration spin is one thread that starts nothing: as `run` does
    // by default, it runs at real-time priority while that stays true.
    options.priority =
        realtime_permitted() ? Priority::kRealtimeAlone : Priority::kNormal;
    for (int i = 0; i < samples_ && failure.empty(); ++i) {
      const auto m = source->measure(job, options);
      if (!m) {
        failure = m.error().message;
      } else if (!m->empty() && m->front().find("wall") != nullptr) {
        rates.push_back(m->front().find("wall")->value);
      }
    }
    if (!failure.empty() || rates.size() < 2) {
      return fmt::format(
          "warn  the calibration sample could not be measured with {}: {}\n",
          program_, failure.empty() ? "no rates" : failure);
    }
    const double mean = std::accumulate(rates.begin(), rates.end(), 0.0) /
                        static_cast<double>(rates.size());
    double ss = 0;
    for (double r : rates) ss += (r - mean) * (r - mean);
    const double sd = std::sqrt(ss / static_cast<double>(rates.size() - 1));
    std::sort(rates.begin(), rates.end());
    return fmt::format(
        "spread of {} ({} processes of {:.2f} s{}): CV {:.2f}%, max/min "
        "{:.3f}\n      a change much smaller than the CV needs many runs "
        "(fpbench run --until-decided); counted metrics do not depend on it\n",
        job, rates.size(), how.min_time_s,
        options.priority != Priority::kNormal ? ", real-time priority" : "",
        100 * sd / mean, rates.back() / rates.front());
  }

  CLI::App* command_ = nullptr;
  std::string program_;
  int samples_ = 10;
};

}  // namespace

std::unique_ptr<Subcommand> add_doctor(CLI::App& app) {
  return std::make_unique<Doctor>(app);
}

}  // namespace fpbench::cli
