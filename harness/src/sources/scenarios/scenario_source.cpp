// fpbench-scenarios as a sample source: timed, counting, or under callgrind.

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "counting/callgrind_output.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/callgrind_profile.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "fpbench/reports/sample_value.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
using reports::SampleRecord;

// The error_message of each benchmark row that reports one, "; "-joined:
// what a failing benchmark said about itself ("no fixture tree 'x'").
std::string reported_errors(const std::string& json) {
  const auto doc =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("benchmarks") ||
      !doc["benchmarks"].is_array())
    return "";
  std::vector<std::string> messages;
  for (const auto& b : doc["benchmarks"]) {
    if (!b.is_object() || !b.contains("error_occurred") ||
        b["error_occurred"] != true)
      continue;
    const auto& m =
        b.contains("error_message") && b["error_message"].is_string()
            ? b["error_message"].get_ref<const std::string&>()
            : std::string("error");
    if (std::find(messages.begin(), messages.end(), m) == messages.end())
      messages.push_back(m);
  }
  std::string out;
  for (const std::string& m : messages) out += (out.empty() ? "" : "; ") + m;
  return out;
}

// A failed sample: how the process ended, what the benchmark reported, and
// the end of its stderr.
Error failed_sample(const ProcessResult& p) {
  std::string message = p.status_text();
  if (const std::string said = reported_errors(p.out); !said.empty())
    message += ": " + said;
  if (const std::string tail = tail_lines(p.err); !tail.empty())
    message += "\n" + tail;
  return benchmark_error(message);
}

// Events held open on the tracepoints a child counts with, for as long as
// the source lives: while a tracepoint has an event the kernel keeps it
// hooked, so a child's own events open and close in microseconds instead of
// the tens of milliseconds each last close costs.
class TracepointKeepers {
 public:
  TracepointKeepers() = default;
  TracepointKeepers(const TracepointKeepers&) = delete;
  TracepointKeepers& operator=(const TracepointKeepers&) = delete;
  ~TracepointKeepers() {
    for (int fd : fds_) ::close(fd);
  }

  [[nodiscard]] bool empty() const { return fds_.empty(); }

  void hold(const std::string& event) {
    for (const char* root :
         {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"}) {
      std::ifstream in(std::string(root) + "/events/" + event + "/id");
      std::uint64_t id = 0;
      if (!(in >> id)) continue;
      perf_event_attr attr{};
      attr.size = sizeof(attr);
      attr.type = PERF_TYPE_TRACEPOINT;
      attr.config = id;
      attr.disabled = 1;
      const long fd = ::syscall(SYS_perf_event_open, &attr, 0, -1, -1,
                                PERF_FLAG_FD_CLOEXEC);
      if (fd >= 0) fds_.push_back(static_cast<int>(fd));
      return;
    }
  }

 private:
  std::vector<int> fds_;
};

class ScenarioSource final : public SampleSource {
 public:
  ScenarioSource(std::string program, std::optional<std::string> impl,
                 std::vector<std::string> sets, ScenarioMeasure how)
      : program_(program, impl, sets, how.query_timeout),
        how_(std::move(how)) {}

  [[nodiscard]] std::string describe() const override {
    return program_.path();
  }
  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    return program_.list_configs();
  }
  [[nodiscard]] Result<void> check() const override {
    FPBENCH_TRY(program_.check_release_build());
    if (how_.counters.empty() || how_.mode == MeasureMode::kCallgrind)
      return {};
    const std::vector<std::string> argv = {
        program_.path(), "--counters=" + how_.counters, "--check-counters"};
    FPBENCH_ASSIGN_OR_RETURN(
        const auto p,
        run_process(argv, with_preload(program_.query_options())));
    if (p.ok()) {
      hold_tracepoints(p.out);
      return {};
    }
    std::string why = p.err;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    const std::string prefix = "fpbench-scenarios: note: ";
    for (std::size_t at = why.find(prefix); at != std::string::npos;
         at = why.find(prefix)) {
      why.erase(at, prefix.size());
    }
    return unavailable_error(why.empty() ? p.status_text() : why);
  }

  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    if (!how_.batch) return SampleSource::owns(job, filename, configuration);
    const auto it = batches_.find(job);
    if (it == batches_.end()) return false;
    const std::string name =
        reports::BenchmarkKey{filename, configuration}.text();
    return std::find(it->second.begin(), it->second.end(), name) !=
           it->second.end();
  }

  [[nodiscard]] bool batched() const override { return how_.batch; }

  void take_batches(std::vector<Batch> batches) override {
    for (Batch& b : batches) batches_[b.name] = std::move(b.benchmarks);
  }

  [[nodiscard]] std::string label(const std::string& job) const override {
    const auto it = batches_.find(job);
    if (!how_.batch || it == batches_.end()) return job;
    return fmt::format("{} ({} configurations)", job, it->second.size());
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    return sample(job, options, 0);
  }

  // Timed samples escalate their count towards min_time otherwise, with the
  // scenario's fixture set up again at every step.
  [[nodiscard]] bool takes_iterations() const override {
    return how_.mode == MeasureMode::kTimed && !how_.batch;
  }

  [[nodiscard]] Result<Measurements> measure_iterations(
      const std::string& job, const ProcessOptions& options,
      std::int64_t iterations) const override {
    return sample(job, options, takes_iterations() ? iterations : 0);
  }

 private:
  // `fixed`: the timed loop's count (0: found towards min_time).
  [[nodiscard]] Result<Measurements> sample(const std::string& job,
                                            const ProcessOptions& options,
                                            std::int64_t fixed) const {
    std::vector<std::string> names;
    if (how_.batch) {
      const auto it = batches_.find(job);
      if (it == batches_.end())
        return internal_error("no batch '" + job + "' was given");
      names = it->second;
    } else {
      names.push_back(job);
    }
    std::vector<std::string> argv = program_.argv_for(names);
    std::string callgrind_dir;
    if (how_.mode == MeasureMode::kTimed && fixed > 0) {
      argv.push_back(fmt::format("--iterations={}", fixed));
    } else if (how_.mode == MeasureMode::kTimed) {
      argv.push_back(fmt::format("--benchmark_min_time={}", how_.min_time_s));
    } else {
      argv.push_back(fmt::format("--iterations={}", how_.iterations));
    }
    if (!how_.counters.empty()) argv.push_back("--counters=" + how_.counters);
    if (how_.mode == MeasureMode::kCallgrind) {
      // One file per process (%p): a scenario that forks a helper (a pipe's
      // reader) must not have it overwrite the measured process's counts.
      FPBENCH_ASSIGN_OR_RETURN(callgrind_dir, make_callgrind_dir());
      const auto prefix = callgrind_argv(how_.valgrind, callgrind_dir);
      argv.insert(argv.begin(), prefix.begin(), prefix.end());
    }
    const auto p = run_process(argv, with_preload(options));
    std::string callgrind_text;
    if (!callgrind_dir.empty())
      callgrind_text = take_measured_callgrind_output(callgrind_dir);
    FPBENCH_TRY(p);
    if (!p->ok()) return failed_sample(*p);
    auto records = parse_scenario_json(p->out);
    if (!records) {
      Error e = records.error();
      if (const std::string tail = tail_lines(p->err); !tail.empty())
        e.message += "\n" + tail;
      return e;
    }
    if (records->size() != names.size()) {
      return benchmark_error(
          fmt::format("ran {} of the {} benchmarks asked for", records->size(),
                      names.size()));
    }
    std::vector<std::uint64_t> instructions;
    std::vector<CallgrindLoop> loops;
    if (how_.mode == MeasureMode::kCallgrind) {
      FPBENCH_ASSIGN_OR_RETURN(auto parts,
                               parse_callgrind_parts(callgrind_text));
      if (parts.size() != records->size()) {
        return benchmark_error(
            fmt::format("callgrind counted {} loops for {} benchmarks",
                        parts.size(), records->size()));
      }
      instructions = std::move(parts);
      if (auto read = parse_callgrind_loops(callgrind_text);
          read && read->size() == instructions.size()) {
        loops = std::move(*read);
      }
    }
    for (std::size_t i = 0; i < records->size(); ++i) {
      SampleRecord& record = (*records)[i];
      if (!how_.batch) {
        // The job names its one benchmark; Google Benchmark's row name may
        // carry suffixes.
        auto key = reports::BenchmarkKey::from_text(job);
        record.filename = std::move(key.filename);
        record.configuration = std::move(key.configuration);
      } else if (!owns(job, record.filename, record.configuration)) {
        return benchmark_error(
            fmt::format("reported '{} {}', which was not asked for",
                        record.filename, record.configuration));
      }
      append_wait4_metrics(record.metrics, p->usage, {.rss = how_.rss}, "");
      if (how_.mode != MeasureMode::kTimed) {
        // A count of a few iterations says nothing about time.
        std::erase_if(record.metrics,
                      [](const auto& m) { return m.first == "wall"; });
      }
      if (how_.mode == MeasureMode::kCallgrind) {
        if (record.iterations <= 0) {
          return benchmark_error(
              "the benchmark reported no counted iterations");
        }
        const auto n = static_cast<double>(record.iterations);
        MetricReading reading{
            static_cast<double>(instructions[i]) / n, "valgrind", {}, {}};
        if (!loops.empty()) add_loop_profile(loops[i], n, record.profile);
        record.metrics.emplace_back("instructions", std::move(reading));
      }
    }
    return std::move(*records);
  }

  // Allocations are counted by the preload library (loop_counters.hpp).
  [[nodiscard]] ProcessOptions with_preload(ProcessOptions options) const {
    if (how_.counters.find("allocs") != std::string::npos)
      options.env.push_back("LD_PRELOAD=" + how_.preload);
    return options;
  }

  // `--check-counters` lists "tracepoint EVENT" lines.
  void hold_tracepoints(const std::string& listing) const {
    if (!keepers_->empty()) return;
    std::istringstream lines(listing);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("tracepoint ", 0) == 0) keepers_->hold(line.substr(11));
    }
  }

  ScenarioProgram program_;
  ScenarioMeasure how_;
  std::map<std::string, std::vector<std::string>> batches_;
  std::unique_ptr<TracepointKeepers> keepers_ =
      std::make_unique<TracepointKeepers>();
};

}  // namespace

Result<std::vector<std::uint64_t>> parse_callgrind_parts(
    const std::string& text) {
  // Parts start with "part: N"; a loop's part has the trigger
  // "Client Request: fpbench-loop" and its own count in "summary:".
  std::vector<std::uint64_t> parts;
  std::size_t at = text.find("part:");
  while (at != std::string::npos) {
    const std::size_t next = text.find("\npart:", at + 1);
    const std::string_view part = std::string_view(text).substr(
        at, next == std::string::npos ? std::string::npos : next - at);
    at = next == std::string::npos ? next : next + 1;
    if (part.find("desc: Trigger: Client Request: fpbench-loop") ==
        std::string_view::npos)
      continue;
    const std::size_t summary = part.find("\nsummary:");
    if (summary == std::string_view::npos) {
      return benchmark_error("callgrind's part has no summary line");
    }
    const std::string digits(part.substr(summary + 10, 32));
    char* end = nullptr;
    const unsigned long long n = std::strtoull(digits.c_str(), &end, 10);
    if (end == digits.c_str())
      return benchmark_error("callgrind's summary has no count");
    parts.push_back(static_cast<std::uint64_t>(n));
  }
  if (parts.empty()) return benchmark_error("callgrind counted no loop");
  return parts;
}

bool hardware_instruction_counter_available() {
  perf_event_attr attr{};
  attr.size = sizeof(attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_INSTRUCTIONS;
  attr.disabled = 1;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  const long fd =
      ::syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd < 0) return false;
  ::close(static_cast<int>(fd));
  return true;
}

std::unique_ptr<SampleSource> make_scenario_source(
    std::string program, std::optional<std::string> impl,
    std::vector<std::string> sets, ScenarioMeasure how) {
  return std::make_unique<ScenarioSource>(std::move(program), std::move(impl),
                                          std::move(sets), std::move(how));
}

}  // namespace fpbench::harness
