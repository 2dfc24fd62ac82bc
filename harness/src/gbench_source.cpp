// A Google Benchmark binary as a sample source: one benchmark per process,
// timed by Google Benchmark itself, with counters around its timed loop
// read by the preload library (scenarios/preload/preload.cpp).

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <memory>
#include <sstream>

#include "callgrind_output.hpp"
#include "fpbench/base/temp_file.hpp"
#include "fpbench/harness/callgrind_profile.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
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
    const auto p = run_process(argv, options);
    if (!p) return p.error();
    if (!p->ok()) {
      return benchmark_error(fmt::format(
          "{} --benchmark_list_tests: {} (is it a Google Benchmark program?)",
          program_, p->failure_text()));
    }
    std::vector<std::string> names;
    std::istringstream lines(p->out);
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
    if (how_.counters.empty()) return {};
    if (::access(how_.preload.c_str(), R_OK) != 0) {
      return unavailable_error(
          fmt::format("{}: no {} (build the fpbench_preload target)",
                      how_.counters, how_.preload));
    }
    return {};
  }

  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    return split_gbench_name(job) == std::pair{filename, configuration};
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    std::vector<std::string> argv = {program_};
    argv.insert(argv.end(), how_.args.begin(), how_.args.end());
    argv.push_back("--benchmark_filter=" + exact_gbench_filter(job));
    argv.emplace_back("--benchmark_format=json");
    argv.push_back(fmt::format("--benchmark_min_time={}", how_.min_time_s));
    const bool callgrind = how_.kind == GbenchMeasure::Kind::kCallgrind;
    std::string callgrind_dir;
    if (callgrind) {
      auto dir = make_callgrind_dir();
      if (!dir) return dir.error();
      callgrind_dir = *dir;
      const auto prefix = callgrind_argv(how_.valgrind, callgrind_dir);
      argv.insert(argv.begin(), prefix.begin(), prefix.end());
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
    if (!p) return p.error();
    if (!p->ok()) return benchmark_error(p->failure_text());
    auto records = parse_scenario_json(p->out, RowRate::kPerIteration);
    if (!records) {
      Error e = records.error();
      if (const std::string tail = tail_lines(p->err); !tail.empty())
        e.message += "\n" + tail;
      return e;
    }
    const auto [filename, configuration] = split_gbench_name(job);
    std::vector<std::int64_t> iterations;
    for (SampleRecord& r : *records) {
      r.filename = filename;
      r.configuration = configuration;
      iterations.push_back(r.iterations);
      if (how_.kind != GbenchMeasure::Kind::kTimed) {
        // Escalating iteration counts under counters say nothing of time.
        std::erase_if(r.metrics,
                      [](const auto& m) { return m.first == "wall"; });
      }
      if (how_.rss) {
        r.metrics.emplace_back(
            "rss",
            MetricReading{
                static_cast<double>(p->usage.max_rss_kib), "wait4", {}, {}});
      }
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
      auto parts = parse_callgrind_parts(callgrind_text);
      if (!parts) return parts.error();
      if (parts->size() < records->size()) {
        return benchmark_error(
            fmt::format("callgrind counted {} loops for {} runs", parts->size(),
                        records->size()));
      }
      // The last parts are the runs Google Benchmark reported.
      const std::size_t first = parts->size() - records->size();
      const auto profiles = parse_callgrind_loops(callgrind_text);
      for (std::size_t i = 0; i < records->size(); ++i) {
        SampleRecord& r = (*records)[i];
        const auto n = static_cast<double>(r.iterations);
        MetricReading reading{
            static_cast<double>((*parts)[first + i]) / n, "valgrind", {}, {}};
        if (profiles && profiles->size() == parts->size())
          add_loop_profile((*profiles)[first + i], n, r.profile);
        r.metrics.emplace_back("instructions", std::move(reading));
      }
    }
    return std::move(*records);
  }

 private:
  std::string program_;
  GbenchMeasure how_;
};

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
      const auto f = loop_field(field);
      if (!f) return f.error();
      const std::string& name = f->first;
      const double value = f->second;
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
