// A Google Benchmark binary as a sample source: one benchmark per process,
// timed by Google Benchmark itself, with counters around its timed loop
// read by the preload library (scenarios/preload/preload.cpp).

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <string_view>
#include <tuple>

#include "counting/callgrind_output.hpp"
#include "counting/process_counts.hpp"
#include "fpbench/base/temp_file.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/callgrind_profile.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;

long max_threads(const std::string& json);
using reports::SampleRecord;

const char* source_of(const std::string& metric, bool callgrind) {
  if (metric == "cpu" || metric == "faults") return "rusage";
  if (metric == "allocs" || metric == "alloc_bytes") return "preload";
  if (metric == "instructions") return callgrind ? "valgrind" : "pmu";
  return "tracepoint";
}

class GbenchSource final : public SampleSource {
 public:
  GbenchSource(std::string program, GbenchMeasure how)
      : program_(std::move(program)), how_(std::move(how)) {}

  [[nodiscard]] std::string describe() const override { return program_; }

  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    std::vector<std::string> argv = {program_};
    argv.insert(argv.end(), how_.args.begin(), how_.args.end());
    argv.emplace_back("--benchmark_list_tests");
    ProcessOptions options;
    options.timeout = how_.query_timeout;
    FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(argv, options));
    if (!p.ok()) {
      return benchmark_error(fmt::format(
          "{} --benchmark_list_tests: {} (is it a Google Benchmark program?)",
          program_, p.failure_text()));
    }
    std::vector<std::string> names;
    std::istringstream lines(p.out);
    for (std::string line; std::getline(lines, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) names.push_back(line);
    }
    if (names.empty()) {
      return benchmark_error(fmt::format(
          "{} --benchmark_list_tests listed no benchmark (is it a Google "
          "Benchmark program?)",
          program_));
    }
    return names;
  }

  [[nodiscard]] Result<void> check() const override {
    if (how_.mode == MeasureMode::kTimed && !takes_counts_)
      takes_counts_ = accepts_iteration_counts();
    if (how_.counters.empty()) return {};
    if (::access(how_.preload.c_str(), R_OK) != 0) {
      return unavailable_error(
          fmt::format("{}: no {} (build the fpbench_preload target)",
                      how_.counters, how_.preload));
    }
    FPBENCH_ASSIGN_OR_RETURN(auto link, linkage());
    if (link == Linkage::kShared) return {};
    if (link == Linkage::kStatic && wants("allocs")) {
      return unavailable_error(fmt::format(
          "allocs: {} is linked statically: the preload library that counts "
          "allocations cannot be loaded into it",
          program_));
    }
    return {};
  }

  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    return split_gbench_name(job) == std::pair{filename, configuration};
  }

  [[nodiscard]] bool takes_iterations() const override {
    return how_.mode == MeasureMode::kTimed && takes_counts_.value_or(false);
  }

  [[nodiscard]] Result<Measurements> measure_iterations(
      const std::string& job, const ProcessOptions& options,
      std::int64_t iterations) const override {
    return sample(job, options, takes_iterations() ? iterations : 0);
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    return sample(job, options, 0);
  }

 private:
  // Google Benchmark 1.8 on takes --benchmark_min_time=Nx, N iterations
  // exactly; 1.7 and older refuse it (BENCHMARK_MAIN exits 1) or say it is
  // not a number.
  [[nodiscard]] bool accepts_iteration_counts() const {
    std::vector<std::string> argv = {program_};
    argv.insert(argv.end(), how_.args.begin(), how_.args.end());
    argv.emplace_back("--benchmark_min_time=1x");
    argv.emplace_back("--benchmark_list_tests");
    ProcessOptions options;
    options.timeout = how_.query_timeout;
    const auto p = run_process(argv, options);
    return p && p->ok() &&
           p->err.find("benchmark_min_time") == std::string::npos;
  }

  // `fixed`: the timed loop's count (0: Google Benchmark finds one towards
  // min_time).
  [[nodiscard]] Result<Measurements> sample(const std::string& job,
                                            const ProcessOptions& options,
                                            std::int64_t fixed) const {
    std::vector<std::string> argv = {program_};
    argv.insert(argv.end(), how_.args.begin(), how_.args.end());
    argv.push_back("--benchmark_filter=" + exact_gbench_filter(job));
    argv.emplace_back("--benchmark_format=json");
    argv.push_back(
        fixed > 0 ? fmt::format("--benchmark_min_time={}x", fixed)
                  : fmt::format("--benchmark_min_time={}", how_.min_time_s));
    const bool callgrind = how_.mode == MeasureMode::kCallgrind;
    std::string callgrind_dir;
    if (callgrind) {
      FPBENCH_ASSIGN_OR_RETURN(callgrind_dir, make_callgrind_dir());
      const auto prefix = callgrind_argv(how_.valgrind, callgrind_dir);
      argv.insert(argv.begin(), prefix.begin(), prefix.end());
    }
    if (!how_.counters.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(auto link, linkage());
      if (link != Linkage::kShared)
        return measure_whole_process(job, argv, callgrind_dir, options);
    }
    TempFile loops("/tmp/fpbench-loops-XXXXXX");
    ProcessOptions run = options;
    if (!how_.counters.empty()) {
      if (loops.path().empty())
        return io_error("cannot create a file for loop counts in /tmp");
      run.env = {"LD_PRELOAD=" + how_.preload,
                 "FPBENCH_LOOP_FILE=" + loops.path(),
                 "FPBENCH_LOOP_COUNTERS=" + how_.counters};
    }
    const auto p = run_process(argv, run);
    const std::string callgrind_text =
        callgrind ? take_measured_callgrind_output(callgrind_dir) : "";
    FPBENCH_TRY(p);
    if (!p->ok()) return benchmark_error(p->failure_text());
    auto records =
        parse_scenario_json(p->out, RowRate::kPerIteration, RowLabel::kText);
    if (!records) {
      Error e = records.error();
      if (const std::string tail = tail_lines(p->err); !tail.empty())
        e.message += "\n" + tail;
      return e;
    }
    FPBENCH_TRY(check_one_thread(job, p->out));
    const auto [filename, configuration] = split_gbench_name(job);
    std::vector<std::int64_t> iterations;
    for (SampleRecord& r : *records) {
      r.filename = filename;
      r.configuration = configuration;
      iterations.push_back(r.iterations);
      if (how_.mode != MeasureMode::kTimed) {
        // Escalating iteration counts under counters say nothing of time.
        std::erase_if(r.metrics,
                      [](const auto& m) { return m.first == "wall"; });
      }
      append_wait4_metrics(r.metrics, p->usage, {.rss = how_.rss}, "");
    }
    if (!how_.counters.empty()) {
      auto counts = parse_loop_lines(loops.text(), iterations);
      if (!counts) {
        return benchmark_error(fmt::format(
            "{} (counters around the timed loop need a binary linked "
            "dynamically to libbenchmark)",
            counts.error().message));
      }
      for (std::size_t i = 0; i < records->size(); ++i) {
        for (auto& [metric, reading] : (*counts)[i]) {
          reading.source = source_of(metric, callgrind);
          (*records)[i].metrics.emplace_back(metric, std::move(reading));
        }
      }
    }
    if (callgrind) {
      FPBENCH_ASSIGN_OR_RETURN(auto parts,
                               parse_callgrind_parts(callgrind_text));
      if (parts.size() < records->size()) {
        return benchmark_error(
            fmt::format("callgrind counted {} loops for {} runs", parts.size(),
                        records->size()));
      }
      // The last parts are the runs Google Benchmark reported.
      const std::size_t first = parts.size() - records->size();
      const auto profiles = parse_callgrind_loops(callgrind_text);
      for (std::size_t i = 0; i < records->size(); ++i) {
        SampleRecord& r = (*records)[i];
        const auto n = static_cast<double>(r.iterations);
        MetricReading reading{
            static_cast<double>(parts[first + i]) / n, "valgrind", {}, {}};
        if (profiles && profiles->size() == parts.size())
          add_loop_profile((*profiles)[first + i], n, r.profile);
        r.metrics.emplace_back("instructions", std::move(reading));
      }
    }
    return std::move(*records);
  }

 private:
  enum class Linkage { kShared, kUnreached, kStatic };

  [[nodiscard]] bool wants(std::string_view counter) const {
    std::istringstream names(how_.counters);
    for (std::string name; std::getline(names, name, ',');)
      if (name == counter) return true;
    return false;
  }

  // How the binary reaches libbenchmark, asked once of the preload library
  // loaded into `--benchmark_list_tests`: shared (its loop is counted),
  // linked in (whole-process counts), or not loaded at all (a static
  // binary).
  [[nodiscard]] Result<Linkage> linkage() const {
    const std::lock_guard<std::mutex> lock(linkage_mutex_);
    if (linkage_) return *linkage_;
    TempFile answer("/tmp/fpbench-link-XXXXXX");
    if (answer.path().empty())
      return io_error("cannot create a file for the link probe in /tmp");
    std::vector<std::string> argv = {program_};
    argv.insert(argv.end(), how_.args.begin(), how_.args.end());
    argv.emplace_back("--benchmark_list_tests");
    ProcessOptions options;
    options.timeout = how_.query_timeout;
    options.env = {"LD_PRELOAD=" + how_.preload,
                   "FPBENCH_LINK_PROBE=" + answer.path()};
    FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(argv, options));
    if (!p.ok()) {
      return benchmark_error(fmt::format(
          "{} --benchmark_list_tests: {} (is it a Google Benchmark program?)",
          program_, p.failure_text()));
    }
    const std::string text = answer.text();
    linkage_ = text.rfind("libbenchmark=shared", 0) == 0 ? Linkage::kShared
               : text.rfind("libbenchmark=none", 0) == 0 ? Linkage::kUnreached
                                                         : Linkage::kStatic;
    static std::mutex noted_mutex;
    static std::set<std::string> noted;  // one note per binary and run
    const std::lock_guard<std::mutex> once(noted_mutex);
    if (*linkage_ != Linkage::kShared && noted.insert(program_).second) {
      std::fprintf(stderr,
                   "fpbench: note: %s does not call a shared libbenchmark, so "
                   "its timed loop cannot be reached: %s are counted for the "
                   "whole process (source process:...), never per iteration\n",
                   program_.c_str(), how_.counters.c_str());
    }
    return *linkage_;
  }

  // Counted metrics of a benchmark whose loop runs on several threads
  // would be one thread's loop read as every thread's: refused.
  [[nodiscard]] Result<void> check_one_thread(const std::string& job,
                                              const std::string& json) const {
    if (how_.counters.empty()) return {};
    const long threads = max_threads(json);
    if (threads <= 1) return {};
    return usage_error(fmt::format(
        "{} runs its timed loop on {} threads: {} would be counted on one "
        "thread only; measure it with --metric wall",
        job, threads, how_.counters));
  }

  // A Google Benchmark binary that its loop cannot be reached in: the
  // process is counted whole, once per sample, labelled process:SOURCE.
  [[nodiscard]] Result<Measurements> measure_whole_process(
      const std::string& job, const std::vector<std::string>& argv,
      const std::string& callgrind_dir, const ProcessOptions& options) const {
    const bool callgrind = how_.mode == MeasureMode::kCallgrind;
    ProcessOptions run = options;
    ProcessCounts counts(
        ProcessCounting{wants("syscalls") || wants("syscalls_all"),
                        wants("allocs"), how_.preload});
    FPBENCH_TRY(counts.prepare(run));
    const auto p = run_process(argv, run);
    auto total = callgrind ? callgrind_total(callgrind_dir) : Result<double>(0);
    FPBENCH_TRY(p);
    if (!p->ok()) return benchmark_error(p->failure_text());
    FPBENCH_TRY(check_one_thread(job, p->out));
    FPBENCH_ASSIGN_OR_RETURN(
        auto records,
        parse_scenario_json(p->out, RowRate::kPerIteration, RowLabel::kText));
    if (records.size() != 1) {
      return usage_error(fmt::format(
          "{}: counted for the whole process, a sample must be one run, not "
          "{} (no --benchmark_repetitions)",
          job, records.size()));
    }
    SampleRecord& r = records.front();
    std::tie(r.filename, r.configuration) = split_gbench_name(job);
    if (how_.mode != MeasureMode::kTimed) {
      std::erase_if(r.metrics, [](const auto& m) { return m.first == "wall"; });
    }
    append_wait4_metrics(
        r.metrics, p->usage,
        {.cpu = wants("cpu"), .faults = wants("faults"), .rss = how_.rss},
        "process:wait4");
    FPBENCH_ASSIGN_OR_RETURN(
        auto counted, counts.read("process:tracepoint", "process:preload"));
    for (auto& reading : counted) r.metrics.push_back(std::move(reading));
    if (callgrind) {
      FPBENCH_TRY(total);
      r.metrics.emplace_back("instructions",
                             MetricReading{*total, "process:valgrind", {}, {}});
    }
    return records;
  }

  std::string program_;
  GbenchMeasure how_;
  mutable std::mutex linkage_mutex_;
  mutable std::optional<Linkage> linkage_;
  // Found by check(), before any sample.
  mutable std::optional<bool> takes_counts_;
};

// The largest "threads" of the runs in Google Benchmark's JSON output.
long max_threads(const std::string& json) {
  long most = 1;
  const std::string key = "\"threads\":";
  for (std::size_t at = json.find(key); at != std::string::npos;
       at = json.find(key, at + key.size())) {
    most = std::max(most,
                    std::strtol(json.c_str() + at + key.size(), nullptr, 10));
  }
  return most;
}

// "name=value" of a loop line, the value a number.
Result<std::pair<std::string, double>> loop_field(std::string_view field) {
  const std::size_t eq = field.find('=');
  double value = 0;
  const char* begin =
      field.data() + (eq == std::string_view::npos ? 0 : eq + 1);
  const char* end = field.data() + field.size();
  const auto [stop, ec] = std::from_chars(begin, end, value);
  if (eq == std::string_view::npos || ec != std::errc() || stop != end) {
    return benchmark_error(fmt::format(
        "the loop counter wrote '{}', not name=number", std::string(field)));
  }
  return std::pair{std::string(field.substr(0, eq)), value};
}

}  // namespace

std::pair<std::string, std::string> split_gbench_name(const std::string& name) {
  const std::size_t slash = name.find('/');
  if (slash == std::string::npos) return {name, ""};
  return {name.substr(0, slash), name.substr(slash + 1)};
}

std::string exact_gbench_filter(const std::string& name) {
  std::string out = "^";
  for (char c : name) {
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos)
      out += '\\';
    out += c;
  }
  return out + "$";
}

Result<std::vector<std::vector<std::pair<std::string, MetricReading>>>>
parse_loop_lines(const std::string& text,
                 const std::vector<std::int64_t>& iterations) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("loop", 0) == 0) lines.push_back(line);
  }
  if (lines.size() < iterations.size()) {
    return benchmark_error(
        fmt::format("the loop counter saw {} timed loops for {} reported runs",
                    lines.size(), iterations.size()));
  }
  std::vector<std::vector<std::pair<std::string, MetricReading>>> out;
  const std::size_t first = lines.size() - iterations.size();
  for (std::size_t i = 0; i < iterations.size(); ++i) {
    const double n = static_cast<double>(iterations[i]);
    std::vector<std::pair<std::string, MetricReading>> metrics;
    MetricReading* syscalls = nullptr;
    std::vector<std::pair<std::string, double>> by_name;
    std::istringstream fields(lines[first + i].substr(4));
    for (std::string field; fields >> field;) {
      FPBENCH_ASSIGN_OR_RETURN(const auto& f, loop_field(field));
      const std::string& name = f.first;
      const double value = f.second;
      if (name.rfind("syscall:", 0) == 0) {
        by_name.emplace_back(name.substr(8), value / n);
        continue;
      }
      const std::string metric = name == "cpu_s" ? "cpu" : name;
      metrics.emplace_back(metric, MetricReading{value / n, "", {}, {}});
    }
    for (auto& [metric, reading] : metrics) {
      if (metric == "syscalls") syscalls = &reading;
    }
    if (syscalls != nullptr) syscalls->by_name = std::move(by_name);
    out.push_back(std::move(metrics));
  }
  return out;
}

std::unique_ptr<SampleSource> make_gbench_source(std::string program,
                                                 GbenchMeasure how) {
  return std::make_unique<GbenchSource>(std::move(program), std::move(how));
}

}  // namespace fpbench::harness
