// fpbench history html: the flags; the work is history::history_html. Added to
// fpbench-history's app beside record, detect, report and plot.

#include <string>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/try.hpp"
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
    add_series_options(
        cmd_, o, true,
        "The metric shown (wall in ops/s): " + reports::metric_names_text());
    cmd_->add_option("--commit-url", options_.commit_url,
                     "Link commits here, {sha} standing for the commit: "
                     "'https://github.com/ORG/REPO/commit/{sha}'")
        ->group(kGroupOutput);
    cmd_->add_option("--title", options_.title, "Title of the overview")
        ->capture_default_str()
        ->group(kGroupOutput);
  }

  [[nodiscard]] bool parsed() const override { return cmd_->parsed(); }

  Result<int> run() override {
    FPBENCH_TRY(refuse_empty_values(*cmd_));
    FPBENCH_ASSIGN_OR_RETURN(auto out, history::history_html(options_));
    FPBENCH_TRY(write_stdout(out.text));
    return out.exit_code;
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
