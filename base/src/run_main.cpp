// The one way fpbench's programs end: an exit code from the kind of error,
// the error on stderr in fpbench's words, standard output flushed.

#include <cstdio>
#include <exception>

#include "fpbench/base/cli_docs.hpp"
#include "fpbench/base/command_line.hpp"

namespace fpbench::cli {

int run_main(CLI::App& app,
             const std::vector<std::unique_ptr<Subcommand>>& subcommands,
             int argc, char** argv, const std::string& none_given) {
  if (const int code = answer_docs_request(app, argc, argv); code >= 0)
    return finish(code);
  if (const std::string unknown = unknown_command(app, argc, argv);
      !unknown.empty()) {
    std::fprintf(stderr, "fpbench: error: %s\n", unknown.c_str());
    return kExitBadUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return print_help(app, e);
  } catch (const CLI::CallForAllHelp& e) {
    return print_help(app, e);
  } catch (const CLI::CallForVersion& e) {
    return print_help(app, e);
  } catch (const CLI::ParseError& e) {
    return exit_for_parse_error(app, e);
  }

  Result<int> outcome = usage_error(none_given);
  try {
    for (const auto& subcommand : subcommands) {
      if (subcommand->parsed()) {
        outcome = subcommand->run();
        break;
      }
    }
  } catch (const std::exception& e) {
    outcome = internal_error(e.what());
  }
  if (outcome) return finish(*outcome);
  std::fprintf(stderr, "fpbench: error: %s\n", outcome.error().message.c_str());
  return finish(exit_code(outcome.error()));
}

}  // namespace fpbench::cli
