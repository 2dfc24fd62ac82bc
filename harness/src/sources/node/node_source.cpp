// Node.js benchmark scripts as a sample source: one process per
// configuration, run as Node's benchmark/common.js forks it, with
// fpbench's hooks (node_hooks.hpp) loaded to list a script's queue and to
// report what one configuration measured.

#include "fpbench/harness/node_source.hpp"

#include <fmt/format.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "counting/callgrind_output.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/temp_file.hpp"
#include "fpbench/base/tracepoints.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/sample_value.hpp"
#include "sources/node/node_hooks.hpp"
#include "sources/node/section_priority.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
using reports::SampleRecord;

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string with_stderr(std::string message, const ProcessResult& p) {
  if (const std::string tail = tail_lines(p.err); !tail.empty())
    message += "\n" + tail;
  return message;
}

Result<std::vector<nlohmann::ordered_json>> json_lines(
    const std::string& text, const std::string& what) {
  std::vector<nlohmann::ordered_json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    try {
      out.push_back(nlohmann::ordered_json::parse(line));
    } catch (const nlohmann::json::exception& e) {
      return internal_error(
          fmt::format("fpbench's node hooks wrote {} that is not JSON: {}",
                      what, e.what()));
    }
  }
  return out;
}

std::vector<std::string> strings_of(const nlohmann::ordered_json& j) {
  std::vector<std::string> out;
  if (!j.is_array()) return out;
  for (const auto& v : j) {
    if (v.is_string()) out.push_back(v.get<std::string>());
  }
  return out;
}

}  // namespace

NodeSuite::NodeSuite(std::string node, std::vector<NodeScript> scripts,
                     std::vector<std::string> sets)
    : node_(std::move(node)),
      scripts_(std::move(scripts)),
      sets_(std::move(sets)) {}

NodeSuite::~NodeSuite() {
  if (dir_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

Result<std::string> NodeSuite::hooks() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (dir_.empty()) {
    char pattern[] = "/tmp/fpbench-node-XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
      return io_error("cannot create a folder for the node hooks in /tmp");
    dir_ = pattern;
    std::ofstream(dir_ + "/fpbench-hooks.js") << detail::node_hooks_script();
  }
  return dir_ + "/fpbench-hooks.js";
}

Result<const std::vector<NodeConfiguration>*> NodeSuite::configurations()
    const {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (listed_) {
      if (error_) return *error_;
      return &configurations_;
    }
  }
  auto ok = list();
  const std::lock_guard<std::mutex> lock(mutex_);
  listed_ = true;
  if (!ok) {
    error_ = ok.error();
    return *error_;
  }
  return &configurations_;
}

Result<std::vector<NodeConfiguration>> NodeSuite::list_script(
    const NodeScript& script, const std::string& hooks_path) const {
  TempFile out(dir_ + "/out-XXXXXX");
  if (out.path().empty())
    return io_error("cannot create a file for the node hooks in /tmp");
  std::vector<std::string> argv = {node_, "--require", hooks_path, script.path};
  argv.insert(argv.end(), sets_.begin(), sets_.end());
  ProcessOptions options;
  options.timeout = std::chrono::seconds(120);
  options.env = {"FPBENCH_NODE_MODE=list", "FPBENCH_NODE_OUT=" + out.path()};
  FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(argv, options));
  if (!p.ok()) {
    return benchmark_error(
        fmt::format("{} {}: listing its configurations failed: {}", node_,
                    script.filename, p.failure_text()));
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto lines, json_lines(read_whole(out.path()), "a configuration"));
  if (lines.empty()) {
    return benchmark_error(with_stderr(
        fmt::format("{} {}: not a benchmark script (it made no benchmark "
                    "with common.js's createBenchmark)",
                    node_, script.filename),
        p));
  }
  const auto& head = lines.front();
  if (!head.contains("configurations") ||
      !head["configurations"].is_number_unsigned() ||
      head["configurations"].get<std::size_t>() != lines.size() - 1) {
    return internal_error(fmt::format(
        "{} {}: the hooks listed its configurations without their count", node_,
        script.filename));
  }
  std::vector<NodeConfiguration> configs;
  for (auto line = std::next(lines.begin()); line != lines.end(); ++line) {
    NodeConfiguration c;
    c.first_of_script = configs.empty();
    c.script = script.path;
    c.filename = script.filename;
    c.configuration = line->value("configuration", "");
    c.args = strings_of(line->value("args", nlohmann::ordered_json::array()));
    c.flags = strings_of(line->value("flags", nlohmann::ordered_json::array()));
    configs.push_back(std::move(c));
  }
  return configs;
}

Result<void> NodeSuite::list() const {
  FPBENCH_ASSIGN_OR_RETURN(auto hooks_path, hooks());
  std::vector<NodeConfiguration> all;
  std::vector<std::string> failures;
  std::vector<std::string> without;
  for (const NodeScript& script : scripts_) {
    auto configs = list_script(script, hooks_path);
    if (!configs) {
      // A script that cannot be listed fails alone, unless nothing can be.
      if (configs.error().kind != ErrorKind::kBenchmarkFailed)
        return configs.error();
      failures.push_back(configs.error().message);
      continue;
    }
    if (configs->empty()) without.push_back(script.filename);
    for (NodeConfiguration& c : *configs) all.push_back(std::move(c));
  }
  if (all.empty() && !failures.empty()) {
    std::string message = failures.front();
    for (std::size_t i = 1; i < failures.size(); ++i)
      message += "\n" + failures[i];
    return benchmark_error(std::move(message));
  }
  std::map<std::string, std::size_t> by_job;
  for (std::size_t i = 0; i < all.size(); ++i) {
    by_job.emplace(
        reports::BenchmarkKey{all[i].filename, all[i].configuration}.text(), i);
  }
  const std::lock_guard<std::mutex> lock(mutex_);
  configurations_ = std::move(all);
  by_job_ = std::move(by_job);
  unlisted_ = std::move(failures);
  without_configurations_ = std::move(without);
  return {};
}

Result<const NodeConfiguration*> NodeSuite::configuration(
    const std::string& job) const {
  FPBENCH_ASSIGN_OR_RETURN(auto all, configurations());
  const auto it = by_job_.find(job);
  return it == by_job_.end() ? nullptr : &(*all)[it->second];
}

namespace {

// V8 maps, unmaps and protects its heap's pages from its collector's
// threads, when the collector decides: how many such calls fall inside a
// timed section changes from process to process with the same work. Like
// the waits, they are counted by name and in syscalls_all, and left out of
// the syscalls total, which then counts the same in every process.
bool is_heap_syscall(std::string_view name) {
  return name == "mmap" || name == "brk";
}
constexpr const char* kHeapOnlySyscalls[] = {"munmap", "mprotect", "madvise"};

// The counts the hooks read between bench.start() and bench.end(n), as
// metrics per operation.
Result<std::vector<std::pair<std::string, MetricReading>>> counted_metrics(
    const nlohmann::ordered_json& record, const std::string& counters) {
  const double operations =
      record.contains("operations") && record["operations"].is_number()
          ? record["operations"].get<double>()
          : 0.0;
  if (!(operations > 0) || !record.contains("counts")) {
    return benchmark_error(
        "the script reported without bench.start() and bench.end(n), so "
        "nothing was counted around a timed section");
  }
  const auto& counts = record["counts"];
  const auto count = [&](const std::string& name) {
    return counts.contains(name) && counts[name].is_number()
               ? counts[name].get<double>()
               : 0.0;
  };
  std::vector<std::pair<std::string, MetricReading>> out;
  if (counters.find("syscalls") != std::string::npos) {
    // The end's read(2) of the counters is inside the section: take it out.
    const double all = count("syscalls_all") - 1;
    MetricReading calls{0, "tracepoint", {}, {}};
    double waits = 0;  // and heap calls
    for (const auto& [kernel_name, shown] : kNamedSyscalls) {
      const std::string key = std::string("syscall:") + shown;
      if (!counts.contains(key)) continue;
      const double n = count(key) - (std::string_view(shown) == "read" ? 1 : 0);
      calls.by_name.emplace_back(shown, n / operations);
      if (is_wait_syscall(shown) || is_heap_syscall(shown)) waits += n;
    }
    for (const char* name : kHeapOnlySyscalls) {
      const std::string key = std::string("syscall:") + name;
      if (!counts.contains(key)) continue;
      calls.by_name.emplace_back(name, count(key) / operations);
      waits += count(key);
    }
    calls.value = (all - waits) / operations;
    out.emplace_back("syscalls", std::move(calls));
    out.emplace_back("syscalls_all",
                     MetricReading{all / operations, "tracepoint", {}, {}});
  }
  if (counters.find("cpu") != std::string::npos) {
    out.emplace_back(
        "cpu",
        MetricReading{count("cpu_ns") / 1e9 / operations, "perf", {}, {}});
  }
  if (counters.find("faults") != std::string::npos) {
    out.emplace_back(
        "faults", MetricReading{count("faults") / operations, "perf", {}, {}});
  }
  if (counters.find("instructions") != std::string::npos) {
    out.emplace_back(
        "instructions",
        MetricReading{count("instructions") / operations, "pmu", {}, {}});
  }
  return out;
}

// The instructions of a report's timed section: part `index` of those
// callgrind dumped (one at each bench.end(n)), over the section's
// operations.
Result<std::pair<std::string, MetricReading>> callgrind_metric(
    const nlohmann::ordered_json& line, const std::vector<std::uint64_t>& parts,
    std::size_t index) {
  const auto operations = line.find("operations");
  if (operations == line.end() || !operations->is_number() ||
      operations->get<double>() <= 0) {
    return benchmark_error(
        "callgrind: the timed section reported no operations (bench.end(n) "
        "with n > 0)");
  }
  if (index >= parts.size()) {
    return benchmark_error(fmt::format(
        "callgrind counted {} timed sections, and the script reported more",
        parts.size()));
  }
  return std::pair<std::string, MetricReading>{
      "instructions", MetricReading{static_cast<double>(parts[index]) /
                                        operations->get<double>(),
                                    "valgrind",
                                    {},
                                    {}}};
}

class NodeScriptSource final : public SampleSource {
 public:
  NodeScriptSource(std::shared_ptr<const NodeSuite> suite, NodeMeasure how)
      : suite_(std::move(suite)), how_(std::move(how)) {}

  [[nodiscard]] std::string describe() const override { return suite_->node(); }

  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    FPBENCH_ASSIGN_OR_RETURN(auto configs, suite_->configurations());
    std::vector<std::string> jobs;
    for (const NodeConfiguration& c : *configs)
      jobs.push_back(reports::BenchmarkKey{c.filename, c.configuration}.text());
    return jobs;
  }

  [[nodiscard]] std::vector<std::string> unlisted() const override {
    return suite_->unlisted();
  }

  // As compare.js, which writes no row for them either.
  [[nodiscard]] std::vector<std::string> skipped() const override {
    std::vector<std::string> out;
    for (const std::string& script : suite_->without_configurations()) {
      out.push_back(script +
                    ": no configuration to run (its combinationFilter, "
                    "--set or a list of no values leaves none), so it has no "
                    "rows");
    }
    const std::lock_guard lock(skipped_mutex_);
    for (const std::string& job : skipped_) {
      out.push_back(job +
                    ": the script ran no timed section in this "
                    "configuration (it skips it), so it has no rows");
    }
    return out;
  }

  [[nodiscard]] Result<void> check() const override {
    if (how_.mode == MeasureMode::kCallgrind) {
      if (::access(how_.callgrind_addon.c_str(), R_OK) != 0) {
        return unavailable_error(fmt::format(
            "instructions: no {} (build the fpbench_node_callgrind target)",
            how_.callgrind_addon));
      }
      return {};
    }
    if (how_.counters.empty()) return {};
    if (::access(how_.counted_exec.c_str(), X_OK) != 0) {
      return unavailable_error(
          fmt::format("{}: no {} (build the fpbench-counted-exec target)",
                      how_.counters, how_.counted_exec));
    }
    if (how_.counters.find("syscalls") != std::string::npos &&
        !tracepoint_id("raw_syscalls/sys_enter")) {
      return unavailable_error(
          "syscalls: no tracepoint raw_syscalls/sys_enter (mount tracefs as "
          "root: mount -t tracefs nodev /sys/kernel/tracing)");
    }
    return {};
  }

  // Node's start-up, the script's modules and its files are the same for
  // every configuration of a script: one warms them for all.
  [[nodiscard]] bool warms_up(const std::string& job) const override {
    auto config = suite_->configuration(job);
    return !config || *config == nullptr || (*config)->first_of_script;
  }

  [[nodiscard]] std::string label(const std::string& job) const override {
    return job.back() == ' ' ? job.substr(0, job.size() - 1) : job;
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    FPBENCH_ASSIGN_OR_RETURN(const NodeConfiguration* config,
                             suite_->configuration(job));
    if (config == nullptr)
      return internal_error("no node configuration '" + job + "'");
    FPBENCH_ASSIGN_OR_RETURN(auto hooks, suite_->hooks());
    TempFile out(std::filesystem::path(hooks).parent_path().string() +
                 "/out-XXXXXX");
    if (out.path().empty())
      return io_error("cannot create a file for the node hooks in /tmp");
    const bool callgrind = how_.mode == MeasureMode::kCallgrind;
    std::vector<std::string> argv;
    std::string callgrind_dir;
    if (callgrind) {
      FPBENCH_ASSIGN_OR_RETURN(callgrind_dir, make_callgrind_dir());
      argv = callgrind_argv(how_.valgrind, callgrind_dir);
      // A node given as a script that execs node is followed into it.
      argv.insert(argv.end(), {"--instr-atstart=no", "--trace-children=yes"});
    } else if (!how_.counters.empty()) {
      argv = {how_.counted_exec, how_.counters, "--"};
    }
    argv.push_back(suite_->node());
    argv.insert(argv.end(), config->flags.begin(), config->flags.end());
    argv.insert(argv.end(), {"--require", hooks, config->script});
    argv.insert(argv.end(), config->args.begin(), config->args.end());
    ProcessOptions run = options;
    run.env = {"NODE_RUN_BENCHMARK_FN=", "FPBENCH_NODE_MODE=measure",
               "FPBENCH_NODE_OUT=" + out.path()};
    if (callgrind) {
      // process.dlopen searches the library path for a name without a '/'.
      run.env.push_back(
          "FPBENCH_CALLGRIND=" +
          std::filesystem::absolute(how_.callgrind_addon).string());
    }
    // Real-time priority around the timed section only (the hooks ask for
    // it), not for node's start-up and the script's set-up.
    std::unique_ptr<SectionPriority> priority;
    if (options.priority != Priority::kNormal) {
      FPBENCH_ASSIGN_OR_RETURN(
          priority,
          SectionPriority::start(options.priority, options.on_left_realtime));
      run.priority = Priority::kNormal;
      priority->prepare(run);
    }
    const auto p = run_process(argv, run);
    const std::string callgrind_text =
        callgrind ? take_measured_callgrind_output(callgrind_dir) : "";
    const std::string priority_failure = priority ? priority->finish() : "";
    FPBENCH_TRY(p);
    if (!priority_failure.empty()) {
      return benchmark_error("cannot set the timed section's priority: " +
                             priority_failure);
    }
    if (!p->ok()) return benchmark_error(p->failure_text());
    FPBENCH_ASSIGN_OR_RETURN(auto lines,
                             json_lines(read_whole(out.path()), "a report"));
    if (lines.empty())
      return benchmark_error(with_stderr("reported no result", *p));
    // The hooks' record of a configuration the script skips.
    if (lines.size() == 1 && lines.front().contains("timed_section")) {
      const std::lock_guard lock(skipped_mutex_);
      skipped_.insert(label(job));
      return Measurements{};
    }
    std::vector<std::uint64_t> callgrind_parts;
    if (callgrind) {
      FPBENCH_ASSIGN_OR_RETURN(callgrind_parts,
                               parse_callgrind_parts(callgrind_text));
    }
    Measurements records;
    for (const auto& line : lines) {
      const std::string name = line.value("configuration", "");
      if (name != config->configuration) {
        return benchmark_error(
            fmt::format("run as '{}', the script reported '{}'",
                        config->configuration, name));
      }
      SampleRecord r;
      r.filename = config->filename;
      r.configuration = config->configuration;
      if (how_.mode == MeasureMode::kTimed) {
        if (!line.contains("rate") || !line["rate"].is_number() ||
            !line.contains("time") || !line["time"].is_number()) {
          return benchmark_error(fmt::format(
              "{}: reported rate {} and time {}, not numbers", label(job),
              line.value("rate", nlohmann::ordered_json()).dump(),
              line.value("time", nlohmann::ordered_json()).dump()));
        }
        const double rate = line["rate"].get<double>();
        if (auto ok = reports::check_rate(rate, label(job)); !ok)
          return benchmark_error(ok.error().message);
        r.metrics.emplace_back(
            "wall",
            MetricReading{rate, "node", line["time"].get<double>(), {}});
        append_wait4_metrics(r.metrics, p->usage, {.rss = how_.rss}, "");
      }
      if (callgrind) {
        FPBENCH_ASSIGN_OR_RETURN(
            auto counted,
            callgrind_metric(line, callgrind_parts, records.size()));
        r.metrics.push_back(std::move(counted));
      } else if (!how_.counters.empty()) {
        FPBENCH_ASSIGN_OR_RETURN(auto counted,
                                 counted_metrics(line, how_.counters));
        for (auto& m : counted) r.metrics.push_back(std::move(m));
      }
      records.push_back(std::move(r));
    }
    return records;
  }

 private:
  std::shared_ptr<const NodeSuite> suite_;
  NodeMeasure how_;
  mutable std::mutex skipped_mutex_;
  mutable std::set<std::string> skipped_;
};

}  // namespace

std::unique_ptr<SampleSource> make_node_source(
    std::shared_ptr<const NodeSuite> suite, NodeMeasure how) {
  return std::make_unique<NodeScriptSource>(std::move(suite), std::move(how));
}

}  // namespace fpbench::harness
