#pragma once

// The subcommands of `fpbench`, one file each. A subcommand adds its flags
// to the app before parsing; when it is the one given, run() does the work
// and returns the exit code of a command that finished (0, or 1 for a
// regression) or the error that stopped it. main() turns errors into exit
// codes, once.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

class Subcommand {
 public:
  virtual ~Subcommand() = default;
  [[nodiscard]] virtual bool parsed() const = 0;
  virtual Result<int> run() = 0;
};

std::unique_ptr<Subcommand> add_compare(CLI::App& app);
// program_args: what followed "--" on the command line.
std::unique_ptr<Subcommand> add_run(CLI::App& app,
                                    std::vector<std::string> program_args);
std::unique_ptr<Subcommand> add_gate(CLI::App& app);
std::unique_ptr<Subcommand> add_list(CLI::App& app);
// `fpbench bisect`: the commit that changed a benchmark (bisect.hpp).
std::unique_ptr<Subcommand> add_bisect(CLI::App& app);
// `fpbench history ...` runs fpbench-history with the rest of the command
// line; add_history lists it in fpbench's help and starts it.
std::unique_ptr<Subcommand> add_history(CLI::App& app);
// record, detect, report and plot, added to fpbench-history's app.
std::unique_ptr<Subcommand> add_history_commands(CLI::App& app);
// html (the dashboard), added to fpbench-history's app beside them.
std::unique_ptr<Subcommand> add_history_html(CLI::App& app);

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
// A whole file, replaced.
Result<void> write_file(const std::string& path, std::string_view text);

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

// fpbench-scenarios: FPBENCH_SCENARIOS, else beside this program, in the
// build tree's scenarios/ folder or in an install's libexec/fpbench, else on
// PATH.
std::string default_scenario_program();
// libfpbench-preload.so beside this program: in the build tree
// (scenarios/) or the install tree (lib/fpbench/).
std::string default_preload_library();

}  // namespace fpbench::cli
