#pragma once

// The subcommands of fpbench-history, one file each (their shape and the
// helpers they share: fpbench/base/command_line.hpp).

#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "fpbench/base/command_line.hpp"
#include "fpbench/history/history_commands.hpp"

namespace fpbench::cli {

// record, detect, report, plot, merge and samples.
std::unique_ptr<Subcommand> add_history_commands(CLI::App& app);
// html (the dashboard), beside them.
std::unique_ptr<Subcommand> add_history_html(CLI::App& app);

// --db, --metric (described by `metric_help`), --side, --machine, --filter,
// --exclude and, for `detection`, the change-point settings: the same flags
// on every command that reads series.
void add_series_options(CLI::App* cmd, history::SeriesOptions& o,
                        bool detection, const std::string& metric_help);

// A flag given with an empty value would quietly mean its default (now,
// this host, every machine), and a blank one would name a machine no one
// can read in a table: a usage error naming the flag.
Result<void> refuse_empty_values(const CLI::App& cmd);

}  // namespace fpbench::cli
