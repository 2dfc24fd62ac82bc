// fpbench: the command-line entry point. Each subcommand parses its own
// flags and runs (subcommands.hpp); here the one given is run, and an error
// ends as "fpbench: error: ..." on stderr with the exit code of its kind:
// 0 ok, 1 regression, 2 bad usage or input, 3 failure (README).

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "build_info.hpp"
#include "subcommands.hpp"

int main(int argc, char** argv) {
  using namespace fpbench;
  CLI::App app{"fpbench: benchmark comparisons with defensible statistics",
               "fpbench"};
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       std::string("fpbench ") + FPBENCH_VERSION + " (commit " +
                           fpbench::scenarios::build_info::kCommit + ")");
  // `fpbench run ... -- ARGS`: ARGS go to the measured binaries untouched,
  // not to the positional selectors.
  std::vector<std::string> program_args;
  if (argc > 1 && std::string_view(argv[1]) == "run") {
    for (int i = 2; i < argc; ++i) {
      if (std::string_view(argv[i]) != "--") continue;
      program_args.assign(argv + i + 1, argv + argc);
      argc = i;
      break;
    }
  }
  std::vector<std::unique_ptr<cli::Subcommand>> subcommands;
  subcommands.push_back(cli::add_compare(app));
  subcommands.push_back(cli::add_run(app, std::move(program_args)));
  subcommands.push_back(cli::add_gate(app));
  subcommands.push_back(cli::add_list(app));
  subcommands.push_back(cli::add_doctor(app));
  subcommands.push_back(cli::add_history(app));
  subcommands.push_back(cli::add_bisect(app));
  subcommands.push_back(cli::add_pr(app));
  subcommands.push_back(cli::add_nightly(app));
  subcommands.push_back(cli::add_config(app));

  return cli::run_main(app, subcommands, argc, argv,
                       "no command given (try --help)");
}
