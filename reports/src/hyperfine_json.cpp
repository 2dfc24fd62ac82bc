#include "fpbench/reports/hyperfine_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_value.hpp"
#include "json_text.hpp"

namespace fpbench::reports {
namespace {

using nlohmann::json;

constexpr std::string_view kHyperfineFile = "a hyperfine --export-json file";

struct Run {
  std::string command;
  double rate_ops_per_s = 0;
};

// exit_codes[i] when the export has it: null for a run ended by a signal.
// Returns true when run i succeeded or the export does not say.
Result<bool> run_succeeded(const json& result, std::size_t i, std::size_t runs,
                           std::string_view source, std::string_view command) {
  const auto codes = result.find("exit_codes");
  if (codes == result.end()) return true;
  if (!codes->is_array() || codes->size() != runs) {
    return bad_input_error(fmt::format(
        "{}: command '{}': \"exit_codes\" is not an array of {} exit codes, "
        "one per time",
        source, command, runs));
  }
  const json& code = (*codes)[i];
  if (code.is_null()) return false;
  if (!code.is_number()) {
    return bad_input_error(
        fmt::format("{}: command '{}': exit_codes[{}] is {}, "
                    "expected a number",
                    source, command, i, json_type_name(code)));
  }
  return code.get<double>() == 0;
}

Result<void> add_result(const json& result, std::size_t index,
                        std::string_view source, std::vector<Run>& runs,
                        std::vector<std::string>& warnings) {
  if (!result.is_object()) {
    return bad_input_error(
        fmt::format("{}: results[{}] is {}, expected an object", source, index,
                    json_type_name(result)));
  }
  const auto command_it = result.find("command");
  if (command_it == result.end() || !command_it->is_string()) {
    return bad_input_error(fmt::format(
        "{}: results[{}] has no \"command\" string", source, index));
  }
  const std::string command = command_it->get<std::string>();
  const auto times = result.find("times");
  if (times == result.end()) {
    return bad_input_error(fmt::format(
        "{}: command '{}' has no \"times\": fpbench needs the raw time of "
        "every run, and this export holds only summary statistics (export "
        "with a hyperfine release that writes \"times\")",
        source, command));
  }
  if (!times->is_array()) {
    return bad_input_error(
        fmt::format("{}: command '{}': \"times\" is {}, expected "
                    "an array of seconds",
                    source, command, json_type_name(*times)));
  }
  std::size_t failed = 0;
  for (std::size_t i = 0; i < times->size(); ++i) {
    FPBENCH_ASSIGN_OR_RETURN(
        const auto ok,
        run_succeeded(result, i, times->size(), source, command));
    if (!ok) {
      ++failed;
      continue;
    }
    const std::optional<double> seconds = json_number((*times)[i]);
    if (!seconds) {
      return bad_input_error(
          fmt::format("{}: command '{}': times[{}] is {}, "
                      "expected a number of seconds",
                      source, command, i, json_type_name((*times)[i])));
    }
    const double rate = 1.0 / *seconds;
    auto why = why_not_positive(*seconds);
    if (!why) why = why_not_positive(rate);
    if (why) {
      return bad_input_error(fmt::format(
          "{}: command '{}': times[{}] is {} s, which cannot become a rate: "
          "it {}{}",
          source, command, i, *seconds, *why,
          *seconds == 0
              ? " (hyperfine subtracts the shell's start-up time and reports 0 "
                "for commands shorter than that; measure with --shell=none or "
                "a longer command)"
              : " (a time must be positive, finite and normal)"));
    }
    runs.push_back(Run{command, rate});
  }
  if (failed > 0) {
    warnings.push_back(
        fmt::format("{}: command '{}': {} run(s) failed "
                    "(non-zero exit code) and were left out",
                    source, command, failed));
  }
  return {};
}

}  // namespace

Result<void> add_hyperfine_json(std::string_view json_text,
                                std::string_view source_name, Binary side,
                                SampleSet& out,
                                std::vector<std::string>& warnings) {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto doc, parse_tool_json(json_text, source_name, kHyperfineFile));
  const auto results = doc.is_object() ? doc.find("results") : doc.end();
  if (!doc.is_object() || results == doc.end() || !results->is_array()) {
    return bad_input_error(fmt::format("{}: no \"results\" array: expected {}",
                                       source_name, kHyperfineFile));
  }
  std::vector<Run> runs;
  std::vector<std::string> new_warnings;
  for (std::size_t i = 0; i < results->size(); ++i) {
    FPBENCH_TRY(add_result((*results)[i], i, source_name, runs, new_warnings));
  }
  if (runs.empty()) {
    return bad_input_error(
        fmt::format("{}: no successful runs to use as samples", source_name));
  }
  for (const Run& run : runs) {
    out.add(side, run.command, "", run.rate_ops_per_s);
  }
  warnings.insert(warnings.end(), new_warnings.begin(), new_warnings.end());
  return {};
}

}  // namespace fpbench::reports
