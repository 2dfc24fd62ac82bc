// fpbench-scenarios as a sample source: timed, counting, or under callgrind.

#include <fmt/format.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "fpbench/reports/sample_value.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
using reports::SampleRecord;

constexpr std::string_view kSyscallPrefix = "fpbench_syscall_";

double seconds_per_unit(const std::string& unit) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1.0;
  return 0;
}

std::string counter_source(const nlohmann::json& context,
                           const std::string& counter) {
  const std::string sources =
      context.value("fpbench_counter_sources", std::string());
  std::istringstream parts(sources);
  for (std::string part; std::getline(parts, part, ',');) {
    const std::size_t eq = part.find('=');
    if (eq != std::string::npos && part.substr(0, eq) == counter)
      return part.substr(eq + 1);
  }
  return "";
}

// The output of the process that ran the loops (the one with the most
// "fpbench-loop" parts), read and the folder removed.
std::string take_measured_callgrind_output(const std::string& dir) {
  std::string best;
  std::size_t best_loops = 0;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ignored)) {
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    const std::string t = text.str();
    std::size_t loops = 0;
    for (std::size_t at = t.find("fpbench-loop"); at != std::string::npos;
         at = t.find("fpbench-loop", at + 1)) {
      ++loops;
    }
    if (best.empty() || loops > best_loops) {
      best = t;
      best_loops = loops;
    }
  }
  std::filesystem::remove_all(dir, ignored);
  return best;
}

// "fs/x key='v'/iterations:11/real_time" -> {"fs/x", "key='v'"}.
std::pair<std::string, std::string> benchmark_of_row(std::string name) {
  for (const char* suffix : {"/real_time", "/iterations:"}) {
    const std::size_t at = name.rfind(suffix);
    if (at != std::string::npos && name.find('/', at + 1) == std::string::npos)
      name.resize(at);
  }
  const std::size_t space = name.find(' ');
  if (space == std::string::npos) return {name, ""};
  return {name.substr(0, space), name.substr(space + 1)};
}

// The error_message of each benchmark row that reports one, "; "-joined:
// what a failing benchmark said about itself ("no fixture tree 'x'").
std::string reported_errors(const std::string& json) {
  const auto doc = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("benchmarks") || !doc["benchmarks"].is_array())
    return "";
  std::vector<std::string> messages;
  for (const auto& b : doc["benchmarks"]) {
    if (!b.is_object() || !b.value("error_occurred", false)) continue;
    const auto& m = b.contains("error_message") && b["error_message"].is_string()
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

// Per counted iteration; absent counters stay absent.
void add_counters(const nlohmann::json& row, const nlohmann::json& context,
                  SampleRecord& r) {
  const double counted = row.value("fpbench_counted_iterations", 0.0);
  if (!(counted > 0)) return;
  r.iterations = static_cast<std::int64_t>(counted);
  const auto add = [&](const char* field, const char* metric,
                       const char* counter) {
    if (!row.contains(field) || !row[field].is_number()) return;
    r.metrics.emplace_back(metric,
                           MetricReading{row[field].get<double>() / counted,
                                         counter_source(context, counter),
                                         {},
                                         {}});
  };
  add("fpbench_cpu_s", "cpu", "cpu");
  add("fpbench_faults", "faults", "faults");
  add("fpbench_instructions", "instructions", "instructions");
  if (row.contains("fpbench_syscalls")) {
    MetricReading calls{row["fpbench_syscalls"].get<double>() / counted,
                        counter_source(context, "syscalls"),
                        {},
                        {}};
    for (const auto& [key, value] : row.items()) {
      if (key.rfind(kSyscallPrefix, 0) == 0 && value.is_number()) {
        calls.by_name.emplace_back(key.substr(kSyscallPrefix.size()),
                                   value.get<double>() / counted);
      }
    }
    r.metrics.emplace_back("syscalls", std::move(calls));
    add("fpbench_syscalls_all", "syscalls_all", "syscalls");
  }
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
      : program_(program, impl, sets, how.query_timeout), how_(std::move(how)) {}

  [[nodiscard]] std::string describe() const override {
    return program_.path();
  }
  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    return program_.list_configs();
  }
  [[nodiscard]] Result<void> check() const override {
    if (auto ok = program_.check_release_build(); !ok) return ok;
    if (how_.counters.empty() || how_.kind == ScenarioMeasure::Kind::kCallgrind)
      return {};
    const std::vector<std::string> argv = {
        program_.path(), "--counters=" + how_.counters, "--check-counters"};
    const auto p = run_process(argv, program_.query_options());
    if (!p) return p.error();
    if (p->ok()) {
      hold_tracepoints(p->out);
      return {};
    }
    std::string why = p->err;
    while (!why.empty() && why.back() == '\n') why.pop_back();
    const std::string prefix = "fpbench-scenarios: note: ";
    for (std::size_t at = why.find(prefix); at != std::string::npos;
         at = why.find(prefix)) {
      why.erase(at, prefix.size());
    }
    return unavailable_error(why.empty() ? p->status_text() : why);
  }

  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    if (!how_.batch) return SampleSource::owns(job, filename, configuration);
    const std::string line = "\n" + filename + " " + configuration + "\n";
    return (job + "\n").find(line) != std::string::npos;
  }

  [[nodiscard]] bool batched() const override { return how_.batch; }

  [[nodiscard]] std::string label(const std::string& job) const override {
    if (!how_.batch) return job;
    const std::size_t lines =
        static_cast<std::size_t>(std::count(job.begin(), job.end(), '\n'));
    return fmt::format("{} ({} configurations)", job.substr(0, job.find('\n')),
                       lines);
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    std::vector<std::string> names;
    if (how_.batch) {
      std::istringstream lines(job);
      std::string line;
      std::getline(lines, line);  // the label
      while (std::getline(lines, line)) names.push_back(line);
    } else {
      names.push_back(job);
    }
    std::vector<std::string> argv = program_.argv_for(names);
    std::string callgrind_dir;
    if (how_.kind == ScenarioMeasure::Kind::kTimed) {
      argv.push_back(fmt::format("--benchmark_min_time={}", how_.min_time_s));
    } else {
      argv.push_back(fmt::format("--iterations={}", how_.iterations));
    }
    if (!how_.counters.empty()) argv.push_back("--counters=" + how_.counters);
    if (how_.kind == ScenarioMeasure::Kind::kCallgrind) {
      // One file per process (%p): a scenario that forks a helper (a pipe's
      // reader) must not have it overwrite the measured process's counts.
      char dir[] = "/tmp/fpbench-callgrind-XXXXXX";
      if (::mkdtemp(dir) == nullptr) {
        return io_error(
            "cannot create a folder for callgrind's output in /tmp");
      }
      callgrind_dir = dir;
      argv.insert(argv.begin(),
                  {how_.valgrind, "--tool=callgrind", "--combine-dumps=yes",
                   "--callgrind-out-file=" + callgrind_dir + "/callgrind.%p"});
    }
    const auto p = run_process(argv, options);
    std::string callgrind_text;
    if (!callgrind_dir.empty())
      callgrind_text = take_measured_callgrind_output(callgrind_dir);
    if (!p) return p.error();
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
    if (how_.kind == ScenarioMeasure::Kind::kCallgrind) {
      auto parts = parse_callgrind_parts(callgrind_text);
      if (!parts) return parts.error();
      if (parts->size() != records->size()) {
        return benchmark_error(
            fmt::format("callgrind counted {} loops for {} benchmarks",
                        parts->size(), records->size()));
      }
      instructions = std::move(*parts);
    }
    for (std::size_t i = 0; i < records->size(); ++i) {
      SampleRecord& record = (*records)[i];
      if (!how_.batch) {
        // The job names its one benchmark; Google Benchmark's row name may
        // carry suffixes.
        const std::size_t space = job.find(' ');
        record.filename = job.substr(0, space);
        record.configuration =
            space == std::string::npos ? "" : job.substr(space + 1);
      } else if (!owns(job, record.filename, record.configuration)) {
        return benchmark_error(
            fmt::format("reported '{} {}', which was not asked for",
                        record.filename, record.configuration));
      }
      if (how_.kind != ScenarioMeasure::Kind::kTimed) {
        // A count of a few iterations says nothing about time.
        std::erase_if(record.metrics,
                      [](const auto& m) { return m.first == "wall"; });
      }
      if (how_.kind == ScenarioMeasure::Kind::kCallgrind) {
        if (record.iterations <= 0) {
          return benchmark_error(
              "the benchmark reported no counted iterations");
        }
        record.metrics.emplace_back(
            "instructions",
            MetricReading{static_cast<double>(instructions[i]) /
                              static_cast<double>(record.iterations),
                          "valgrind",
                          {},
                          {}});
      }
    }
    return std::move(*records);
  }

 private:
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
  std::unique_ptr<TracepointKeepers> keepers_ =
      std::make_unique<TracepointKeepers>();
};

}  // namespace

Result<std::vector<SampleRecord>> parse_scenario_json(const std::string& json) {
  const auto doc =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("benchmarks") ||
      !doc["benchmarks"].is_array()) {
    return benchmark_error("the benchmark printed no Google Benchmark JSON");
  }
  const nlohmann::json context = doc.value("context", nlohmann::json::object());
  std::vector<SampleRecord> out;
  for (const auto& b : doc["benchmarks"]) {
    if (!b.is_object() || b.value("run_type", "iteration") != "iteration")
      continue;
    if (b.value("error_occurred", false)) {
      return benchmark_error(b.value("error_message", std::string("error")));
    }
    const auto number = [&](const char* key) -> std::optional<double> {
      if (!b.contains(key) || !b[key].is_number()) return std::nullopt;
      return b[key].get<double>();
    };
    const auto rate = number("items_per_second");
    const auto real_time = number("real_time");
    const auto iterations = number("iterations");
    if (!rate || !real_time || !iterations) {
      return benchmark_error(
          "the benchmark reported no numbers for items_per_second, real_time "
          "and iterations");
    }
    if (!b.contains("time_unit") || !b["time_unit"].is_string()) {
      return benchmark_error("the benchmark reported no time_unit");
    }
    const std::string unit = b["time_unit"].get<std::string>();
    const double per_unit = seconds_per_unit(unit);
    if (per_unit == 0) {
      return benchmark_error("the benchmark reported an unknown time_unit '" +
                             unit + "': expected ns, us, ms or s");
    }
    SampleRecord r;
    const auto name = benchmark_of_row(b.value("name", std::string()));
    const double time_s = *real_time * *iterations * per_unit;
    const std::string where = name.first + " " + name.second;
    for (auto ok : {reports::check_rate(*rate, where), reports::check_time(time_s, where)}) {
      if (!ok) return benchmark_error(ok.error().message);
    }
    r.filename = name.first;
    r.configuration = name.second;
    r.isa = context.value("fpbench_isa", std::string());
    r.iterations = static_cast<std::int64_t>(*iterations);
    r.metrics.emplace_back(
        "wall",
        MetricReading{*rate, "clock", time_s, {}});
    add_counters(b, context, r);
    out.push_back(std::move(r));
  }
  if (out.empty()) return benchmark_error("no benchmark matched");
  return out;
}

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

std::string batch_job(const std::string& label,
                      const std::vector<std::string>& benchmarks) {
  std::string job = label;
  for (const std::string& b : benchmarks) job += "\n" + b;
  return job;
}

std::unique_ptr<SampleSource> make_scenario_source(
    std::string program, std::optional<std::string> impl,
    std::vector<std::string> sets, ScenarioMeasure how) {
  return std::make_unique<ScenarioSource>(std::move(program), std::move(impl),
                                          std::move(sets), std::move(how));
}

}  // namespace fpbench::harness
