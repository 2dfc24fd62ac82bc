#include "fpbench/harness/run_command.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <thread>

#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/node_source.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/stats/rate_comparison.hpp"
#include "machine_context.hpp"
#include "run_checks.hpp"

namespace fpbench::harness {
namespace {

using detail::check_options;
using detail::check_resumed_configurations;
using detail::check_sets;
using detail::contains_any;
using detail::sample_cpus;
using detail::samples_path;
using detail::selector_matches;
using reports::kSampleCsvHeader;
using reports::parse_samples_csv;
using reports::read_input;

constexpr std::int64_t kCountingIterations = 11;
constexpr std::int64_t kCallgrindIterations = 5;

bool wants(const RunOptions& o, std::string_view metric) {
  return std::find(o.metrics.begin(), o.metrics.end(), metric) !=
         o.metrics.end();
}

// The sources of both sides, in pass order, and the passes over them.
struct Plan {
  std::vector<std::unique_ptr<SampleSource>> sources;
  std::vector<Pass> passes;
  std::vector<std::string> notes;
};

// A Node configuration (whose script sets its own n, never --min-time) or a
// process under valgrind gets ten times as long.
std::chrono::milliseconds sample_timeout(const RunOptions& o, bool many) {
  if (o.sample_timeout_s) {
    return std::chrono::milliseconds(
        static_cast<std::int64_t>(std::ceil(*o.sample_timeout_s * 1000)));
  }
  const std::chrono::milliseconds base = default_sample_timeout(o.min_time_s);
  return many ? base * 10 : base;
}

Pass add_pass(
    Plan& plan, const RunOptions& o, const std::string& key,
    const std::function<std::unique_ptr<SampleSource>(std::size_t side)>&
        make) {
  Pass pass;
  pass.key_metric = key;
  for (std::size_t side = 0; side < 2; ++side) {
    plan.sources.push_back(make(side));
    pass.sources[side] = plan.sources.back().get();
  }
  const bool timed = key == "wall" || key == "cpu" || key == "faults";
  pass.runs = timed ? o.runs : o.counter_runs;
  pass.warmup = timed ? o.warmup : 0;
  pass.paired = timed && o.paired;
  pass.iterations_from_warmup = timed;
  pass.priority = timed ? o.priority : Priority::kNormal;
  pass.budgeted = timed;
  const unsigned cpus = std::max(1U, std::thread::hardware_concurrency());
  pass.parallel = timed ? 1 : o.jobs.value_or(static_cast<int>(cpus));
  pass.max_runs = o.max_runs;
  pass.sample_timeout = sample_timeout(
      o, /*many=*/o.source == SourceKind::kNode || key == "instructions");
  return pass;
}

// The counters of a list (loop_counters.hpp's names) that `o` asks for.
std::string counter_list(const RunOptions& o,
                         std::initializer_list<std::string_view> names) {
  std::string out;
  for (std::string_view name : names) {
    const bool asked =
        name == "allocs"     ? wants(o, "allocs") || wants(o, "alloc_bytes")
        : name == "syscalls" ? wants(o, "syscalls") || wants(o, "syscalls_all")
                             : wants(o, name);
    if (asked) out += (out.empty() ? "" : ",") + std::string(name);
  }
  return out;
}

// The pass's key metric: the first of `names` that `o` asks for.
std::string first_wanted(const RunOptions& o,
                         std::initializer_list<std::string_view> names) {
  for (std::string_view name : names) {
    if (wants(o, name)) return std::string(name);
  }
  return "";
}

void make_gbench_plan(const RunOptions& o, Plan& plan) {
  const std::array<std::string, 2> programs = {*o.old_program, *o.new_program};
  GbenchMeasure base;
  base.min_time_s = o.min_time_s;
  base.preload = o.preload;
  base.valgrind = o.valgrind;
  base.args = o.program_args;
  base.query_timeout = detail::query_timeout(o);
  const auto gbench = [&](GbenchMeasure how) {
    return [&, how](std::size_t side) {
      return make_gbench_source(programs[side], how);
    };
  };
  if (const std::string key = first_wanted(o, {"wall", "cpu", "faults", "rss"});
      !key.empty()) {
    GbenchMeasure how = base;
    how.counters = counter_list(o, {"cpu", "faults"});
    how.rss = wants(o, "rss");
    plan.passes.push_back(add_pass(plan, o, key, gbench(how)));
  }
  if (const std::string key = first_wanted(
          o, {"syscalls", "syscalls_all", "allocs", "alloc_bytes"});
      !key.empty()) {
    GbenchMeasure how = base;
    how.kind = GbenchMeasure::Kind::kCounting;
    how.counters = counter_list(o, {"syscalls", "allocs"});
    plan.passes.push_back(
        add_pass(plan, o, key.rfind("syscalls", 0) == 0 ? "syscalls" : key,
                 gbench(how)));
  }
  if (wants(o, "instructions")) {
    GbenchMeasure how = base;
    how.counters = "instructions";
    if (!o.explain && hardware_instruction_counter_available()) {
      how.kind = GbenchMeasure::Kind::kCounting;
    } else {
      how.kind = GbenchMeasure::Kind::kCallgrind;
      plan.notes.push_back(
          "instructions: no hardware counter here, so they are counted under " +
          o.valgrind + " --tool=callgrind");
    }
    plan.passes.push_back(add_pass(plan, o, "instructions", gbench(how)));
  }
}

// The floor of a command's wall time here: the median time of a process
// that does nothing (true) from exec to exit, measured as every sample is.
double spawn_cost_s() {
  std::vector<double> times;
  for (int i = 0; i < 21; ++i) {
    const auto p = run_process({"true"});
    if (p && p->ok())
      times.push_back(std::chrono::duration<double>(p->elapsed).count());
  }
  if (times.empty()) return 0;
  std::nth_element(
      times.begin(),
      times.begin() + static_cast<std::ptrdiff_t>(times.size() / 2),
      times.end());
  return times[times.size() / 2];
}

void make_command_plan(const RunOptions& o, Plan& plan) {
  const std::array<std::string, 2> commands = {*o.old_program, *o.new_program};
  CommandMeasure base;
  base.preload = o.preload;
  base.valgrind = o.valgrind;
  const auto command = [&](CommandMeasure how) {
    return [&, how](std::size_t side) {
      return make_command_source(commands[side], o.command, how);
    };
  };
  if (const std::string key = first_wanted(o, {"wall", "cpu", "faults", "rss"});
      !key.empty()) {
    CommandMeasure how = base;
    how.cpu = wants(o, "cpu");
    how.faults = wants(o, "faults");
    how.rss = wants(o, "rss");
    plan.passes.push_back(add_pass(plan, o, key, command(how)));
    plan.notes.push_back(fmt::format(
        "a command that does nothing (true) takes {:.3f} ms here from exec "
        "to exit (the median of 21 runs): every wall time includes the "
        "command's own start-up like it, as hyperfine -N's do; fork and "
        "fpbench's set-up of the process are not timed",
        spawn_cost_s() * 1e3));
  }
  // Apart: each process of the command writes its allocation counts as it
  // exits, system calls that the tracepoints would count.
  if (wants(o, "syscalls") || wants(o, "syscalls_all")) {
    CommandMeasure how = base;
    how.kind = CommandMeasure::Kind::kCounting;
    how.syscalls = true;
    plan.passes.push_back(add_pass(plan, o, "syscalls", command(how)));
  }
  if (const std::string key = first_wanted(o, {"allocs", "alloc_bytes"});
      !key.empty()) {
    CommandMeasure how = base;
    how.kind = CommandMeasure::Kind::kCounting;
    how.allocs = true;
    plan.passes.push_back(add_pass(plan, o, key, command(how)));
  }
  if (wants(o, "instructions")) {
    CommandMeasure how = base;
    how.kind = CommandMeasure::Kind::kCallgrind;
    plan.notes.push_back("instructions: counted under " + o.valgrind +
                         " --tool=callgrind --trace-children=yes, every "
                         "process of the command");
    plan.passes.push_back(add_pass(plan, o, "instructions", command(how)));
  }
}

// Node: a configuration's timed process gives wall time (the rate and the
// time of its timed section), cpu and faults (counted around that section),
// rss; system calls and instructions are counted in processes of their own.
// Each side's configurations are listed once for all its passes.
void make_node_plan(const RunOptions& o, const std::vector<NodeScript>& scripts,
                    Plan& plan) {
  std::array<std::shared_ptr<const NodeSuite>, 2> suites;
  suites[0] = std::make_shared<NodeSuite>(*o.old_program, scripts, o.sets);
  suites[1] =
      *o.new_program == *o.old_program
          ? suites[0]
          : std::make_shared<NodeSuite>(*o.new_program, scripts, o.sets);
  NodeMeasure base;
  base.counted_exec = o.counted_exec;
  const auto node = [&](NodeMeasure how) {
    return [&, how](std::size_t side) {
      return make_node_source(suites[side], how);
    };
  };
  if (const std::string key = first_wanted(o, {"wall", "cpu", "faults", "rss"});
      !key.empty()) {
    NodeMeasure how = base;
    how.counters = counter_list(o, {"cpu", "faults"});
    how.rss = wants(o, "rss");
    plan.passes.push_back(add_pass(plan, o, key, node(how)));
  }
  if (wants(o, "syscalls") || wants(o, "syscalls_all")) {
    NodeMeasure how = base;
    how.kind = NodeMeasure::Kind::kCounting;
    how.counters = "syscalls";
    plan.passes.push_back(add_pass(plan, o, "syscalls", node(how)));
  }
  if (wants(o, "instructions")) {
    NodeMeasure how = base;
    how.counters = "instructions";
    if (hardware_instruction_counter_available()) {
      how.kind = NodeMeasure::Kind::kCounting;
    } else {
      how.kind = NodeMeasure::Kind::kCallgrind;
      how.valgrind = o.valgrind;
      how.callgrind_addon = o.node_callgrind_addon;
      plan.notes.push_back(
          "instructions: no hardware counter here, so they are counted under " +
          o.valgrind +
          " --tool=callgrind, from each configuration's bench.start() to its "
          "bench.end(n)");
    }
    plan.passes.push_back(add_pass(plan, o, "instructions", node(how)));
  }
}

Plan make_plan(const RunOptions& o, const std::vector<NodeScript>& scripts) {
  Plan plan;
  if (o.source == SourceKind::kCommand) {
    make_command_plan(o, plan);
    return plan;
  }
  if (o.source == SourceKind::kGbench) {
    make_gbench_plan(o, plan);
    return plan;
  }
  if (o.source == SourceKind::kNode) {
    make_node_plan(o, scripts, plan);
    return plan;
  }
  const std::array<std::string, 2> programs = {
      o.old_program.value_or(o.scenario_program),
      o.new_program.value_or(o.scenario_program)};
  const std::array<std::optional<std::string>, 2> impls = {o.old_impl,
                                                           o.new_impl};
  const auto scenario = [&](ScenarioMeasure how) {
    how.query_timeout = detail::query_timeout(o);
    return [&, how](std::size_t side) {
      return make_scenario_source(programs[side], impls[side], o.sets, how);
    };
  };
  if (const std::string key = first_wanted(o, {"wall", "cpu", "faults", "rss"});
      !key.empty()) {
    ScenarioMeasure how;
    how.min_time_s = o.min_time_s;
    how.counters = counter_list(o, {"cpu", "faults"});
    how.rss = wants(o, "rss");
    plan.passes.push_back(add_pass(plan, o, key, scenario(how)));
  }
  if (const std::string key = first_wanted(
          o, {"syscalls", "syscalls_all", "allocs", "alloc_bytes"});
      !key.empty()) {
    ScenarioMeasure how;
    how.kind = ScenarioMeasure::Kind::kCounting;
    how.counters = counter_list(o, {"syscalls", "allocs"});
    how.preload = o.preload;
    how.iterations = o.counter_iterations.value_or(kCountingIterations);
    plan.passes.push_back(
        add_pass(plan, o, key.rfind("syscalls", 0) == 0 ? "syscalls" : key,
                 scenario(how)));
  }
  if (wants(o, "instructions")) {
    ScenarioMeasure how;
    how.counters = "instructions";
    if (!o.explain && hardware_instruction_counter_available()) {
      how.kind = ScenarioMeasure::Kind::kCounting;
      how.iterations = o.counter_iterations.value_or(kCountingIterations);
    } else {
      how.kind = ScenarioMeasure::Kind::kCallgrind;
      // Callgrind counts every thread, whatever ran in the process before,
      // so a scenario's configurations share one process and its start-up.
      how.batch = true;
      how.valgrind = o.valgrind;
      how.iterations = o.counter_iterations.value_or(kCallgrindIterations);
      plan.notes.push_back(
          "instructions: no hardware counter here, so they are counted under " +
          o.valgrind +
          " --tool=callgrind (the fast paths run at most AVX2 there)");
    }
    plan.passes.push_back(add_pass(plan, o, "instructions", scenario(how)));
  }
  return plan;
}

// Google Benchmark's selection: a benchmark is kept when its full name
// contains a match of one of the expressions (as --benchmark_filter).
Result<std::vector<std::regex>> gbench_selectors(const RunOptions& o) {
  std::vector<std::regex> out;
  for (const std::string& sel : o.selectors) {
    try {
      out.emplace_back(sel, std::regex::extended);
    } catch (const std::regex_error& e) {
      return usage_error(
          fmt::format("'{}' is not a regular expression: {}", sel, e.what()));
    }
  }
  return out;
}

// The jobs both sides have, selected and filtered as compare.js does.
Result<std::vector<std::string>> select_jobs(const Pass& pass,
                                             const RunOptions& o) {
  const bool node = o.source == SourceKind::kNode;
  const bool gbench = o.source == SourceKind::kGbench;
  const bool command = o.source == SourceKind::kCommand;
  FPBENCH_ASSIGN_OR_RETURN(auto regexes, gbench_selectors(o));
  std::set<std::string> matched;
  const auto keep = [&](const std::string& job) {
    const std::string scenario =
        node || gbench || command
            ? job
            : reports::BenchmarkKey::from_text(job).filename;
    bool selected = o.selectors.empty() || node;
    if (gbench) {
      for (std::size_t i = 0; i < regexes.size(); ++i) {
        if (std::regex_search(job, regexes[i])) {
          matched.insert(o.selectors[i]);
          selected = true;
        }
      }
    } else if (!node) {
      for (const std::string& sel : o.selectors) {
        if (selector_matches(sel, scenario)) {
          matched.insert(sel);
          selected = true;
        }
      }
    }
    if (!selected) return false;
    if (node) return true;  // discover_node_scripts applied them
    if (!o.filters.empty() && !contains_any(scenario, o.filters)) return false;
    return !contains_any(scenario, o.excludes);
  };
  auto jobs = common_jobs(pass, keep);
  FPBENCH_TRY(jobs);
  if (!node) {
    for (const std::string& sel : o.selectors) {
      if (matched.count(sel) == 0) {
        return usage_error(
            gbench ? fmt::format("no benchmark of {} matches '{}'",
                                 pass.sources[0]->describe(), sel)
                   : "no scenario matches '" + sel + "' (see fpbench list)");
      }
    }
  }
  if (jobs->empty()) {
    // Node scripts can be selected and still have nothing to run.
    std::string why;
    for (const std::string& s : pass.sources[0]->skipped()) why += "\n  " + s;
    return usage_error(
        why.empty() ? "no benchmark is left to run after --filter/--exclude"
                    : "no configuration is left to run:" + why);
  }
  return jobs;
}

// Counting passes run a scenario's configurations in shared processes, at
// most kBatchSize to a process so that parallel jobs stay balanced.
constexpr std::size_t kBatchSize = 6;

std::vector<Batch> batches_by_scenario(const std::vector<std::string>& jobs) {
  std::vector<std::string> scenarios;
  std::map<std::string, std::vector<std::string>> members;
  for (const std::string& job : jobs) {
    const std::string scenario = reports::BenchmarkKey::from_text(job).filename;
    if (members.count(scenario) == 0) scenarios.push_back(scenario);
    members[scenario].push_back(job);
  }
  std::vector<Batch> out;
  for (const std::string& scenario : scenarios) {
    const std::vector<std::string>& all = members[scenario];
    for (std::size_t i = 0; i < all.size(); i += kBatchSize) {
      Batch b;
      b.name = i == 0 ? scenario
                      : fmt::format("{} #{}", scenario, i / kBatchSize + 1);
      b.benchmarks.assign(all.begin() + static_cast<std::ptrdiff_t>(i),
                          all.begin() + static_cast<std::ptrdiff_t>(std::min(
                                            all.size(), i + kBatchSize)));
      out.push_back(std::move(b));
    }
  }
  return out;
}

// What an interrupted run already wrote, as records.
Result<std::vector<reports::SampleRecord>> load_resumed(const std::string& path,
                                                        bool jsonl) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    return std::vector<reports::SampleRecord>{};
  // /dev/null and the like would take the samples and give none back.
  if (!S_ISREG(st.st_mode)) {
    return usage_error(
        fmt::format("--resume {}: not a regular file; --resume continues a "
                    "samples file (write "
                    "elsewhere with -o)",
                    path));
  }
  FPBENCH_ASSIGN_OR_RETURN(const auto text, read_input(path));
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
    return std::vector<reports::SampleRecord>{};
  }
  if (text.back() != '\n') {
    // A row cut off by a crash or by hand: it may still parse (a rate cut
    // short is a number), so it is never counted, and the next row must not
    // be appended to it.
    const auto line = std::count(text.begin(), text.end(), '\n') + 1;
    return bad_input_error(fmt::format(
        "{}:{}: the last row is incomplete (it has no newline: the run was "
        "interrupted while "
        "writing it); delete that line (sed -i '$d' {}), then resume",
        path, line, path));
  }
  if (jsonl != reports::looks_like_sample_jsonl(text)) {
    return usage_error(fmt::format(
        "--resume {}: the file holds {}, but these metrics write {}", path,
        jsonl ? "compare.js CSV" : "JSON Lines",
        jsonl ? "JSON Lines" : "compare.js CSV"));
  }
  if (jsonl) return reports::parse_sample_jsonl(text, path);
  const auto samples = parse_samples_csv(text, path);
  if (!samples) {
    // Only a header: an interrupted run that wrote no sample yet.
    if (samples.error().kind == ErrorKind::kNoSamples) {
      return std::vector<reports::SampleRecord>{};
    }
    return samples.error();
  }
  std::vector<reports::SampleRecord> records;
  for (const auto& b : samples->benchmarks()) {
    for (const auto& [rates, binary] :
         {std::pair{&b.old_rates, reports::Binary::kOld},
          std::pair{&b.new_rates, reports::Binary::kNew}}) {
      for (double rate : *rates) {
        reports::SampleRecord r;
        r.binary = binary;
        r.filename = b.filename;
        r.configuration = b.configuration;
        r.metrics.emplace_back("wall",
                               reports::MetricReading{rate, "clock", {}, {}});
        records.push_back(std::move(r));
      }
    }
  }
  return records;
}

Result<void> write_json(const std::string& path,
                        const std::vector<reports::SampleRecord>& records,
                        const std::vector<detail::MeasuredProgram>& programs,
                        const nlohmann::json& shard,
                        std::chrono::milliseconds query_timeout) {
  nlohmann::json samples = nlohmann::json::array();
  for (const auto& r : records) {
    samples.push_back(nlohmann::json::parse(reports::sample_jsonl_line(r)));
  }
  nlohmann::json context = detail::machine_context(programs, query_timeout);
  context.update(shard);
  const nlohmann::json doc{{"context", context}, {"samples", samples}};
  return write_document("--json", path, doc.dump(2) + "\n");
}

void collect_not_converged(const RunOptions& o, RunSummary& summary) {
  if (o.target_accuracy_pct <= 0) return;
  for (const BenchmarkValues& b : summary.results) {
    const auto c = stats::compare_rates(b.values[0], b.values[1]);
    if (c.test && std::fabs(c.half_width_pct[0]) <= o.target_accuracy_pct)
      continue;
    summary.not_converged.push_back(
        fmt::format("{}: ±{:.2f}% after {} runs (target ±{:.2f}%)",
                    b.key.text(), c.test ? c.half_width_pct[0] : 0.0,
                    b.values[0].size(), o.target_accuracy_pct));
  }
}

// Keeps this shard's part of the jobs; what the --json context says of it.
Result<nlohmann::json> apply_shard(const RunOptions& o,
                                   std::vector<std::string>& jobs) {
  nlohmann::json context = {{"machine_name", o.machine_name.empty()
                                                 ? detail::host_name()
                                                 : o.machine_name}};
  if (o.shard.count == 1 && !o.shard_costs) return context;
  if (o.shard_costs && o.source == SourceKind::kNode) {
    return usage_error(
        "--shard-costs does not apply to --node (its jobs are scripts)");
  }
  if (o.shard_costs && o.shard.count == 1)
    return usage_error("--shard-costs needs --shard K/N");
  ShardCosts costs;
  if (o.shard_costs) {
    FPBENCH_ASSIGN_OR_RETURN(costs, read_shard_costs(*o.shard_costs));
  }
  const std::size_t all = jobs.size();
  jobs = shard_jobs(jobs, o.shard, costs);
  context["shard"] = {
      {"index", o.shard.index},
      {"count", o.shard.count},
      {"balanced_by", o.shard_costs ? "costs" : "count"},
      {"costs_file", o.shard_costs ? nlohmann::json(*o.shard_costs) : nullptr},
      {"configurations", jobs},
      {"configurations_in_all_shards", all}};
  if (jobs.empty()) {
    std::fprintf(
        stderr,
        "fpbench: note: shard %d/%d has none of the %zu configurations\n",
        o.shard.index, o.shard.count, all);
  }
  return context;
}

}  // namespace

namespace detail {
std::chrono::milliseconds query_timeout(const RunOptions& o) {
  return sample_timeout(o, /*many=*/false);
}
}  // namespace detail

std::chrono::milliseconds default_sample_timeout(double min_time_s) {
  const double seconds = std::max(60.0, 20 * std::min(min_time_s, 1e6));
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

Result<RunSummary> run_benchmarks(const RunOptions& o) {
  FPBENCH_TRY(check_options(o));
  FPBENCH_TRY(check_sets(o));
  FPBENCH_ASSIGN_OR_RETURN(auto cpus, sample_cpus(o));
  // Before any program runs: a run that could not keep its results is
  // better refused than measured.
  if (o.json) {
    FPBENCH_TRY(check_writable("--json", *o.json));
  }
  FPBENCH_TRY(
      check_writable(o.resume ? "--resume" : "-o/--output", samples_path(o)));
  std::vector<NodeScript> scripts;
  if (o.source == SourceKind::kNode) {
    FPBENCH_ASSIGN_OR_RETURN(
        scripts, discover_node_scripts(o.benchmark_dir, o.selectors, o.filters,
                                       o.excludes));
    FPBENCH_TRY(check_node_binary("--old", *o.old_program));
    if (*o.new_program != *o.old_program) {
      FPBENCH_TRY(check_node_binary("--new", *o.new_program));
    }
  }
  // Allocating call sites come from the callgrind pass.
  std::optional<RunOptions> with_profile;
  if (o.explain && wants(o, "allocs") && !wants(o, "instructions")) {
    with_profile = o;
    with_profile->metrics.emplace_back("instructions");
  }
  Plan plan = make_plan(with_profile ? *with_profile : o, scripts);
  if (plan.passes.empty())
    return usage_error("--metric names nothing to measure");
  if (o.target_accuracy_pct > 0 || o.wall_needs_more) {
    Pass& first = plan.passes.front();
    if (o.wall_needs_more) {
      first.needs_more = o.wall_needs_more;
    } else {
      first.needs_more = [&o](const std::vector<BenchmarkValues>& all) {
        std::vector<reports::BenchmarkKey> open;
        for (const BenchmarkValues& b : all) {
          const auto c = stats::compare_rates(b.values[0], b.values[1]);
          if (!c.test ||
              std::fabs(c.half_width_pct[0]) > o.target_accuracy_pct) {
            open.push_back(b.key);
          }
        }
        return open;
      };
    }
  }
  FPBENCH_ASSIGN_OR_RETURN(auto jobs, select_jobs(plan.passes.front(), o));
  // Said now, before the first sample, and again as the run's failures.
  std::vector<std::string> unlisted;
  for (const SampleSource* source : plan.passes.front().sources) {
    for (std::string& why : source->unlisted()) {
      if (std::find(unlisted.begin(), unlisted.end(), why) != unlisted.end())
        continue;
      std::fprintf(stderr,
                   "fpbench: error: %s\nfpbench: left out: the rest is "
                   "measured, and the run will exit 3\n",
                   why.c_str());
      unlisted.push_back(std::move(why));
    }
  }
  FPBENCH_ASSIGN_OR_RETURN(auto shard, apply_shard(o, jobs));
  if (o.source != SourceKind::kNode) {
    for (Pass& pass : plan.passes) {
      if (!pass.sources[0]->batched()) continue;
      const std::vector<Batch> batches = batches_by_scenario(jobs);
      for (const Batch& b : batches) pass.jobs.push_back(b.name);
      for (const auto& source : plan.sources) {
        if (source.get() == pass.sources[0] || source.get() == pass.sources[1])
          source->take_batches(batches);
      }
    }
  }
  // A counter this machine cannot read is said once, and the run goes on
  // with the other metrics.
  std::erase_if(plan.passes, [&](const Pass& pass) {
    for (const SampleSource* source : pass.sources) {
      if (auto ok = source->check();
          !ok && ok.error().kind == ErrorKind::kUnavailable) {
        plan.notes.push_back(pass.key_metric +
                             " not measured: " + ok.error().message);
        return true;
      }
    }
    return false;
  });
  for (const Pass& pass : plan.passes) {
    for (const SampleSource* source : pass.sources) {
      FPBENCH_TRY(source->check());
    }
  }
  const auto realtime = [](const Pass& p) {
    return p.priority != Priority::kNormal;
  };
  if (std::any_of(plan.passes.begin(), plan.passes.end(), realtime) &&
      !realtime_permitted()) {
    for (Pass& pass : plan.passes) pass.priority = Priority::kNormal;
    plan.notes.push_back(
        "samples run at normal priority, so other work on this machine can "
        "slow them "
        "(real-time priority needs CAP_SYS_NICE or RLIMIT_RTPRIO; "
        "--no-realtime silences this)");
  }
  if (plan.passes.empty()) {
    std::string why;
    for (const std::string& n : plan.notes) why += "\n  " + n;
    return unavailable_error("no metric asked for can be measured here:" + why);
  }

  const bool jsonl = !(o.metrics.size() == 1 && o.metrics[0] == "wall");
  const std::string output = samples_path(o);
  std::vector<reports::SampleRecord> resumed;
  if (o.resume) {
    FPBENCH_ASSIGN_OR_RETURN(resumed, load_resumed(*o.resume, jsonl));
    if (o.source == SourceKind::kNode) {
      FPBENCH_TRY(check_resumed_configurations(
          *o.resume, resumed, jobs, *plan.passes.front().sources[0]));
    }
  }
  const bool fresh_file =
      !o.resume || ::access(o.resume->c_str(), F_OK) != 0 || [&] {
        const auto t = read_input(*o.resume);
        return !t || t->empty();
      }();
  FPBENCH_ASSIGN_OR_RETURN(auto writer,
                           SampleWriter::open(output, o.resume.has_value()));
  if (fresh_file && !jsonl) {
    FPBENCH_TRY(writer.write(kSampleCsvHeader));
  }
  RunnerOptions ro;
  ro.seed = o.seed;
  ro.cpus = std::move(cpus);
  ro.progress = o.progress;
  ro.jsonl = jsonl;
  ro.time_budget = o.time_budget;
  ro.working_dirs = {o.old_working_dir, o.new_working_dir};
  for (const std::string& note : plan.notes) {
    std::fprintf(stderr, "fpbench: note: %s\n", note.c_str());
  }
  // A part with no configurations (more shards than configurations) is an
  // empty, valid part of the run.
  auto summary = jobs.empty()
                     ? Result<RunSummary>(RunSummary{})
                     : run_passes(jobs, plan.passes, ro, resumed, writer);
  FPBENCH_TRY(summary);
  summary->failures.insert(summary->failures.begin(), unlisted.begin(),
                           unlisted.end());
  summary->notes = plan.notes;
  std::set<std::string> skipped;
  for (const Pass& pass : plan.passes) {
    for (const SampleSource* source : pass.sources) {
      for (std::string& why : source->skipped()) skipped.insert(std::move(why));
    }
  }
  summary->skipped.assign(skipped.begin(), skipped.end());
  collect_not_converged(o, *summary);
  if (o.json) {
    // Read back what the output holds: the resumed samples and the new ones.
    std::vector<reports::SampleRecord> all = resumed;
    all.insert(all.end(), summary->records.begin(), summary->records.end());
    const std::vector<detail::MeasuredProgram> programs = {
        {"old", o.old_program.value_or(o.scenario_program), o.old_impl},
        {"new", o.new_program.value_or(o.scenario_program), o.new_impl}};
    FPBENCH_TRY(
        write_json(*o.json, all, programs, shard, detail::query_timeout(o)));
  }
  return summary;
}

}  // namespace fpbench::harness
