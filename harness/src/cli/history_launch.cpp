// `fpbench history ...`: the history store's commands live in fpbench-history,
// the only program that links the database clients (libpq with its TLS and
// Kerberos libraries, SQLite). Loading those took most of the start-up of
// every fpbench command; now only the history commands pay for them, with
// one exec.

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "fpbench/base/sibling.hpp"
#include "subcommands.hpp"

namespace fpbench::cli {

std::string history_program() {
  return find_sibling({.env = "FPBENCH_HISTORY",
                       .name = "fpbench-history",
                       .dirs = {".", "../history", "../libexec/fpbench"}})
      .value_or("fpbench-history");
}

namespace {

class HistoryLauncher : public Subcommand {
 public:
  explicit HistoryLauncher(CLI::App& app) {
    command_ = app.add_subcommand("history",
                                  "Nightly history store: record runs, find "
                                  "change points (fpbench-history)");
    // Everything after `history`, --help included, is fpbench-history's.
    command_->prefix_command();
    command_->allow_extras();
    command_->set_help_flag();
  }

  [[nodiscard]] bool parsed() const override { return command_->parsed(); }

  Result<int> run() override {
    const std::string program = history_program();
    std::vector<std::string> args = {program};
    for (const std::string& a : command_->remaining()) args.push_back(a);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    return internal_error("cannot run '" + program +
                          "': " + std::strerror(errno) +
                          " (set FPBENCH_HISTORY to fpbench-history)");
  }

 private:
  CLI::App* command_ = nullptr;
};

}  // namespace

std::unique_ptr<Subcommand> add_history(CLI::App& app) {
  return std::make_unique<HistoryLauncher>(app);
}

}  // namespace fpbench::cli
