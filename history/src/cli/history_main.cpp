// fpbench-history: the history store's commands, which `fpbench history`
// runs (history_launch.cpp). Errors end as in fpbench: "fpbench: error: ..."
// and the exit code of their kind.

#include <CLI/CLI.hpp>
#include <memory>
#include <vector>

#include "history_subcommands.hpp"

int main(int argc, char** argv) {
  using namespace fpbench;
  CLI::App app{
      "fpbench history: the nightly history store: record runs, find change "
      "points",
      "fpbench history"};
  std::vector<std::unique_ptr<cli::Subcommand>> subcommands;
  subcommands.push_back(cli::add_history_commands(app));
  subcommands.push_back(cli::add_history_html(app));
  return cli::run_main(app, subcommands, argc, argv,
                       "history needs a command: record, detect, report, "
                       "plot, html, merge or samples");
}
