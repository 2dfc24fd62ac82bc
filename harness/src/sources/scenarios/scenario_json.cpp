// What one fpbench-scenarios sample prints: Google Benchmark JSON with the
// harness's counters, read into sample records. A child's output is input
// like any other: well-formed JSON of the wrong shape fails that sample with
// a message, it never throws out of the run.

#include <fmt/format.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/sample_value.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
using reports::SampleRecord;

constexpr std::string_view kSyscallPrefix = "fpbench_syscall_";
constexpr std::string_view kOutcomePrefix = "fpbench_outcome_";

double seconds_per_unit(const std::string& unit) {
  if (unit == "ns") return 1e-9;
  if (unit == "us") return 1e-6;
  if (unit == "ms") return 1e-3;
  if (unit == "s") return 1.0;
  return 0;
}

std::string counter_source(const std::string& sources,
                           const std::string& counter) {
  std::istringstream parts(sources);
  for (std::string part; std::getline(parts, part, ',');) {
    const std::size_t eq = part.find('=');
    if (eq != std::string::npos && part.substr(0, eq) == counter)
      return part.substr(eq + 1);
  }
  return "";
}

enum class Kind { kString, kNumber, kBoolean };

// At most a line of a child's value, for a message.
// At most 60 characters of text, for a message.
std::string shortened(std::string text) {
  if (text.size() > 60) text = text.substr(0, 57) + "...";
  return text;
}
std::string shortened(const nlohmann::json& value) {
  return shortened(value.dump());
}

// The field `key` of a child's JSON object, nullptr when absent. Present
// with another type it is an error, that sample's failure: a child printing
// well-formed JSON of the wrong shape must not throw out of the whole run.
Result<const nlohmann::json*> typed_field(const nlohmann::json& object,
                                          const std::string& key, Kind kind) {
  const auto it = object.find(key);
  if (it == object.end()) return static_cast<const nlohmann::json*>(nullptr);
  const bool ok = kind == Kind::kString   ? it->is_string()
                  : kind == Kind::kNumber ? it->is_number()
                                          : it->is_boolean();
  if (ok) return &*it;
  const char* expected = kind == Kind::kString   ? "a string"
                         : kind == Kind::kNumber ? "a number"
                                                 : "true or false";
  return benchmark_error(fmt::format("the benchmark's {} is {}, not {}", key,
                                     shortened(*it), expected));
}

// "fs/x key='v'/iterations:11/real_time" -> {"fs/x", "key='v'"}.
reports::BenchmarkKey benchmark_of_row(std::string name) {
  for (const char* suffix : {"/real_time", "/iterations:"}) {
    const std::size_t at = name.rfind(suffix);
    if (at != std::string::npos && name.find('/', at + 1) == std::string::npos)
      name.resize(at);
  }
  return reports::BenchmarkKey::from_text(name);
}

// Per counted iteration; absent counters stay absent, and one that is not a
// number fails the sample.
Result<void> add_counters(const nlohmann::json& row, const std::string& sources,
                          SampleRecord& r) {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto counted_field,
      typed_field(row, "fpbench_counted_iterations", Kind::kNumber));
  const double counted = counted_field ? counted_field->get<double>() : 0.0;
  if (!(counted > 0)) return {};
  r.iterations = static_cast<std::int64_t>(counted);
  const auto add = [&](const char* field, const char* metric,
                       const char* counter) -> Result<void> {
    FPBENCH_ASSIGN_OR_RETURN(const auto value,
                             typed_field(row, field, Kind::kNumber));
    if (!value) return {};
    r.metrics.emplace_back(metric,
                           MetricReading{value->get<double>() / counted,
                                         counter_source(sources, counter),
                                         {},
                                         {}});
    return {};
  };
  for (auto ok : {add("fpbench_cpu_s", "cpu", "cpu"),
                  add("fpbench_faults", "faults", "faults"),
                  add("fpbench_instructions", "instructions", "instructions"),
                  add("fpbench_allocs", "allocs", "allocs"),
                  add("fpbench_alloc_bytes", "alloc_bytes", "allocs")}) {
    FPBENCH_TRY(ok);
  }
  FPBENCH_ASSIGN_OR_RETURN(const auto syscalls,
                           typed_field(row, "fpbench_syscalls", Kind::kNumber));
  if (syscalls) {
    MetricReading calls{syscalls->get<double>() / counted,
                        counter_source(sources, "syscalls"),
                        {},
                        {}};
    for (const auto& [key, value] : row.items()) {
      if (key.rfind(kSyscallPrefix, 0) != 0) continue;
      if (!value.is_number()) {
        return benchmark_error(fmt::format(
            "the benchmark's {} is {}, not a number", key, shortened(value)));
      }
      calls.by_name.emplace_back(key.substr(kSyscallPrefix.size()),
                                 value.get<double>() / counted);
    }
    r.metrics.emplace_back("syscalls", std::move(calls));
    FPBENCH_TRY(add("fpbench_syscalls_all", "syscalls_all", "syscalls"));
  }
  return {};
}

// The row's fpbench_outcome_* counters, and its label where that is one.
Result<void> add_outcomes(const nlohmann::json& row, RowLabel label,
                          SampleRecord& r) {
  for (const auto& [key, value] : row.items()) {
    if (key.rfind(kOutcomePrefix, 0) != 0) continue;
    if (!value.is_number()) {
      return benchmark_error(fmt::format(
          "the benchmark's {} is {}, not a number", key, shortened(value)));
    }
    r.outcomes.emplace_back(key.substr(kOutcomePrefix.size()),
                            value.get<double>());
  }
  if (label != RowLabel::kOutcome) return {};
  FPBENCH_ASSIGN_OR_RETURN(const auto text,
                           typed_field(row, "label", Kind::kString));
  if (text && !text->get_ref<const std::string&>().empty())
    r.outcomes.emplace_back("label", text->get<std::string>());
  return {};
}

}  // namespace

Result<std::vector<SampleRecord>> parse_scenario_json(const std::string& json,
                                                      RowRate rate_from,
                                                      RowLabel label) {
  const auto doc =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) {
    // What it printed instead, so that "NaN" or a stray log line shows.
    const std::size_t first = json.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
      return benchmark_error(
          "the benchmark printed no Google Benchmark JSON (its output was "
          "empty)");
    }
    return benchmark_error(fmt::format(
        "the benchmark printed no Google Benchmark JSON (its output begins: "
        "{})",
        shortened(json.substr(first, json.find('\n', first) - first))));
  }
  if (!doc.is_object() || !doc.contains("benchmarks") ||
      !doc["benchmarks"].is_array()) {
    return benchmark_error(
        fmt::format("the benchmark printed JSON without Google Benchmark's "
                    "\"benchmarks\" array: {}",
                    shortened(doc)));
  }
  const nlohmann::json no_context = nlohmann::json::object();
  const nlohmann::json& context =
      doc.contains("context") ? doc["context"] : no_context;
  if (!context.is_object()) {
    return benchmark_error(fmt::format(
        "the benchmark's context is {}, not an object", shortened(context)));
  }
  FPBENCH_ASSIGN_OR_RETURN(const auto isa,
                           typed_field(context, "fpbench_isa", Kind::kString));
  FPBENCH_ASSIGN_OR_RETURN(
      const auto sources,
      typed_field(context, "fpbench_counter_sources", Kind::kString));
  const std::string source_list =
      sources ? sources->get<std::string>() : std::string();
  std::vector<SampleRecord> out;
  for (const auto& b : doc["benchmarks"]) {
    if (!b.is_object()) {
      return benchmark_error(
          fmt::format("the benchmark printed a row that is {}, not an object",
                      shortened(b)));
    }
    // An error row is the child's own word on what failed, whatever else
    // it lacks.
    FPBENCH_ASSIGN_OR_RETURN(const auto errored,
                             typed_field(b, "error_occurred", Kind::kBoolean));
    if (errored && errored->get<bool>()) {
      FPBENCH_ASSIGN_OR_RETURN(const auto message,
                               typed_field(b, "error_message", Kind::kString));
      return benchmark_error(message ? message->get<std::string>()
                                     : std::string("error"));
    }
    // Google Benchmark 1.8+: SkipWithMessage, and SkipWithError as well.
    FPBENCH_ASSIGN_OR_RETURN(const auto skipped,
                             typed_field(b, "skipped", Kind::kBoolean));
    if (skipped && skipped->get<bool>()) {
      FPBENCH_ASSIGN_OR_RETURN(const auto message,
                               typed_field(b, "skip_message", Kind::kString));
      return benchmark_error("skipped: " + (message
                                                ? message->get<std::string>()
                                                : std::string("(no message)")));
    }
    FPBENCH_ASSIGN_OR_RETURN(const auto run_type,
                             typed_field(b, "run_type", Kind::kString));
    if (!run_type)
      return benchmark_error("the benchmark's row has no run_type");
    if (run_type->get_ref<const std::string&>() != "iteration") continue;
    double values[3] = {};
    const char* const keys[3] = {"items_per_second", "real_time", "iterations"};
    for (std::size_t i = 0; i < 3; ++i) {
      if (i == 0 && rate_from == RowRate::kPerIteration) continue;
      FPBENCH_ASSIGN_OR_RETURN(const auto value,
                               typed_field(b, keys[i], Kind::kNumber));
      if (!value)
        return benchmark_error(
            fmt::format("the benchmark reported no {}", keys[i]));
      values[i] = value->get<double>();
    }
    const double real_time = values[1];
    const double iterations = values[2];
    // A count, and one an int64 holds exactly.
    if (!(iterations >= 1 && iterations <= 9007199254740992.0) ||
        iterations !=
            static_cast<double>(static_cast<std::int64_t>(iterations))) {
      return benchmark_error(fmt::format(
          "the benchmark's iterations is {}, not a count of 1 or more",
          iterations));
    }
    FPBENCH_ASSIGN_OR_RETURN(const auto unit_field,
                             typed_field(b, "time_unit", Kind::kString));
    if (!unit_field)
      return benchmark_error("the benchmark reported no time_unit");
    const std::string unit = unit_field->get<std::string>();
    const double per_unit = seconds_per_unit(unit);
    if (per_unit == 0) {
      return benchmark_error("the benchmark reported an unknown time_unit '" +
                             unit + "': expected ns, us, ms or s");
    }
    FPBENCH_ASSIGN_OR_RETURN(const auto name_field,
                             typed_field(b, "name", Kind::kString));
    SampleRecord r;
    const auto name = benchmark_of_row(
        name_field ? name_field->get<std::string>() : std::string());
    const double time_s = real_time * iterations * per_unit;
    // As `fpbench compare --gbench` reads the row: iterations per second.
    const double rate = rate_from == RowRate::kPerIteration
                            ? 1.0 / (real_time * per_unit)
                            : values[0];
    const std::string where = name.text();
    for (auto ok : {reports::check_rate(rate, where),
                    reports::check_time(time_s, where)}) {
      if (!ok) return benchmark_error(ok.error().message);
    }
    r.filename = name.filename;
    r.configuration = name.configuration;
    r.isa = isa ? isa->get<std::string>() : std::string();
    r.iterations = static_cast<std::int64_t>(iterations);
    r.metrics.emplace_back("wall", MetricReading{rate, "clock", time_s, {}});
    FPBENCH_TRY(add_counters(b, source_list, r));
    FPBENCH_TRY(add_outcomes(b, label, r));
    out.push_back(std::move(r));
  }
  if (out.empty()) return benchmark_error("no benchmark matched");
  return out;
}

}  // namespace fpbench::harness
