// fpbench-history: the history store's commands, which `fpbench history`
// runs (history_launch.cpp). Errors end as in fpbench: "fpbench: error: ..."
// and the exit code of their kind.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <string>

#include "history_subcommands.hpp"

int main(int argc, char** argv) {
  using namespace fpbench;
  CLI::App app{
      "fpbench history: the nightly history store: record runs, find change "
      "points",
      "fpbench history"};
  const auto history = cli::add_history_commands(app);
  const auto html = cli::add_history_html(app);
  if (const std::string unknown = cli::unknown_command(app, argc, argv);
      !unknown.empty()) {
    std::fprintf(stderr, "fpbench: error: %s\n", unknown.c_str());
    return kExitBadUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return cli::print_help(app, e);
  } catch (const CLI::CallForAllHelp& e) {
    return cli::print_help(app, e);
  } catch (const CLI::ParseError& e) {
    return cli::exit_for_parse_error(app, e);
  }
  Result<int> outcome = usage_error(
      "history needs a command: record, detect, report, plot, html, merge or "
      "samples");
  try {
    if (history->parsed()) outcome = history->run();
    if (html->parsed()) outcome = html->run();
  } catch (const std::exception& e) {
    outcome = internal_error(e.what());
  }
  if (outcome) return cli::finish(*outcome);
  std::fprintf(stderr, "fpbench: error: %s\n", outcome.error().message.c_str());
  return cli::finish(exit_code(outcome.error()));
}
