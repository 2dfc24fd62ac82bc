#pragma once

// The command-line edge that fpbench and fpbench-history share: a
// subcommand's shape, CLI11's errors in fpbench's words ("fpbench: error:
// ..." and exit 2), and standard output written and flushed so that a full
// disk or a closed pipe is an I/O error (exit 3), not a silent loss.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

// A subcommand adds its flags to the app before parsing; when it is the one
// given, run() does the work and returns the exit code of a command that
// finished (0, or 1 for a regression) or the error that stopped it. main()
// turns errors into exit codes, once.
class Subcommand {
 public:
  virtual ~Subcommand() = default;
  [[nodiscard]] virtual bool parsed() const = 0;
  virtual Result<int> run() = 0;
};

// For an unsigned option: digits only, within its type. CLI11 would read
// "-1" as the value's wrap-around, and one past the largest as the largest.
CLI::Validator whole_number();

// A CLI11 parse error as "fpbench: error: ..." and exit 2; --help prints
// and returns 0.
int exit_for_parse_error(CLI::App& app, const CLI::ParseError& e);
// "unknown command 'X': expected A, B or C" when argv[1] names no
// subcommand of app, "unknown option '-X'..." when it is an option app does
// not have; else "".
std::string unknown_command(const CLI::App& app, int argc, char** argv);

// All of text to standard output, through short writes and EINTR.
Result<void> write_stdout(std::string_view text);

// What is still buffered for standard output (std::cout: CLI11's help;
// stdio), written; an I/O error when it cannot be (a full disk, a closed
// pipe with SIGPIPE ignored).
Result<void> flush_stdout();
// The exit code after flush_stdout(): `code`, or the I/O error's exit code
// once its message is on stderr. Every return of main goes through it.
int finish(int code);
// CLI11's help (or --version) for `help`, written through write_stdout, then
// finish().
int print_help(CLI::App& app, const CLI::Error& help);

// The rest of a program's main() once its subcommands are on `app`: refuses
// an unknown command, parses (help, --version and parse errors as above),
// runs the subcommand given and returns finish() of its exit code; an error
// goes to stderr as "fpbench: error: ...", `none_given` when no subcommand
// was given.
int run_main(CLI::App& app,
             const std::vector<std::unique_ptr<Subcommand>>& subcommands,
             int argc, char** argv, const std::string& none_given);

}  // namespace fpbench::cli
