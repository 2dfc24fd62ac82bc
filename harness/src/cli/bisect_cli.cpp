// fpbench bisect --good REV --bad REV --build 'CMD'
//                (--scenario-program PATH | --gbench-program PATH |
//                 --command-line 'CMD')
//                [SELECTION...] [--metric M] [--param N=V,...] [--shell]
//                [--set K=V] [--filter T] [--exclude T] [--cache DIR]
//                [--build-jobs N] [--repo DIR] [--format text|markdown|json]
//                [--json FILE] [--look-every N] [--max-runs N]
//
// Exit 0: a change was found, as a rule the first bad commit (also when
// every change found moves back towards good: the text then names no first
// bad commit); 1: good and bad do not differ (not reproduced); 2: bad usage
// or input; 3: an end does not build, its benchmark fails, or skipped
// commits hide the first change.

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "bisect_history.hpp"
#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/file_write.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/bisect.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/benchmark_key.hpp"
#include "fpbench/reports/bisect_report.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {
namespace {

constexpr std::initializer_list<OutputFormat> kFormats = {
    OutputFormat::kText, OutputFormat::kMarkdown, OutputFormat::kJson};

class Bisect : public Subcommand {
 public:
  explicit Bisect(CLI::App& app) {
    auto& o = options_;
    o.run.preload = default_preload_library();
    o.run.scenario_program = default_scenario_program();
    command_ = app.add_subcommand(
        "bisect",
        "Find the commit that changed a benchmark's metric, building each "
        "commit in a worktree of its own");
    command_->add_option("selection", o.run.selectors,
                         "As fpbench run takes it: scenarios, benchmark "
                         "regular expressions; it must select one benchmark");
    command_->add_option("--good", o.good, "A revision measuring as before")
        ->group(kGroupPrograms);
    command_->add_option("--bad", o.bad, "A later revision measuring changed")
        ->group(kGroupPrograms);
    command_
        ->add_option("--build", o.build_command,
                     "Shell command building a commit, run in its "
                     "worktree (e.g. 'cmake -S . -B build && cmake "
                     "--build build')")
        ->group(kGroupPrograms);
    command_
        ->add_option("--scenario-program", scenarios_,
                     "fpbench-scenarios, relative to each worktree")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--scenarios", "--scenario-program",
                     scenarios_);
    command_
        ->add_option("--gbench-program", gbench_,
                     "A Google Benchmark binary, relative to each "
                     "worktree")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--gbench", "--gbench-program", gbench_);
    command_
        ->add_option("--command-line", command_text_,
                     "A command run in each worktree, the whole process "
                     "being the operation ({NAME} takes the --param values)")
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--command", "--command-line", command_text_);
    command_
        ->add_option("--param", params_,
                     "With --command-line: NAME=V1,V2,... (select one value)")
        ->allow_extra_args(false)
        ->group(kGroupPrograms);
    command_
        ->add_flag("--shell", o.run.command.shell,
                   "With --command-line: run it with /bin/sh -c")
        ->group(kGroupPrograms);
    command_->add_option("--set", o.run.sets, "key=value for the scenarios")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--filter", o.run.filters,
                     "Keep scenarios whose name contains TEXT")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--exclude", o.run.excludes,
                     "Drop scenarios whose name contains TEXT")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
    command_
        ->add_option("--metric", o.metric,
                     "One of " + reports::metric_names_text())
        ->capture_default_str()
        ->group(kGroupMetrics);
    command_
        ->add_option("--cache", cache_,
                     "Worktrees and builds, kept across bisects (default "
                     "$XDG_CACHE_HOME/fpbench/bisect)")
        ->group(kGroupPrograms);
    command_->add_option("--build-jobs", o.jobs, "Commits built at once")
        ->capture_default_str()
        ->group(kGroupPrograms);
    add_old_spelling(*command_, "--jobs", "--build-jobs", o.jobs);
    add_old_spelling(*command_, "-j", "--build-jobs", o.jobs);
    command_->add_option("--repo", o.repo, "A folder inside the repository")
        ->capture_default_str()
        ->group(kGroupPrograms);
    command_
        ->add_option("--format", format_,
                     "Output: " + output_formats_text(kFormats))
        ->capture_default_str()
        ->group(kGroupOutput);
    command_->add_option("--json", json_path_, "Also write the JSON here")
        ->group(kGroupOutput);
    command_
        ->add_option("--look-every", o.wall_runs,
                     "Wall time: samples per side and end at a step's first "
                     "look, and added at each look after")
        ->capture_default_str()
        ->group(kGroupSchedule);
    add_old_spelling(*command_, "--wall-runs", "--look-every", o.wall_runs);
    command_
        ->add_option("--max-runs", o.wall_max_runs,
                     "Wall time: samples per side before a step is skipped "
                     "as undecided")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--min-time", o.run.min_time_s,
                     "Seconds each timed sample measures for")
        ->capture_default_str()
        ->group(kGroupSchedule);
    command_
        ->add_option("--counter-iterations", o.run.counter_iterations,
                     "Iterations of a counting sample")
        ->group(kGroupMetrics);
    command_
        ->add_flag("--no-realtime", no_realtime_,
                   "Time samples at normal priority")
        ->group(kGroupSchedule);
    command_->add_flag("--no-progress", no_progress_, "No line per step")
        ->group(kGroupOutput);
    command_
        ->add_option("--from-history", history_db_,
                     "Bisect the latest change point `fpbench history "
                     "detect` finds in this store (with --benchmark)")
        ->group(kGroupSelection);
    command_
        ->add_option("--benchmark", history_benchmark_,
                     "With --from-history: the benchmark's series")
        ->group(kGroupSelection);
    command_
        ->add_flag("--no-explain", no_explain_,
                   "Do not measure each change found once more to say "
                   "where it went (by function, call or call site)")
        ->group(kGroupOutput);
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    auto& o = options_;
    const int sources = int(!scenarios_.empty()) + int(!gbench_.empty()) +
                        int(!command_text_.empty());
    if (sources != 1) {
      return usage_error(
          "bisect measures one source: --scenario-program PATH, "
          "--gbench-program PATH or --command-line 'CMD'");
    }
    FPBENCH_TRY(range_from_flags());
    if (o.good.empty() || o.bad.empty()) {
      return usage_error("bisect needs --good REV and --bad REV");
    }
    if (o.build_command.empty()) {
      return usage_error("bisect needs --build 'CMD' to build each commit");
    }
    FPBENCH_ASSIGN_OR_RETURN(const auto format,
                             parse_output_format(format_, kFormats));
    if (o.jobs < 1) return usage_error("--build-jobs must be at least 1");
    if (o.wall_runs < 2 || o.wall_max_runs < o.wall_runs) {
      return usage_error(
          "--look-every must be at least 2, --max-runs at least "
          "--look-every");
    }
    o.run.source = !scenarios_.empty() ? "scenarios"
                   : !gbench_.empty()  ? "gbench"
                                       : "command";
    o.program = !scenarios_.empty() ? scenarios_
                : !gbench_.empty()  ? gbench_
                                    : command_text_;
    for (const std::string& text : params_) {
      FPBENCH_ASSIGN_OR_RETURN(auto param, harness::parse_command_param(text));
      o.run.command.params.push_back(std::move(param));
    }
    if (!cache_.empty()) o.cache_dir = cache_;
    o.run.priority =
        no_realtime_ ? Priority::kNormal : Priority::kRealtimeAlone;
    o.progress = !no_progress_;
    o.explain = !no_explain_;
    FPBENCH_ASSIGN_OR_RETURN(const auto report, harness::run_bisect(o));
    if (!json_path_.empty()) {
      FPBENCH_TRY(write_file_atomically(json_path_,
                                        reports::format_bisect_json(report)));
    }
    const std::string text = format == OutputFormat::kJson
                                 ? reports::format_bisect_json(report)
                             : format == OutputFormat::kMarkdown
                                 ? reports::format_bisect_markdown(report)
                                 : reports::format_bisect_text(report);
    FPBENCH_TRY(write_stdout(text));
    if (!report.reproduced) return kExitRegression;
    return report.changes.empty() ? kExitFailure : kExitOk;
  }

 private:
  // "encoding='utf8' size=1024" as --set encoding=utf8 --set size=1024.
  static std::vector<std::string> sets_of(const std::string& configuration) {
    std::vector<std::string> out;
    std::istringstream words(configuration);
    for (std::string w; words >> w;) {
      std::erase(w, '\'');
      out.push_back(w);
    }
    return out;
  }

  // --from-history DB --benchmark NAME: good, bad and, without a selection,
  // the benchmark, from the change point history detect finds.
  Result<void> range_from_flags() {
    auto& o = options_;
    if (history_db_.empty()) {
      if (!history_benchmark_.empty())
        return usage_error("--benchmark goes with --from-history DB");
      return {};
    }
    if (!o.good.empty() || !o.bad.empty()) {
      return usage_error(
          "--from-history takes the range from the history: no --good or "
          "--bad with it");
    }
    if (history_benchmark_.empty())
      return usage_error("--from-history needs --benchmark NAME");
    FPBENCH_ASSIGN_OR_RETURN(auto range,
                             range_from_history(history_program(), history_db_,
                                                history_benchmark_, o.metric));
    o.good = range.good;
    o.bad = range.bad;
    if (o.run.selectors.empty()) {
      const auto key = reports::BenchmarkKey::from_text(range.benchmark);
      if (!gbench_.empty()) {
        o.run.selectors.push_back(harness::exact_gbench_filter(
            key.configuration.empty()
                ? key.filename
                : key.filename + "/" + key.configuration));
      } else if (!scenarios_.empty()) {
        o.run.selectors.push_back(key.filename);
        if (o.run.sets.empty()) o.run.sets = sets_of(key.configuration);
      }
    }
    std::fprintf(stderr, "fpbench: bisect %s..%s: %s\n",
                 o.good.substr(0, 12).c_str(), o.bad.substr(0, 12).c_str(),
                 range.summary.c_str());
    return {};
  }

  CLI::App* command_ = nullptr;
  harness::BisectOptions options_;
  std::string scenarios_;
  std::string gbench_;
  std::string command_text_;
  std::vector<std::string> params_;
  std::string cache_;
  std::string format_ = "text";
  std::string json_path_;
  bool no_realtime_ = false;
  bool no_progress_ = false;
  bool no_explain_ = false;
  std::string history_db_;
  std::string history_benchmark_;
};

}  // namespace

std::unique_ptr<Subcommand> add_bisect(CLI::App& app) {
  return std::make_unique<Bisect>(app);
}

}  // namespace fpbench::cli
