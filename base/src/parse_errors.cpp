// CLI11's own errors in fpbench's words, so that every mistake on a command
// line reads "fpbench: error: ..." and exits 2, whichever part caught it.

#include <charconv>
#include <cstddef>
#include <cstdio>
#include <string>

#include "fpbench/base/command_line.hpp"

namespace fpbench::cli {

CLI::Validator whole_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::size_t n = 0;
        const char* end = text.data() + text.size();
        const auto [at, ec] = std::from_chars(text.data(), end, n);
        if (text.empty() || text.front() == '+' || ec != std::errc() ||
            at != end)
          return "expected a whole number of 0 or more, not '" + text + "'";
        return {};
      },
      "", "whole number");
}

int exit_for_parse_error(CLI::App& app, const CLI::ParseError& e) {
  // --help and its kin are parse "errors" too; they print and succeed.
  if (e.get_exit_code() == 0) return app.exit(e);
  std::string help = app.get_name();
  for (const CLI::App* sub : app.get_subcommands())
    help += " " + sub->get_name();
  std::fprintf(stderr, "fpbench: error: %s (see %s --help)\n", e.what(),
               help.c_str());
  return kExitBadUsage;
}

std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2) return "";
  const std::string given = argv[1];
  if (given.rfind('-', 0) == 0) {
    // CLI11 would first say that a command is required.
    const bool known = given == "-" ||
                       app.get_option_no_throw(given) != nullptr ||
                       given == "-h" || given == "--help";
    return known ? ""
                 : "unknown option '" + given + "'; try " + app.get_name() +
                       " --help";
  }
  std::string names;
  const auto subcommands =
      app.get_subcommands([](const CLI::App*) { return true; });
  for (std::size_t i = 0; i < subcommands.size(); ++i) {
    if (subcommands[i]->check_name(given)) return "";
    names += i == 0 ? "" : (i + 1 == subcommands.size() ? " or " : ", ");
    names += subcommands[i]->get_name();
  }
  return "unknown command '" + given + "': expected " + names;
}

}  // namespace fpbench::cli
