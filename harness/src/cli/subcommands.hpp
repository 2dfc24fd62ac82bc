#pragma once

// The subcommands of `fpbench`, one file each (their shape and the
// helpers they share: fpbench/base/command_line.hpp).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/command_line.hpp"

namespace fpbench::cli {

std::unique_ptr<Subcommand> add_compare(CLI::App& app);
// program_args: what followed "--" on the command line.
std::unique_ptr<Subcommand> add_run(CLI::App& app,
                                    std::vector<std::string> program_args);
std::unique_ptr<Subcommand> add_gate(CLI::App& app);
std::unique_ptr<Subcommand> add_list(CLI::App& app);
std::unique_ptr<Subcommand> add_doctor(CLI::App& app);
// `fpbench bisect`: the commit that changed a benchmark (bisect.hpp).
std::unique_ptr<Subcommand> add_bisect(CLI::App& app);
// `fpbench history ...` runs fpbench-history with the rest of the command
// line; add_history lists it in fpbench's help and starts it.
std::unique_ptr<Subcommand> add_history(CLI::App& app);
// `fpbench config check`, `fpbench pr` and `fpbench nightly`: a
// repository's fpbench.toml (fpbench/harness/project.hpp).
std::unique_ptr<Subcommand> add_config(CLI::App& app);
std::unique_ptr<Subcommand> add_pr(CLI::App& app);
std::unique_ptr<Subcommand> add_nightly(CLI::App& app);
// fpbench-history: FPBENCH_HISTORY, else beside this program, in the build
// tree's history/ folder or in the install's libexec/fpbench, else on PATH.
std::string history_program();

// --seed: a whole decimal number that fits 64 bits, else a usage error
// (read as an unsigned integer, -1 or 2^64 would become another seed).
Result<std::uint64_t> parse_seed(const std::string& text);

// fpbench-scenarios: FPBENCH_SCENARIOS, else beside this program, in the
// build tree's scenarios/ folder or in an install's libexec/fpbench, else on
// PATH.
std::string default_scenario_program();
// libfpbench-preload.so beside this program: in the build tree
// (scenarios/) or the install tree (libexec/fpbench/).
std::string default_preload_library();
// fpbench-counted-exec beside this program (the build tree) or in an
// install's libexec/fpbench.
std::string default_counted_exec();
std::string default_node_callgrind_addon();

}  // namespace fpbench::cli
