// fpbench: the command-line entry point. Exceptions and error results end
// here as "fpbench: error: ..." on stderr and the exit codes of
// ARCHITECTURE.md: 0 ok, 1 regression, 2 bad usage or input, 3 failure.

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

#include "fpbench/harness/compare_command.hpp"
#include "fpbench/harness/input.hpp"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;
constexpr int kExitFailure = 3;

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "fpbench: error: %s\n", message.c_str());
  return code;
}

int exit_code_for(const fpbench::Error& e) {
  return e.code == "internal" ? kExitFailure : kExitBadInput;
}

bool write_stdout(const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

struct CompareArgs {
  std::string input = "-";
  std::string format = "text";
  bool only_significant = false;
};

int run_compare(const CompareArgs& args) {
  using namespace fpbench::harness;
  const auto format = parse_report_format(args.format);
  if (!format) return fail(kExitBadInput, format.error().message);
  const auto text = read_input(args.input);
  if (!text) return fail(kExitBadInput, text.error().message);
  const auto report =
      render_comparison(*text, input_display_name(args.input), *format,
                        fpbench::reports::ReportOptions{args.only_significant});
  if (!report) return fail(exit_code_for(report.error()), report.error().message);
  if (!write_stdout(*report)) {
    return fail(kExitFailure, std::string("cannot write the report: ") +
                                  std::strerror(errno));
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"fpbench: benchmark comparisons with defensible statistics"};
  app.require_subcommand(1);

  CompareArgs compare;
  CLI::App* compare_cmd = app.add_subcommand(
      "compare",
      "Compare old and new samples (Node compare.js CSV) and print the "
      "compare.R table");
  compare_cmd->add_option("file", compare.input,
                          "Samples CSV, or - for standard input")
      ->capture_default_str();
  compare_cmd
      ->add_option("--format", compare.format,
                   "Output format: text (compare.R's table), markdown, json "
                   "or csv")
      ->capture_default_str();
  compare_cmd->add_flag("--only-significant", compare.only_significant,
                        "Keep only rows with at least one star (text and "
                        "markdown)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitBadInput;
  }

  try {
    if (compare_cmd->parsed()) return run_compare(compare);
  } catch (const std::exception& e) {
    return fail(kExitFailure, e.what());
  }
  return fail(kExitBadInput, "no command given (try --help)");
}
