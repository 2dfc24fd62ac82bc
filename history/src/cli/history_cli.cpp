// fpbench history record | detect | report | plot | merge | samples: the
// flags; the work is fpbench::history's. Run by fpbench-history.

#include <charconv>
#include <string>
#include <string_view>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/history/history_commands.hpp"
#include "fpbench/history/history_merge.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "history_subcommands.hpp"

namespace fpbench::cli {

void add_series_options(CLI::App* cmd, history::SeriesOptions& o,
                        bool detection, const std::string& metric_help) {
  cmd->add_option("--db", o.db,
                  "History store: an SQLite file, or a postgresql:// URL")
      ->required()
      ->group(kGroupInput);
  cmd->add_option("--metric", o.metric, metric_help)
      ->capture_default_str()
      ->group(kGroupMetrics);
  cmd->add_option("--side", o.side,
                  "Which side's rates: new (the product) or old (the control)")
      ->capture_default_str()
      ->group(kGroupSelection);
  cmd->add_option("--machine", o.machine, "Only this machine")
      ->group(kGroupSelection);
  cmd->add_option("--filter", o.filters,
                  "Keep benchmarks whose name contains TEXT (repeatable)")
      ->allow_extra_args(false)
      ->group(kGroupSelection);
  cmd->add_option("--exclude", o.excludes,
                  "Drop benchmarks whose name contains TEXT (repeatable)")
      ->allow_extra_args(false)
      ->group(kGroupSelection);
  add_old_spelling(*cmd, "--benchmark", "--filter", o.filters)
      ->allow_extra_args(false);
  if (!detection) return;
  cmd->add_option("--window", o.window,
                  "Points per window of the change-point split phase")
      ->capture_default_str()
      ->check(whole_number())
      ->group(kGroupDecisions);
  cmd->add_option("--p-value", o.p_value,
                  "Largest p-value of a reported change point")
      ->capture_default_str()
      ->group(kGroupDecisions);
  cmd->add_option("--min-segment", o.min_segment,
                  "Fewest runs on either side of a change point (at least 2); "
                  "a nightly's --since must exceed it")
      ->capture_default_str()
      ->check(whole_number())
      ->group(kGroupDecisions);
  cmd->add_option("--min-magnitude", o.min_magnitude_pct,
                  "Smallest |change| reported, in percent")
      ->capture_default_str()
      ->group(kGroupDecisions);
}

Result<void> refuse_empty_values(const CLI::App& cmd) {
  for (const CLI::Option* option : cmd.get_options()) {
    if (option->count() == 0) continue;
    for (const std::string& value : option->results()) {
      if (value.find_first_not_of(" \t\n\r\f\v") == std::string::npos) {
        // A hidden old spelling has no name of its own in CLI11.
        const std::string name = option->get_lnames().empty()
                                     ? option->get_name()
                                     : "--" + option->get_lnames().front();
        return usage_error(name + (value.empty() ? ": empty" : ": blank") +
                           " value (leave the flag out for its default)");
      }
    }
  }
  return {};
}

namespace {

// A count of runs: digits only, at least 1 (CLI11 would wrap -1 into a
// size_t, or read "-1" as an unknown flag).
Result<std::size_t> parse_run_count(std::string_view flag,
                                    const std::string& text) {
  std::size_t n = 0;
  const char* end = text.data() + text.size();
  const auto [at, ec] = std::from_chars(text.data(), end, n);
  if (ec == std::errc::result_out_of_range) {
    return usage_error(std::string(flag) + " " + text + ": too many runs");
  }
  if (ec != std::errc() || at != end || text.front() == '+' || n == 0) {
    return usage_error(std::string(flag) +
                       " must be a number of runs, at least 1, not '" + text +
                       "'");
  }
  return n;
}

class History : public Subcommand {
 public:
  explicit History(CLI::App& app) : history_(&app) {
    history_->require_subcommand(1);

    record_ = history_->add_subcommand("record",
                                       "Record one run's samples (every "
                                       "metric, with its source) in the store");
    auto& r = record_options_;
    record_
        ->add_option("file", r.file,
                     "Samples CSV (compare.js format) or fpbench's JSON Lines "
                     "(fpbench run --metric), or - for stdin")
        ->required();
    record_
        ->add_option("--db", r.db,
                     "History store: an SQLite file, or a postgresql:// URL")
        ->required()
        ->group(kGroupInput);
    record_->add_option("--commit", r.commit, "Commit the run measured")
        ->required()
        ->group(kGroupInput);
    record_
        ->add_option("--date", r.date,
                     "ISO 8601 date of the commit or run (default: now, UTC)")
        ->group(kGroupInput);
    record_
        ->add_option(
            "--machine", r.machine,
            "Machine name (default: the --context's, else this host's name)")
        ->group(kGroupInput);
    record_
        ->add_option(
            "--context", r.context,
            "The --json file of fpbench run: the run's machine fingerprint "
            "(default: this host's CPU, cores and kernel)")
        ->group(kGroupInput);
    record_
        ->add_flag("--new-machine-class", r.new_machine_class,
                   "The machine changed (CPU, kernel, compiler, ...): start a "
                   "new class "
                   "of it instead of refusing the run")
        ->group(kGroupInput);

    detect_ = history_->add_subcommand(
        "detect",
        "Find change points; exit 1 if a regression lies in the --since runs");
    add_series_options(
        detect_, detect_options_.series, true,
        "wall (ops/s), cpu, faults, instructions, syscalls, syscalls_all, "
        "syscalls:NAME (per operation, a rise is a regression), or all");
    detect_
        ->add_option("--since", detect_options_.since,
                     "N: the last N runs; or a commit: runs at or after it "
                     "(default: last run)")
        ->group(kGroupDecisions);
    detect_
        ->add_option(
            "--format", detect_options_.format,
            output_formats_text({OutputFormat::kText, OutputFormat::kMarkdown,
                                 OutputFormat::kJson}))
        ->capture_default_str()
        ->group(kGroupOutput);

    report_ = history_->add_subcommand(
        "report",
        "Nightly summary: latest vs previous and vs the last change point");
    add_series_options(
        report_, report_options_.series, true,
        "The metric reported (wall in ops/s): " + reports::metric_names_text());
    report_
        ->add_option(
            "--format", report_options_.format,
            output_formats_text({OutputFormat::kMarkdown, OutputFormat::kJson}))
        ->capture_default_str()
        ->group(kGroupOutput);
    report_
        ->add_option("--last", last_runs_,
                     "List the change points of the last N runs (N >= 1) "
                     "only (default: all)")
        ->group(kGroupOutput);

    plot_ = history_->add_subcommand(
        "plot", "Plot data of the series (writes OUT.json beside OUT.png)");
    add_series_options(
        plot_, plot_options_, true,
        "The metric plotted (wall in ops/s): " + reports::metric_names_text());
    plot_->add_option("out", plot_png_, "Output image, e.g. history.png")
        ->required();

    merge_ = history_->add_subcommand("merge",
                                      "Copy every run of the source stores "
                                      "into --db, one transaction per source; "
                                      "merging again changes nothing");
    merge_
        ->add_option("sources", merge_options_.sources,
                     "Source stores (SQLite files or URLs)")
        ->required();
    merge_
        ->add_option(
            "--db", merge_options_.db,
            "Destination store: an SQLite file, or a postgresql:// URL")
        ->required()
        ->group(kGroupInput);

    samples_ =
        history_->add_subcommand("samples",
                                 "A recorded commit's wall-clock samples as "
                                 "compare.js CSV, every machine's");
    samples_
        ->add_option("--db", samples_options_.db,
                     "History store: an SQLite file, or a postgresql:// URL")
        ->required()
        ->group(kGroupInput);
    samples_
        ->add_option("--commit", samples_options_.commit,
                     "The commit (a unique prefix)")
        ->required()
        ->group(kGroupSelection);
    samples_
        ->add_option("--machine", samples_options_.machines,
                     "Only these machines (repeatable)")
        ->allow_extra_args(false)
        ->group(kGroupSelection);
  }

  [[nodiscard]] bool parsed() const override {
    return record_->parsed() || detect_->parsed() || report_->parsed() ||
           plot_->parsed() || merge_->parsed() || samples_->parsed();
  }

  Result<int> run() override {
    Result<history::CommandOutput> out = usage_error(
        "history needs a command: record, detect, report, plot, merge or "
        "samples");
    for (const CLI::App* cmd :
         {record_, detect_, report_, plot_, merge_, samples_}) {
      if (!cmd->parsed()) continue;
      FPBENCH_TRY(refuse_empty_values(*cmd));
    }
    if (report_->parsed() && !last_runs_.empty()) {
      FPBENCH_ASSIGN_OR_RETURN(report_options_.last,
                               parse_run_count("--last", last_runs_));
    }
    if (record_->parsed()) out = history::history_record(record_options_);
    if (detect_->parsed()) out = history::history_detect(detect_options_);
    if (report_->parsed()) out = history::history_report(report_options_);
    if (plot_->parsed()) out = history::history_plot(plot_options_, plot_png_);
    if (merge_->parsed()) out = history::history_merge(merge_options_);
    if (samples_->parsed()) out = history::history_samples(samples_options_);
    FPBENCH_TRY(out);
    FPBENCH_TRY(write_stdout(out->text));
    return out->exit_code;
  }

 private:
  CLI::App* history_ = nullptr;
  CLI::App* record_ = nullptr;
  CLI::App* detect_ = nullptr;
  CLI::App* report_ = nullptr;
  CLI::App* plot_ = nullptr;
  CLI::App* merge_ = nullptr;
  CLI::App* samples_ = nullptr;
  history::MergeOptions merge_options_;
  history::SamplesOptions samples_options_;
  history::RecordOptions record_options_;
  history::DetectOptions detect_options_;
  history::ReportOptions report_options_;
  history::SeriesOptions plot_options_;
  std::string plot_png_;
  std::string last_runs_;
};

}  // namespace

std::unique_ptr<Subcommand> add_history_commands(CLI::App& app) {
  return std::make_unique<History>(app);
}

}  // namespace fpbench::cli
