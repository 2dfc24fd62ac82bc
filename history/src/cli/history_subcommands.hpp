#pragma once

// The subcommands of fpbench-history, one file each (their shape and the
// helpers they share: fpbench/base/command_line.hpp).

#include <CLI/CLI.hpp>
#include <memory>

#include "fpbench/base/command_line.hpp"

namespace fpbench::cli {

// record, detect, report, plot, merge and samples.
std::unique_ptr<Subcommand> add_history_commands(CLI::App& app);
// html (the dashboard), beside them.
std::unique_ptr<Subcommand> add_history_html(CLI::App& app);

}  // namespace fpbench::cli
