#include "project/project_steps.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "fpbench/base/file_write.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/harness/until_decided.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;

bool wall_only(const BenchmarkEntry& e) {
  return e.metrics.size() == 1 && e.metrics.front() == "wall";
}

ci::GateThresholds thresholds_of(const GateConfig& gate) {
  ci::GateThresholds t;
  for (const MetricThreshold& m : gate.thresholds)
    t.max_regressions.push_back({m.metric, m.pct});
  for (const GateRuleConfig& rule : gate.rules) {
    for (const MetricThreshold& m : rule.thresholds) {
      t.rules.push_back({m.metric, ci::ThresholdRule{rule.match, m.pct}});
    }
  }
  return t;
}

}  // namespace

std::vector<reports::BenchmarkKey> undecided_by_gate(
    const std::vector<BenchmarkValues>& all, const ci::GateOptions& gate) {
  reports::SampleSet samples;
  for (const BenchmarkValues& b : all) {
    for (std::size_t side = 0; side < 2; ++side) {
      for (double v : b.values[side]) {
        samples.add(side == 0 ? reports::Binary::kOld : reports::Binary::kNew,
                    b.key.filename, b.key.configuration, v);
      }
    }
  }
  const ci::GateResult result = ci::evaluate_gate(samples, gate);
  const reports::SequentialPlan& plan = *gate.sequential;
  std::vector<reports::BenchmarkKey> out;
  for (const ci::GateDecision& d : result.decisions) {
    const int n =
        static_cast<int>(std::min(d.row.stats.n_old, d.row.stats.n_new));
    if (n >= plan.max_runs) continue;
    if (!is_look(n, plan) || d.verdict == ci::Verdict::kNeedMoreRuns ||
        d.verdict == ci::Verdict::kMissing) {
      out.push_back({d.row.filename, d.row.configuration});
    }
  }
  return out;
}

Result<RunOptions> entry_run_options(const BenchmarkEntry& entry,
                                     const GateConfig& gate,
                                     const RunOptions& defaults,
                                     const std::string& old_dir,
                                     const std::string& new_dir) {
  const SourceType* type = find_source_type(entry.kind);
  if (type == nullptr) {
    return bad_input_error(fmt::format("{}: no kind of program named '{}'",
                                       entry.place.text(), entry.kind));
  }
  RunOptions o = defaults;
  o.source = entry.kind;
  o.metrics = entry.metrics;
  o.runs = gate.runs;
  o.max_runs = gate.max_runs;
  o.counter_runs = gate.counter_runs;
  o.min_time_s = entry.min_time_s.value_or(gate.min_time_s);
  o.warmup = type->default_warmup();
  o.selectors = entry.selectors;
  o.sets = entry.sets;
  o.excludes = entry.excludes;
  o.paired = gate.paired;
  o.old_impl = entry.old_impl;
  o.new_impl = entry.new_impl;
  if (entry.kind == "gbench") o.program_args = entry.args;
  if (entry.kind == "command") {
    o.command.name = entry.name;
    o.command.params = entry.params;
    o.command.setup = entry.setup;
    o.command.prepare = entry.prepare;
    o.command.shell = entry.shell;
  }
  if (entry.kind == "node") {
    o.benchmark_dir = fs::path(entry.benchmark_dir).is_absolute()
                          ? entry.benchmark_dir
                          : (fs::path(new_dir) / entry.benchmark_dir).string();
  }
  o.old_program = type->program_in(old_dir, entry.program, o);
  o.new_program = type->program_in(new_dir, entry.program, o);
  o.old_working_dir = old_dir;
  o.new_working_dir = new_dir;
  return o;
}

Result<std::string> default_config_path(const std::string& dir) {
  FPBENCH_ASSIGN_OR_RETURN(const std::string top,
                           bisect_detail::repository_top(dir));
  return top + "/fpbench.toml";
}

std::vector<std::string> gate_threshold_flags(const GateConfig& gate,
                                              bool csv) {
  std::vector<std::string> out;
  for (const MetricThreshold& m : gate.thresholds) {
    if (csv && m.metric != "wall") continue;
    out.emplace_back("--max-regression");
    out.push_back(csv ? fmt::format("{}%", m.pct)
                      : fmt::format("{}={}%", m.metric, m.pct));
  }
  for (const GateRuleConfig& rule : gate.rules) {
    for (const MetricThreshold& m : rule.thresholds) {
      if (csv && m.metric != "wall") continue;
      out.emplace_back("--threshold");
      out.push_back(
          csv ? fmt::format("{}={}%", rule.match, m.pct)
              : fmt::format("{}:{}={}%", m.metric, rule.match, m.pct));
    }
  }
  return out;
}

namespace project_detail {

std::string build_command(const BuildConfig& build) {
  std::string out;
  for (const auto& [name, value] : build.env) {
    out += "export " + name + "=" + bisect_detail::shell_quote(value) + "; ";
  }
  return out + build.command;
}

Result<std::string> build_side(bisect_detail::BuildCache& cache,
                               const std::string& sha,
                               const std::string& side) {
  FPBENCH_ASSIGN_OR_RETURN(const bisect_detail::Build b, cache.build(sha));
  if (!b.ok) {
    return benchmark_error(fmt::format(
        "{}, commit {}, does not build{}: {}\nthe build log: {}.log", side,
        sha.substr(0, 12), b.cached ? " (remembered from an earlier run)" : "",
        b.failure, b.worktree));
  }
  std::fprintf(stderr, "fpbench: %s built in %s%s\n", side.c_str(),
               b.worktree.c_str(),
               b.cached ? " (kept from an earlier run)" : "");
  return b.worktree;
}

Result<Measured> measure_entries(const ProjectConfig& config,
                                 const ProjectOptions& options,
                                 const std::string& old_dir,
                                 const std::string& new_dir,
                                 bool until_decided) {
  const GateConfig& gate = config.gate;
  Measured m;
  m.csv = std::all_of(config.benchmarks.begin(), config.benchmarks.end(),
                      wall_only);
  m.samples = options.out_dir + (m.csv ? "/samples.csv" : "/samples.jsonl");
  std::vector<RunOptions> entries;
  for (const BenchmarkEntry& e : config.benchmarks) {
    FPBENCH_ASSIGN_OR_RETURN(
        RunOptions o,
        entry_run_options(e, gate, options.defaults, old_dir, new_dir));
    entries.push_back(std::move(o));
  }
  RunOptions& first = entries.front();
  first.output = m.samples;
  first.json = options.out_dir + "/samples.json";
  if (until_decided && gate.until_decided) {
    first.time_budget = gate.time_budget;
    ci::GateOptions base;
    base.alpha = gate.alpha;
    FPBENCH_ASSIGN_OR_RETURN(
        ci::GateOptions wall,
        ci::options_for_metric(base, thresholds_of(gate), "wall"));
    wall.sequential =
        reports::SequentialPlan{gate.runs, gate.look_every, gate.max_runs};
    for (RunOptions& o : entries) {
      o.wall_needs_more = [wall](const std::vector<BenchmarkValues>& all) {
        return undecided_by_gate(all, wall);
      };
    }
  }
  std::error_code ec;
  fs::remove(options.out_dir + "/samples.csv", ec);
  fs::remove(options.out_dir + "/samples.jsonl", ec);
  FPBENCH_ASSIGN_OR_RETURN(m.summary, run_benchmarks(entries));
  // The notes said before the first sample (on stderr already), then what
  // the run says at its end.
  std::string log;
  for (const std::string& note : m.summary.notes)
    log += "fpbench: note: " + note + "\n";
  for (const std::string& line : summary_lines(m.summary)) {
    std::fprintf(stderr, "%s\n", line.c_str());
    log += line + "\n";
  }
  for (const std::string& f : m.summary.failures) {
    std::fprintf(stderr, "fpbench: failed: %s\n", f.c_str());
    log += "fpbench: failed: " + f + "\n";
  }
  FPBENCH_TRY(write_text(options.out_dir + "/run.log", log));
  // The metrics asked for that the samples hold (a counter this machine
  // cannot read is left out with a note, and syscalls_all comes with
  // syscalls without being asked for).
  const auto present = reports::metrics_present(m.summary.records);
  for (const std::string& metric : configured_metrics(config)) {
    if (std::find(present.begin(), present.end(), metric) != present.end())
      m.metrics.push_back(metric);
  }
  return m;
}

Result<SelfRun> run_self(const std::string& program,
                         const std::vector<std::string>& args) {
  std::vector<std::string> argv = {program};
  argv.insert(argv.end(), args.begin(), args.end());
  FPBENCH_ASSIGN_OR_RETURN(const ProcessResult r, run_process(argv));
  std::fputs(r.err.c_str(), stderr);
  if (r.term_signal != 0 || r.timed_out) {
    return internal_error(
        fmt::format("{} {}: {}", program, args.front(), r.status_text()));
  }
  return SelfRun{r.exit_code, r.out};
}

Result<void> write_text(const std::string& path, const std::string& text) {
  return write_file_atomically(path, text);
}

std::string store_location(const ProjectConfig& config,
                           const std::string& top) {
  const std::string& store = config.history.store;
  if (store.rfind("postgres://", 0) == 0 ||
      store.rfind("postgresql://", 0) == 0 || fs::path(store).is_absolute())
    return store;
  return (fs::path(top) / store).string();
}

}  // namespace project_detail
}  // namespace fpbench::harness
