#pragma once

// `fpbench history ...`: flags of the record, detect, report and plot
// subcommands, and running the one that was given.

#include <CLI/CLI.hpp>
#include <memory>

namespace fpbench::cli {

class HistoryCli {
 public:
  // Adds the `history` subcommand (and its own subcommands) to `app`.
  explicit HistoryCli(CLI::App& app);
  ~HistoryCli();
  HistoryCli(const HistoryCli&) = delete;
  HistoryCli& operator=(const HistoryCli&) = delete;

  [[nodiscard]] bool parsed() const;
  // Prints the output or "fpbench: error: ..."; returns the exit code.
  int run();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace fpbench::cli
