#pragma once

// The parameters of a scenario's grid and the values each may take, and the
// checking of Node-style `--set key=value` against them. The scenario program
// defines its grids with these (scenarios/grid.hpp) and prints them with
// --list-parameters; fpbench run reads that text and refuses a --set no
// selected scenario could run before it starts anything. Pure functions over
// strings, so a fuzzer can drive them.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::params {

enum class ParameterKind { kInteger, kBoolean, kChoice };

struct Parameter {
  std::string key;
  ParameterKind kind = ParameterKind::kChoice;
  std::int64_t min = 0;  // kInteger: the range, both ends included
  std::int64_t max = 0;
  std::vector<std::string> choices;  // kChoice: every value allowed

  static Parameter integer(std::string key, std::int64_t min, std::int64_t max);
  // 'true' or 'false', held as text as Node's benchmarks hold them.
  static Parameter boolean(std::string key);
  static Parameter choice(std::string key, std::vector<std::string> choices);
};

// A value as a configuration holds it: integers bare, everything else text.
using ParameterValue = std::variant<std::int64_t, std::string>;

struct Assignment {
  std::string key;
  std::string value;
};

// "key=value", split at the first '='. Both sides must be non-empty and free
// of whitespace and control characters.
[[nodiscard]] Result<Assignment> parse_assignment(std::string_view text);

// The value as the parameter takes it: a decimal integer in range, 'true' or
// 'false', or one of the choices, spelled exactly. The error says what the
// parameter takes.
[[nodiscard]] Result<ParameterValue> parse_value(const Parameter& p,
                                                 std::string_view value);

// What a parameter takes, for messages and listings: "an integer from 0 to
// 1024", "true or false", "one of utf8, latin1".
[[nodiscard]] std::string describe(const Parameter& p);

struct ScenarioParameters {
  std::string scenario;  // "fs/read-file-sync"
  std::vector<Parameter> parameters;
};

// The text fpbench-scenarios --list-parameters prints, one parameter a line,
// fields separated by tabs:
//   SCENARIO  KEY  integer  MIN  MAX
//   SCENARIO  KEY  boolean
//   SCENARIO  KEY  choice  VALUE...
// A scenario without parameters has no line.
[[nodiscard]] std::string format_parameter_lines(
    const std::vector<ScenarioParameters>& all);
[[nodiscard]] Result<std::vector<ScenarioParameters>> parse_parameter_lines(
    std::string_view text);

// Checks each `key=value` against the scenarios: the key must be a parameter
// of at least one of them and the value one that every scenario having the
// key takes. The error starts "--set key=value: ".
[[nodiscard]] Result<void> check_assignments(
    const std::vector<std::string>& sets,
    const std::vector<ScenarioParameters>& scenarios);

}  // namespace fpbench::params
