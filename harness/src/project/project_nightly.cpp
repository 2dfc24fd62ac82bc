// fpbench nightly: one commit measured and recorded, change points
// detected, new regressions bisected and alerted on (project.hpp).

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/bisect.hpp"
#include "fpbench/harness/project.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/bisect_report.hpp"
#include "project/project_steps.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;
using namespace project_detail;
using Clock = std::chrono::steady_clock;

// A regression change point among the --since runs of one metric's series.
struct Regression {
  std::string benchmark;  // as the history names it, "BM_Decode 4096"
  std::string metric;
  double change_pct = 0;
  std::string commit;
  std::string last_good_commit;
  // What the bisect found: the commit, or why there is none.
  nlohmann::json bisect = nullptr;
};

std::vector<Regression> regressions_in(const nlohmann::json& detect,
                                       const std::string& metric) {
  std::vector<Regression> out;
  if (!detect.contains("series")) return out;
  for (const auto& s : detect["series"]) {
    for (const auto& c : s.value("change_points", nlohmann::json::array())) {
      if (!c.value("regression", false) || !c.value("selected", false))
        continue;
      Regression r;
      r.benchmark = s.value("benchmark", "");
      r.metric = metric;
      r.change_pct = c.value("magnitude_pct", 0.0);
      r.commit = c.value("commit", "");
      r.last_good_commit = c.value("last_good_commit", "");
      out.push_back(std::move(r));
    }
  }
  return out;
}

// The entry that measures a benchmark of the history: a command's rows
// carry its name; a Google Benchmark name is the first gbench entry's whose
// filter matches it; anything else the first node or scenarios entry's.
const BenchmarkEntry* owner_of(const ProjectConfig& config,
                               const reports::BenchmarkKey& key) {
  for (const BenchmarkEntry& e : config.benchmarks) {
    if (e.kind == "command" && e.name == key.filename) return &e;
  }
  const std::string gbench_name = key.configuration.empty()
                                      ? key.filename
                                      : key.filename + "/" + key.configuration;
  for (const BenchmarkEntry& e : config.benchmarks) {
    if (e.kind != "gbench") continue;
    bool selected = e.selectors.empty();
    for (const std::string& pattern : e.selectors) {
      try {
        if (std::regex_search(gbench_name,
                              std::regex(pattern, std::regex::extended)))
          selected = true;
      } catch (const std::regex_error&) {
      }
    }
    if (selected) return &e;
  }
  for (const BenchmarkEntry& e : config.benchmarks) {
    if (e.kind == "node" || e.kind == "scenarios") return &e;
  }
  return nullptr;
}

// "level=1 size=big" as (name, value) pairs.
std::vector<std::pair<std::string, std::string>> assignments(
    const std::string& configuration) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream words(configuration);
  for (std::string word; words >> word;) {
    const std::size_t eq = word.find('=');
    if (eq != std::string::npos)
      out.emplace_back(word.substr(0, eq), word.substr(eq + 1));
  }
  return out;
}

// The bisect of one regression: the entry's program, narrowed to the one
// benchmark, between the last good commit and the commit.
Result<BisectOptions> bisect_options(const ProjectConfig& config,
                                     const NightlyOptions& options,
                                     const std::string& top,
                                     const Regression& r) {
  const reports::BenchmarkKey key =
      reports::BenchmarkKey::from_text(r.benchmark);
  const BenchmarkEntry* entry = owner_of(config, key);
  if (entry == nullptr) {
    return bad_input_error("no [[benchmarks]] entry measures " + r.benchmark);
  }
  BisectOptions b;
  b.repo = top;
  b.good = r.last_good_commit;
  b.bad = r.commit;
  b.build_command = build_command(config.build);
  b.cache_dir = options.project.cache_dir;
  b.metric = r.metric;
  b.program = entry->program;
  FPBENCH_ASSIGN_OR_RETURN(
      b.run, entry_run_options(*entry, config.gate, options.project.defaults,
                               top, top));
  b.run.old_program.reset();
  b.run.new_program.reset();
  b.run.old_working_dir.reset();
  b.run.new_working_dir.reset();
  b.run.metrics = {r.metric};
  b.progress = options.project.defaults.progress;
  const auto values = assignments(key.configuration);
  if (entry->kind == "gbench") {
    b.run.selectors = {exact_gbench_filter(
        key.configuration.empty() ? key.filename
                                  : key.filename + "/" + key.configuration)};
  } else if (entry->kind == "command") {
    for (CommandParam& p : b.run.command.params) {
      for (const auto& [name, value] : values) {
        if (name == p.name) p.values = {value};
      }
    }
  } else {
    b.run.selectors = {key.filename};
    b.run.sets.clear();
    for (const auto& [name, value] : values)
      b.run.sets.push_back(name + "=" + value);
  }
  return b;
}

nlohmann::json bisect_one(const ProjectConfig& config,
                          const NightlyOptions& options, const std::string& top,
                          const Regression& r, const std::string& stem) {
  if (r.last_good_commit.empty()) {
    return {{"found", false},
            {"why", "the change point is the series' first run"}};
  }
  auto b = bisect_options(config, options, top, r);
  if (!b) return {{"found", false}, {"why", b.error().message}};
  std::fprintf(stderr, "fpbench nightly: bisecting %s (%s) between %s and %s\n",
               r.benchmark.c_str(), r.metric.c_str(),
               r.last_good_commit.substr(0, 12).c_str(),
               r.commit.substr(0, 12).c_str());
  auto report = run_bisect(*b);
  if (!report) return {{"found", false}, {"why", report.error().message}};
  (void)write_text(stem + ".md", reports::format_bisect_markdown(*report));
  (void)write_text(stem + ".json", reports::format_bisect_json(*report));
  const auto ranked = reports::ranked_bisect_changes(*report);
  if (ranked.empty()) {
    return {{"found", false},
            {"why", "the bisect found no single commit (see " + stem + ".md)"},
            {"report", stem + ".md"}};
  }
  const reports::BisectChange& c = *ranked.front();
  nlohmann::json out = {{"found", true},
                        {"commit", c.sha},
                        {"subject", c.subject},
                        {"report", stem + ".md"}};
  // Where the change went: the part that moved most (a function, a
  // system call or an allocating call site).
  if (c.explanation && !c.explanation->parts.empty()) {
    out["where"] = c.explanation->parts.front().name;
    out["where_kind"] = c.explanation->part_kind;
  }
  return out;
}

std::string alert_markdown(const std::string& sha, const std::string& machine,
                           const std::vector<Regression>& regressions) {
  std::string md =
      fmt::format("## fpbench nightly: {} new regression{} at `{}`{}\n\n",
                  regressions.size(), regressions.size() == 1 ? "" : "s",
                  sha.substr(0, 12), machine.empty() ? "" : " on " + machine);
  md += "| Benchmark | Metric | Change | Between | Commit found |\n";
  md += "|---|---|---:|---|---|\n";
  for (const Regression& r : regressions) {
    std::string found = r.bisect.value("why", std::string("not bisected"));
    if (r.bisect.value("found", false)) {
      found = fmt::format("`{}` {}",
                          r.bisect["commit"].get<std::string>().substr(0, 12),
                          r.bisect.value("subject", ""));
      if (r.bisect.contains("where")) {
        found += fmt::format(" ({}: `{}`)",
                             r.bisect["where_kind"].get<std::string>(),
                             r.bisect["where"].get<std::string>());
      }
    }
    md += fmt::format("| {} | {} | {:+.2f}% | `{}`..`{}` | {} |\n", r.benchmark,
                      r.metric, r.change_pct, r.last_good_commit.substr(0, 12),
                      r.commit.substr(0, 12), found);
  }
  return md;
}

nlohmann::json alert_json(const std::string& sha, const std::string& machine,
                          const std::vector<Regression>& regressions) {
  nlohmann::json list = nlohmann::json::array();
  for (const Regression& r : regressions) {
    list.push_back({{"benchmark", r.benchmark},
                    {"metric", r.metric},
                    {"change_pct", r.change_pct},
                    {"last_good_commit", r.last_good_commit},
                    {"commit", r.commit},
                    {"bisect", r.bisect}});
  }
  return {{"commit", sha}, {"machine", machine}, {"regressions", list}};
}

}  // namespace

Result<int> run_nightly(const ProjectConfig& config,
                        const NightlyOptions& options) {
  const ProjectOptions& p = options.project;
  FPBENCH_ASSIGN_OR_RETURN(const std::string top,
                           bisect_detail::repository_top(p.repo));
  FPBENCH_ASSIGN_OR_RETURN(
      const std::string sha,
      bisect_detail::resolve_commit(top, options.ref, "the commit"));
  FPBENCH_ASSIGN_OR_RETURN(const auto info,
                           bisect_detail::describe_commit(top, sha));
  std::error_code ec;
  fs::create_directories(p.out_dir, ec);
  if (ec) return io_error("--out " + p.out_dir + ": " + ec.message());
  const std::string store = store_location(config, top);
  const std::string& machine = config.history.machine;

  bisect_detail::BuildCache cache(
      top, p.cache_dir.value_or(bisect_detail::default_cache_root()),
      build_command(config.build));
  FPBENCH_TRY(cache.checkout(sha));
  FPBENCH_ASSIGN_OR_RETURN(const std::string dir,
                           build_side(cache, sha, "the commit " + options.ref));
  // Each entry against itself: the old side is a control run in the same
  // schedule; the history keeps the new side's series.
  FPBENCH_ASSIGN_OR_RETURN(const Measured m,
                           measure_entries(config, p, dir, dir, false));
  if (m.summary.records.empty()) {
    return benchmark_error("no benchmark measured anything; see " + p.out_dir +
                           "/run.log");
  }
  const auto detect_args = [&](const std::string& metric, const char* format) {
    std::vector<std::string> args = {
        "history",  "detect", "--db",    store,
        "--metric", metric,   "--since", std::to_string(config.history.since),
        "--format", format};
    if (!machine.empty()) args.insert(args.end(), {"--machine", machine});
    return args;
  };
  // The regressions the history showed before tonight's run: those were
  // alerted on already (a noisy series' change point stays among the
  // --since runs for several nights).
  std::set<std::tuple<std::string, std::string, std::string>> known;
  if (fs::exists(store)) {
    for (const std::string& metric : m.metrics) {
      ProcessOptions quiet;
      auto d = run_process(
          [&] {
            std::vector<std::string> argv = {p.self};
            for (std::string& a : detect_args(metric, "json"))
              argv.push_back(std::move(a));
            return argv;
          }(),
          quiet);
      if (!d || d->exit_code > kExitRegression) continue;
      const auto doc = nlohmann::json::parse(d->out, nullptr, false);
      if (doc.is_discarded()) continue;
      for (const Regression& r : regressions_in(doc, metric))
        known.emplace(r.benchmark, r.metric, r.commit);
    }
  }

  std::vector<std::string> record = {"history",
                                     "record",
                                     m.samples,
                                     "--db",
                                     store,
                                     "--commit",
                                     sha,
                                     "--date",
                                     info.date,
                                     "--context",
                                     p.out_dir + "/samples.json"};
  if (!machine.empty()) record.insert(record.end(), {"--machine", machine});
  if (options.new_machine_class) record.emplace_back("--new-machine-class");
  FPBENCH_ASSIGN_OR_RETURN(const SelfRun recorded, run_self(p.self, record));
  std::fputs(recorded.out.c_str(), stderr);
  if (recorded.exit_code != 0) {
    return Error(
        recorded.exit_code == kExitBadUsage ? ErrorKind::kBadInput
                                            : ErrorKind::kIo,
        "fpbench history record failed; the samples are kept in " + m.samples);
  }

  // Each metric on its own; the worst error wins over a regression.
  std::vector<Regression> regressions;
  int worst = kExitOk;
  for (const std::string& metric : m.metrics) {
    const std::string suffix = metric == "wall" ? "" : "-" + metric;
    for (const char* format : {"markdown", "json"}) {
      FPBENCH_ASSIGN_OR_RETURN(const SelfRun d,
                               run_self(p.self, detect_args(metric, format)));
      if (d.exit_code > kExitRegression) worst = std::max(worst, d.exit_code);
      const bool json = std::string_view(format) == "json";
      FPBENCH_TRY(write_text(
          p.out_dir + "/detect" + suffix + (json ? ".json" : ".md"), d.out));
      if (!json) {
        std::fputs(d.out.c_str(), stdout);
        continue;
      }
      const auto doc = nlohmann::json::parse(d.out, nullptr, false);
      if (doc.is_discarded()) continue;
      for (Regression& r : regressions_in(doc, metric)) {
        if (known.count({r.benchmark, r.metric, r.commit}) == 0)
          regressions.push_back(std::move(r));
      }
    }
  }

  // The bisects, oldest change first, until the budget is spent.
  const auto started = Clock::now();
  for (std::size_t i = 0; i < regressions.size(); ++i) {
    Regression& r = regressions[i];
    if (Clock::now() - started > config.history.bisect_budget) {
      r.bisect = {{"found", false},
                  {"why", "the night's bisect budget was spent"}};
      continue;
    }
    r.bisect = bisect_one(config, options, top, r,
                          fmt::format("{}/bisect-{}", p.out_dir, i + 1));
  }

  // The history's report per metric (JSON of wall time too) and the plots
  // of the benchmarks the config names.
  for (const std::string& metric : m.metrics) {
    const std::string suffix = metric == "wall" ? "" : "-" + metric;
    std::vector<std::pair<std::string, std::vector<std::string>>> steps = {
        {"report" + suffix + ".md",
         {"history", "report", "--db", store, "--metric", metric, "--format",
          "markdown"}}};
    if (metric == "wall") {
      steps.push_back(
          {"report.json",
           {"history", "report", "--db", store, "--format", "json"}});
    }
    for (const auto& [file, args] : steps) {
      FPBENCH_ASSIGN_OR_RETURN(const SelfRun r, run_self(p.self, args));
      if (r.exit_code > kExitRegression) worst = std::max(worst, r.exit_code);
      FPBENCH_TRY(write_text(p.out_dir + "/" + file, r.out));
    }
    if (config.history.plot.empty()) continue;
    std::vector<std::string> plot = {"history", "plot",     "--db",
                                     store,     "--metric", metric};
    if (!machine.empty()) plot.insert(plot.end(), {"--machine", machine});
    for (const std::string& f : config.history.plot)
      plot.insert(plot.end(), {"--filter", f});
    plot.push_back(p.out_dir + "/history" + suffix + ".png");
    auto drawn = run_self(p.self, plot);
    if (!drawn || drawn->exit_code != 0)
      std::fprintf(stderr, "fpbench nightly: the plot of %s failed\n",
                   metric.c_str());
  }

  std::vector<std::string> html = {"history", "html", p.out_dir + "/dashboard",
                                   "--db", store};
  if (!machine.empty()) html.insert(html.end(), {"--machine", machine});
  auto dashboard = run_self(p.self, html);
  if (!dashboard || dashboard->exit_code != 0)
    std::fprintf(stderr, "fpbench nightly: the dashboard was not written\n");

  if (!regressions.empty()) {
    const std::string md = alert_markdown(sha, machine, regressions);
    const std::string json =
        alert_json(sha, machine, regressions).dump(2) + "\n";
    FPBENCH_TRY(write_text(p.out_dir + "/alert.md", md));
    FPBENCH_TRY(write_text(p.out_dir + "/alert.json", json));
    std::fputs(md.c_str(), stdout);
    if (config.history.notify) {
      const std::string script =
          "exec < " + bisect_detail::shell_quote(p.out_dir + "/alert.json") +
          "\n" + *config.history.notify;
      auto sent = run_process({"/bin/sh", "-c", script});
      if (!sent || !sent->ok()) {
        std::fprintf(
            stderr,
            "fpbench nightly: the notify command failed (%s); the "
            "alert is in %s/alert.md\n",
            sent ? sent->failure_text().c_str() : sent.error().message.c_str(),
            p.out_dir.c_str());
      }
    }
  }
  if (worst > kExitRegression) {
    return Error(worst == kExitBadUsage ? ErrorKind::kBadInput : ErrorKind::kIo,
                 "a history command failed; see its message above");
  }
  return regressions.empty() ? kExitOk : kExitRegression;
}

}  // namespace fpbench::harness
