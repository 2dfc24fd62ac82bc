// Flag parsing of `fpbench history`; the work is in fpbench::ci.

#include "history_cli.hpp"

#include <cstdio>
#include <string>

#include "fpbench/ci/history_commands.hpp"

namespace fpbench::cli {
namespace {

void add_series_options(CLI::App* cmd, ci::SeriesOptions& o, bool detection) {
  cmd->add_option("--db", o.db, "History store: an SQLite file, or a postgresql:// URL")
      ->required();
  cmd->add_option("--side", o.side, "Which side's rates: new (the product) or old (the control)")
      ->capture_default_str();
  cmd->add_option("--machine", o.machine, "Only this machine");
  cmd->add_option("--benchmark", o.benchmark_pattern,
                  "Only benchmarks whose name contains this text (plain substring)");
  if (!detection) return;
  cmd->add_option("--window", o.window, "Points per window of the change-point split phase")
      ->capture_default_str();
  cmd->add_option("--p-value", o.p_value, "Largest p-value of a reported change point")
      ->capture_default_str();
  cmd->add_option("--min-segment", o.min_segment,
                  "Fewest runs on either side of a change point (at least 2); "
                  "a nightly's --since must exceed it")
      ->capture_default_str();
  cmd->add_option("--min-magnitude", o.min_magnitude_pct,
                  "Smallest |change| reported, in percent")
      ->capture_default_str();
}

}  // namespace

struct HistoryCli::State {
  CLI::App* history = nullptr;
  CLI::App* record = nullptr;
  CLI::App* detect = nullptr;
  CLI::App* report = nullptr;
  CLI::App* plot = nullptr;
  ci::RecordOptions record_options;
  ci::DetectOptions detect_options;
  ci::ReportOptions report_options;
  ci::SeriesOptions plot_options;
  std::string plot_png;
};

HistoryCli::HistoryCli(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.history = app.add_subcommand("history", "Nightly history store: record runs, find change points");
  s.history->require_subcommand(1);

  s.record = s.history->add_subcommand("record", "Record one run's samples CSV in the store");
  auto& r = s.record_options;
  s.record->add_option("file", r.file, "Samples CSV (compare.js format), or - for stdin")->required();
  s.record->add_option("--db", r.db, "History store: an SQLite file, or a postgresql:// URL")
      ->required();
  s.record->add_option("--commit", r.commit, "Commit the run measured")->required();
  s.record->add_option("--date", r.date, "ISO 8601 date of the commit or run (default: now, UTC)");
  s.record->add_option("--machine", r.machine, "Machine name (default: this host's name)");

  s.detect = s.history->add_subcommand(
      "detect", "Find change points; exit 1 if a regression lies in the --since runs");
  add_series_options(s.detect, s.detect_options.series, true);
  s.detect->add_option("--since", s.detect_options.since,
                       "N: the last N runs; or a commit: runs at or after it (default: last run)");
  s.detect->add_option("--format", s.detect_options.format, "text, markdown or json")
      ->capture_default_str();

  s.report = s.history->add_subcommand("report", "Nightly summary: latest vs previous and vs the last change point");
  add_series_options(s.report, s.report_options.series, true);
  s.report->add_option("--format", s.report_options.format, "markdown or json")
      ->capture_default_str();
  s.report->add_option("--last", s.report_options.last,
                       "List the change points of the last N runs only (default: all)");

  s.plot = s.history->add_subcommand("plot", "Plot data of the series (writes OUT.json beside OUT.png)");
  add_series_options(s.plot, s.plot_options, true);
  s.plot->add_option("out", s.plot_png, "Output image, e.g. history.png")->required();
}

HistoryCli::~HistoryCli() = default;

bool HistoryCli::parsed() const { return state_->history->parsed(); }

int HistoryCli::run() {
  State& s = *state_;
  Result<ci::CommandOutput> out =
      usage_error("history needs a command: record, detect, report or plot");
  if (s.record->parsed()) out = ci::history_record(s.record_options);
  if (s.detect->parsed()) out = ci::history_detect(s.detect_options);
  if (s.report->parsed()) out = ci::history_report(s.report_options);
  if (s.plot->parsed()) out = ci::history_plot(s.plot_options, s.plot_png);
  if (!out) {
    std::fprintf(stderr, "fpbench: error: %s\n", out.error().message.c_str());
    return exit_code(out.error());
  }
  if (std::fwrite(out->text.data(), 1, out->text.size(), stdout) != out->text.size() ||
      std::fflush(stdout) != 0) {
    std::fprintf(stderr, "fpbench: error: cannot write the output\n");
    return exit_code(ErrorKind::kIo);
  }
  return out->exit_code;
}

}  // namespace fpbench::cli
