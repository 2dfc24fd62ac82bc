#pragma once

// The words every subcommand of fpbench and fpbench-history shares: the
// names of the groups their options are listed under in --help, the output
// formats with the one refusal of a format a command does not write, and
// old spellings of renamed options, kept for one release behind a note;
// the output formats are output_format.hpp's.

#include <CLI/CLI.hpp>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

#include "fpbench/base/output_format.hpp"

namespace fpbench::cli {

// The option groups of --help and the man pages, in this order.
inline constexpr const char* kGroupInput = "Input";
inline constexpr const char* kGroupPrograms = "Programs";
inline constexpr const char* kGroupSelection = "Selection";
inline constexpr const char* kGroupSchedule = "Schedule";
inline constexpr const char* kGroupMetrics = "Metrics";
inline constexpr const char* kGroupOutput = "Output";
inline constexpr const char* kGroupDecisions = "Decisions";

// Prints "fpbench: note: OLD is now NEW; OLD goes in the next release" on
// stderr, once per old spelling and process.
void note_old_spelling(const std::string& old_spelling,
                       const std::string& new_spelling);

// A hidden option `old_name` that sets `variable` as `new_name` does and
// notes the new spelling when given. CLI11 names no hidden option in its
// errors, so a number it cannot read is refused here, by the old name.
template <class T>
CLI::Option* add_old_spelling(CLI::App& command, const std::string& old_name,
                              const std::string& new_name, T& variable) {
  return command.add_option(old_name, variable, "Old spelling of " + new_name)
      ->group("")
      ->each([old_name, new_name](const std::string& value) {
        note_old_spelling(old_name, new_name);
        if constexpr (std::is_arithmetic_v<T>) {
          T probe{};
          if (!CLI::detail::lexical_cast(value, probe))
            throw CLI::ConversionError(old_name,
                                       std::vector<std::string>{value});
        }
      });
}

}  // namespace fpbench::cli
