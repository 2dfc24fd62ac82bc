#pragma once

// The manual written from the CLI11 definitions themselves, so that
// --help, the man pages and docs/cli.md cannot disagree: each command's
// description, positionals and options by group (hidden ones, in group "",
// left out), with their values and defaults.

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

struct OptionDoc {
  std::string names;        // "--output, -o", or a positional's "file"
  std::string value;        // "TEXT", "INT ...", "" for a flag
  std::string group;        // "Selection", ...; "Options" when none was set
  std::string description;  // as --help shows it
  std::string default_value;
  bool positional = false;
  bool required = false;
};

struct CommandDoc {
  std::string name;  // "fpbench run", "fpbench history record"
  std::string description;
  std::vector<OptionDoc> options;  // positionals first, then by group
  // Each subcommand's full name and description.
  std::vector<std::pair<std::string, std::string>> subcommands;
  bool forwards = false;  // a prefix command, documented by another program
};

// `app` and every subcommand below it, depth first; `name` is app's name.
std::vector<CommandDoc> describe_commands(const CLI::App& app,
                                          const std::string& name);

// "fpbench run" -> "fpbench-run".
std::string man_page_name(std::string_view command_name);

// One roff page (section 1) of a command: NAME, SYNOPSIS, DESCRIPTION,
// COMMANDS, ARGUMENTS, OPTIONS by group, EXIT STATUS; `version` goes into
// the footer, `see_also` (page names) into SEE ALSO.
std::string format_man_page(const CommandDoc& command,
                            const std::string& version,
                            const std::vector<std::string>& see_also);

// Writes PAGE.1 into `dir` for each command that does not forward to
// another program; each page's SEE ALSO names the others.
Result<void> write_man_pages(const std::vector<CommandDoc>& commands,
                             const std::string& dir,
                             const std::string& version);

// One line per command and option, tab-separated, read back by
// parse_command_table: how fpbench takes fpbench-history's commands into
// docs/cli.md without linking them.
std::string format_command_table(const std::vector<CommandDoc>& commands);
Result<std::vector<CommandDoc>> parse_command_table(std::string_view text);

// docs/cli.md: the subcommands, each one's options by group, and an index
// of every option with the commands that take it.
std::string format_cli_markdown(const std::vector<CommandDoc>& commands);

// The requests the build makes of fpbench and fpbench-history, answered
// before the command line is parsed (not in --help):
//   PROG --man-pages DIR            the pages of PROG's commands into DIR
//   PROG --cli-table                format_command_table of them
//   PROG --cli-markdown [TABLE...]  format_cli_markdown of them, each
//                                   TABLE (another program's --cli-table)
//                                   in place of the command forwarding to it
// The exit code when argv asks one of these, else -1.
int answer_docs_request(const CLI::App& app, int argc, char** argv);

}  // namespace fpbench::cli
