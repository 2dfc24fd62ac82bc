// fpbench-history: the history store's commands, which `fpbench history`
// runs (history_launch.cpp). Errors end as in fpbench: "fpbench: error: ..."
// and the exit code of their kind.

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>

#include "subcommands.hpp"

int main(int argc, char** argv) {
  using namespace fpbench;
  CLI::App app{"fpbench history: the nightly history store: record runs, find change points",
               "fpbench history"};
  const auto history = cli::add_history_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return exit_code(ErrorKind::kUsage);
  }
  Result<int> outcome = usage_error("history needs a command: record, detect, report, plot, merge or samples");
  try {
    if (history->parsed()) outcome = history->run();
  } catch (const std::exception& e) {
    outcome = internal_error(e.what());
  }
  if (outcome) return *outcome;
  std::fprintf(stderr, "fpbench: error: %s\n", outcome.error().message.c_str());
  return exit_code(outcome.error());
}
