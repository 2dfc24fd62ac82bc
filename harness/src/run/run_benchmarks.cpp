#include "fpbench/harness/run_benchmarks.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <set>

#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/stats/rate_comparison.hpp"
#include "run/machine_context.hpp"
#include "run/merged_plan.hpp"
#include "run/run_checks.hpp"

namespace fpbench::harness {
namespace {

using detail::check_options;
using detail::sample_cpus;
using detail::samples_path;
using reports::kSampleCsvHeader;
using reports::parse_samples_csv;
using reports::read_input;

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
  FPBENCH_ASSIGN_OR_RETURN(const std::string text, read_input(path));
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

// --- the stages of run_benchmarks, in order

// Check: what can be refused before any program runs. Returns the kind of
// source and the CPUs every sample is pinned to.
Result<std::pair<const SourceType*, std::vector<int>>> check(
    const RunOptions& o) {
  FPBENCH_TRY(check_options(o));
  const SourceType* type = find_source_type(o.source);
  FPBENCH_TRY(type->check_sets(o));
  FPBENCH_ASSIGN_OR_RETURN(std::vector<int> cpus, sample_cpus(o));
  // A run that could not keep its results is better refused than measured.
  if (o.json) FPBENCH_TRY(check_writable("--json", *o.json));
  FPBENCH_TRY(
      check_writable(o.resume ? "--resume" : "-o/--output", samples_path(o)));
  return std::pair{type, std::move(cpus)};
}

// Plan: the kind's passes, the first one given the stopping rule.
Result<Plan> make_plan(const SourceType& type, const RunOptions& o) {
  // Allocating call sites come from the callgrind pass.
  std::optional<RunOptions> with_profile;
  if (o.explain && wants(o, "allocs") && !wants(o, "instructions")) {
    with_profile = o;
    with_profile->metrics.emplace_back("instructions");
  }
  FPBENCH_ASSIGN_OR_RETURN(Plan plan,
                           type.plan(with_profile ? *with_profile : o));
  if (plan.passes.empty())
    return usage_error("--metric names nothing to measure");
  Pass& first = plan.passes.front();
  if (o.wall_needs_more) {
    first.needs_more = o.wall_needs_more;
  } else if (o.target_accuracy_pct > 0) {
    first.needs_more = [&o](const std::vector<BenchmarkValues>& all) {
      std::vector<reports::BenchmarkKey> open;
      for (const BenchmarkValues& b : all) {
        const auto c = stats::compare_rates(b.values[0], b.values[1]);
        if (!c.test || std::fabs(c.half_width_pct[0]) > o.target_accuracy_pct) {
          open.push_back(b.key);
        }
      }
      return open;
    };
  }
  return plan;
}

// Select: the jobs of both sides the selection keeps. What a source could
// not list is said now, before the first sample, and again as the run's
// failures (returned in `unlisted`).
Result<std::vector<std::string>> select(const SourceType& type,
                                        const Pass& first, const RunOptions& o,
                                        std::vector<std::string>& unlisted,
                                        std::vector<std::string>& one_sided) {
  FPBENCH_ASSIGN_OR_RETURN(std::vector<std::string> jobs,
                           type.select(first, o));
  if (jobs.empty()) {
    // Node scripts can be selected and still have nothing to run.
    std::string why;
    for (const std::string& s : first.sources[0]->skipped()) why += "\n  " + s;
    return usage_error(
        why.empty() ? "no benchmark is left to run after --filter/--exclude"
                    : "no configuration is left to run:" + why);
  }
  for (const std::string& why : first.one_sided) one_sided.push_back(why);
  for (const SampleSource* source : first.sources) {
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
  return jobs;
}

// Batch: a pass whose sources run a scenario's configurations in shared
// processes gets the batches as its jobs.
void batch(Plan& plan, const std::vector<std::string>& jobs) {
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

// Check the sources: a counter this machine cannot read is said once and
// its pass dropped, the run going on with the other metrics; real-time
// priority that is not permitted is said once.
Result<void> check_sources(Plan& plan) {
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
  return {};
}

// The output, opened: with --resume, the records it holds already.
struct Output {
  SampleWriter writer;
  std::vector<reports::SampleRecord> resumed;
};

Result<Output> open_output(const SourceType& type, const RunOptions& o,
                           const Plan& plan,
                           const std::vector<std::string>& jobs, bool jsonl) {
  std::vector<reports::SampleRecord> resumed;
  if (o.resume) {
    FPBENCH_ASSIGN_OR_RETURN(resumed, load_resumed(*o.resume, jsonl));
    FPBENCH_TRY(type.check_resumed(*o.resume, resumed, jobs,
                                   *plan.passes.front().sources[0]));
  }
  const bool fresh_file =
      !o.resume || ::access(o.resume->c_str(), F_OK) != 0 || [&] {
        const auto t = read_input(*o.resume);
        return !t || t->empty();
      }();
  FPBENCH_ASSIGN_OR_RETURN(
      SampleWriter writer,
      SampleWriter::open(samples_path(o), o.resume.has_value()));
  if (fresh_file && !jsonl) FPBENCH_TRY(writer.write(kSampleCsvHeader));
  return Output{std::move(writer), std::move(resumed)};
}

// Summarise: the run's failures, notes and skipped jobs; the --json file.
Result<void> summarise(const RunOptions& o, const Plan& plan,
                       const std::vector<std::string>& unlisted,
                       const std::vector<reports::SampleRecord>& resumed,
                       const nlohmann::json& shard, RunSummary& summary) {
  summary.failures.insert(summary.failures.begin(), unlisted.begin(),
                          unlisted.end());
  summary.notes = plan.notes;
  std::set<std::string> skipped;
  for (const Pass& pass : plan.passes) {
    for (const SampleSource* source : pass.sources) {
      for (std::string& why : source->skipped()) skipped.insert(std::move(why));
    }
  }
  summary.skipped.assign(skipped.begin(), skipped.end());
  collect_not_converged(o, summary);
  if (!o.json) return {};
  // Read back what the output holds: the resumed samples and the new ones.
  std::vector<reports::SampleRecord> all = resumed;
  all.insert(all.end(), summary.records.begin(), summary.records.end());
  const std::vector<detail::MeasuredProgram> programs = {
      {"old", o.old_program.value_or(o.scenario_program), o.old_impl},
      {"new", o.new_program.value_or(o.scenario_program), o.new_impl}};
  return write_json(*o.json, all, programs, shard, detail::query_timeout(o));
}

}  // namespace

std::chrono::milliseconds default_sample_timeout(double min_time_s) {
  const double seconds = std::max(60.0, 20 * std::min(min_time_s, 1e6));
  return std::chrono::milliseconds(static_cast<std::int64_t>(seconds * 1000));
}

Result<RunSummary> run_benchmarks(const RunOptions& o) {
  return run_benchmarks(std::vector<RunOptions>{o});
}

Result<RunSummary> run_benchmarks(const std::vector<RunOptions>& entries) {
  if (entries.empty()) return usage_error("no program to measure");
  // The run's own settings (output, seed, CPUs, budget) are the first's.
  const RunOptions& o = entries.front();
  const bool merged = entries.size() > 1;
  if (merged && (o.resume || o.shard.count != 1 || o.shard_costs)) {
    return usage_error(
        "--resume and --shard measure one program; this run measures " +
        std::to_string(entries.size()));
  }
  const SourceType* type = nullptr;
  std::vector<int> cpus;
  std::vector<detail::SelectedPlan> selected;
  std::vector<std::string> unlisted;
  std::vector<std::string> one_sided;
  for (const RunOptions& e : entries) {
    FPBENCH_ASSIGN_OR_RETURN(auto checked, check(e));
    type = checked.first;
    cpus = std::move(checked.second);
    FPBENCH_ASSIGN_OR_RETURN(Plan plan, make_plan(*type, e));
    FPBENCH_ASSIGN_OR_RETURN(
        std::vector<std::string> jobs,
        select(*type, plan.passes.front(), e, unlisted, one_sided));
    selected.push_back(
        {std::move(plan), std::move(jobs),
         e.source + " " + e.new_program.value_or(e.scenario_program)});
  }
  Plan plan;
  std::vector<std::string> jobs;
  nlohmann::json shard;
  if (merged) {
    FPBENCH_ASSIGN_OR_RETURN(shard, apply_shard(o, jobs));
    for (detail::SelectedPlan& s : selected) batch(s.plan, s.jobs);
    FPBENCH_ASSIGN_OR_RETURN(plan,
                             detail::merge_plans(std::move(selected), jobs));
  } else {
    plan = std::move(selected.front().plan);
    jobs = std::move(selected.front().jobs);
    FPBENCH_ASSIGN_OR_RETURN(shard, apply_shard(o, jobs));
    batch(plan, jobs);
  }
  FPBENCH_TRY(check_sources(plan));
  plan.notes.insert(plan.notes.end(), one_sided.begin(), one_sided.end());

  const bool jsonl =
      std::any_of(entries.begin(), entries.end(), [](const RunOptions& e) {
        return !(e.metrics.size() == 1 && e.metrics[0] == "wall");
      });
  FPBENCH_ASSIGN_OR_RETURN(Output output,
                           open_output(*type, o, plan, jobs, jsonl));
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
  RunSummary summary;
  if (!jobs.empty()) {
    FPBENCH_ASSIGN_OR_RETURN(
        summary,
        run_passes(jobs, plan.passes, ro, output.resumed, output.writer));
  }
  FPBENCH_TRY(summarise(o, plan, unlisted, output.resumed, shard, summary));
  summary.one_sided = std::move(one_sided);
  return summary;
}

std::vector<std::string> summary_lines(const RunSummary& summary) {
  std::vector<std::string> out;
  for (const PassTiming& t : summary.timings) {
    out.push_back("fpbench: " + describe_timing(t));
    if (t.stopping_rule) out.push_back("fpbench: " + describe_runs(t));
  }
  if (summary.budget_spent) {
    out.emplace_back(
        "fpbench: note: the time budget was spent; the run stopped there");
  }
  for (const std::string& line : summary.run_notes)
    out.push_back("fpbench: note: " + line);
  for (const std::string& line : summary.skipped)
    out.push_back("fpbench: note: " + line);
  for (const std::string& line : summary.not_converged)
    out.push_back("fpbench: not converged: " + line);
  return out;
}

}  // namespace fpbench::harness
