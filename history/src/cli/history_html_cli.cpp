// fpbench history html: the flags; the work is history::history_html. Added to
// fpbench-history's app beside record, detect, report and plot.

#include <string>

#include "fpbench/history/history_html.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "history_subcommands.hpp"

namespace fpbench::cli {
namespace {

class HistoryHtml : public Subcommand {
 public:
  explicit HistoryHtml(CLI::App& app) {
    cmd_ = app.add_subcommand("html",
                              "Write the history as a static web site: an "
                              "overview of every series and a "
                              "page with an interactive chart per series");
    auto& o = options_.series;
    cmd_->add_option("outdir", options_.out_dir,
                     "Folder to write index.html, runs.js, b/ and "
                     "assets/ into (created if missing)")
        ->required();
    cmd_->add_option("--db", o.db,
                     "History store: an SQLite file, or a postgresql:// URL")
        ->required();
    cmd_->add_option(
            "--metric", o.metric,
            "The metric shown (wall in ops/s): " + reports::metric_names_text())
        ->capture_default_str();
    cmd_->add_option(
            "--side", o.side,
            "Which side's rates: new (the product) or old (the control)")
        ->capture_default_str();
    cmd_->add_option("--machine", o.machine, "Only this machine");
    cmd_->add_option(
        "--benchmark", o.benchmark_pattern,
        "Only benchmarks whose name contains this text (plain substring)");
    cmd_->add_option("--window", o.window,
                     "Points per window of the change-point split phase")
        ->capture_default_str()
        ->check(whole_number());
    cmd_->add_option("--p-value", o.p_value,
                     "Largest p-value of a reported change point")
        ->capture_default_str();
    cmd_->add_option("--min-segment", o.min_segment,
                     "Fewest runs on either side of a change point")
        ->capture_default_str()
        ->check(whole_number());
    cmd_->add_option("--min-magnitude", o.min_magnitude_pct,
                     "Smallest |change| shown, in percent")
        ->capture_default_str();
    cmd_->add_option("--commit-url", options_.commit_url,
                     "Link commits here, {sha} standing for the commit: "
                     "'https://github.com/ORG/REPO/commit/{sha}'");
    cmd_->add_option("--title", options_.title, "Title of the overview")
        ->capture_default_str();
  }

  [[nodiscard]] bool parsed() const override { return cmd_->parsed(); }

  Result<int> run() override {
    auto out = history::history_html(options_);
    if (!out) return out.error();
    if (auto written = write_stdout(out->text); !written)
      return written.error();
    return out->exit_code;
  }

 private:
  CLI::App* cmd_ = nullptr;
  history::HtmlOptions options_;
};

}  // namespace

std::unique_ptr<Subcommand> add_history_html(CLI::App& app) {
  return std::make_unique<HistoryHtml>(app);
}

}  // namespace fpbench::cli
