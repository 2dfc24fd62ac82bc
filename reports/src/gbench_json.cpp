#include "fpbench/reports/gbench_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_value.hpp"
#include "json_text.hpp"

namespace fpbench::reports {
namespace {

using nlohmann::json;

constexpr std::string_view kExpected =
    "Google Benchmark JSON (--benchmark_format=json)";

// Name suffixes of aggregate rows in files that predate run_type.
constexpr std::array<std::string_view, 6> kAggregateSuffixes = {
    "_mean", "_median", "_stddev", "_cv", "_BigO", "_RMS"};

struct Row {
  std::string filename;
  std::string configuration;
  double rate_ops_per_s = 0;
};

// Iterations per second from a time per iteration in `unit`: 1e9 / t for
// ns, one division so that the rate is 1 / seconds exactly rounded.
std::optional<double> units_per_second(std::string_view unit) {
  if (unit == "ns") return 1e9;
  if (unit == "us") return 1e6;
  if (unit == "ms") return 1e3;
  if (unit == "s") return 1.0;
  return std::nullopt;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

// Reads one row; every message is completed by the caller with the file.
class RowReader {
 public:
  RowReader(const json& row, std::size_t index) : row_(row), index_(index) {}

  // The name, or an error when it is missing or not a string.
  Result<std::string> name() const {
    const auto it = row_.find("name");
    if (it == row_.end() || !it->is_string()) {
      return bad_input_error(
          fmt::format("benchmarks[{}] has no \"name\" string", index_));
    }
    return it->get<std::string>();
  }

  // A string field, or nullopt when absent; an error when of another type.
  Result<std::optional<std::string>> optional_string(
      std::string_view key, std::string_view benchmark) const {
    const auto it = row_.find(key);
    if (it == row_.end()) return std::optional<std::string>();
    if (!it->is_string()) return wrong_type(key, benchmark, "a string", *it);
    return std::optional<std::string>(it->get<std::string>());
  }

  // A boolean flag; absent is false.
  Result<bool> flag(std::string_view key, std::string_view benchmark) const {
    const auto it = row_.find(key);
    if (it == row_.end()) return false;
    if (it->is_boolean()) return it->get<bool>();
    return wrong_type(key, benchmark, "a boolean", *it);
  }

  [[nodiscard]] bool has(std::string_view key) const {
    return row_.contains(key);
  }

  Result<double> number(std::string_view key,
                        std::string_view benchmark) const {
    const auto it = row_.find(key);
    if (it == row_.end()) {
      return bad_input_error(
          fmt::format("benchmark '{}' has no \"{}\"", benchmark, key));
    }
    const std::optional<double> value = json_number(*it);
    if (!value) return wrong_type(key, benchmark, "a number", *it);
    return *value;
  }

 private:
  static Error wrong_type(std::string_view key, std::string_view benchmark,
                          std::string_view wanted, const json& value) {
    return bad_input_error(
        fmt::format("benchmark '{}': \"{}\" is {}, expected {}", benchmark, key,
                    json_type_name(value), wanted));
  }

  const json& row_;
  std::size_t index_;
};

enum class RowKind { kIteration, kAggregate };

Result<RowKind> row_kind(const RowReader& r, const std::string& name) {
  FPBENCH_ASSIGN_OR_RETURN(const auto run_type,
                           r.optional_string("run_type", name));
  if (run_type.has_value()) {
    if (*run_type == "iteration") return RowKind::kIteration;
    if (*run_type == "aggregate") return RowKind::kAggregate;
    return bad_input_error(
        fmt::format("benchmark '{}': unknown run_type '{}': expected "
                    "'iteration' or 'aggregate'",
                    name, *run_type));
  }
  // Before 1.5 there was no run_type.
  if (r.has("aggregate_name") || r.has("big_o") || r.has("rms")) {
    return RowKind::kAggregate;
  }
  const bool suffixed = std::any_of(
      kAggregateSuffixes.begin(), kAggregateSuffixes.end(),
      [&](std::string_view suffix) { return ends_with(name, suffix); });
  return suffixed ? RowKind::kAggregate : RowKind::kIteration;
}

// The warning for an errored or skipped row, or nullopt for a good row.
Result<std::optional<std::string>> skip_warning(const RowReader& r,
                                                const std::string& name,
                                                std::string_view source) {
  FPBENCH_ASSIGN_OR_RETURN(const auto errored, r.flag("error_occurred", name));
  FPBENCH_ASSIGN_OR_RETURN(const auto skipped, r.flag("skipped", name));
  if (!errored && !skipped) return std::optional<std::string>();
  FPBENCH_ASSIGN_OR_RETURN(
      const auto message,
      r.optional_string(errored ? "error_message" : "skip_message", name));
  return std::optional<std::string>(
      fmt::format("{}: benchmark '{}' skipped: {}", source, name,
                  message.value_or("(no message given)")));
}

Result<Row> sample_row(const RowReader& r, const std::string& name,
                       TimeMetric metric) {
  const std::string_view key = time_metric_name(metric);
  FPBENCH_ASSIGN_OR_RETURN(const auto time, r.number(key, name));
  FPBENCH_ASSIGN_OR_RETURN(const auto unit,
                           r.optional_string("time_unit", name));
  if (!unit.has_value()) {
    return bad_input_error(
        fmt::format("benchmark '{}' has no \"time_unit\"", name));
  }
  const std::optional<double> per_second = units_per_second(*unit);
  if (!per_second) {
    return bad_input_error(
        fmt::format("benchmark '{}': unknown time_unit '{}': expected "
                    "ns, us, ms or s",
                    name, *unit));
  }
  // Checked in seconds, and the rate too: a time that is normal in ns can
  // be subnormal in seconds, and a tiny one makes an infinite rate.
  const double rate = *per_second / time;
  auto why = why_not_positive(time / *per_second);
  if (!why) why = why_not_positive(rate);
  if (why) {
    return bad_input_error(
        fmt::format("benchmark '{}': {} is {} {}, which cannot become a rate: "
                    "it {} (a time must be positive, finite and normal)",
                    name, key, time, *unit, *why));
  }
  Row row;
  const std::size_t slash = name.find('/');
  row.filename = name.substr(0, slash);
  row.configuration = slash == std::string::npos ? "" : name.substr(slash + 1);
  row.rate_ops_per_s = rate;
  return row;
}

Error with_source(std::string_view source, const Error& e) {
  return Error(e.kind, fmt::format("{}: {}", source, e.message));
}

}  // namespace

Result<TimeMetric> parse_time_metric(std::string_view name) {
  if (name == "real_time") return TimeMetric::kRealTime;
  if (name == "cpu_time") return TimeMetric::kCpuTime;
  return usage_error(
      fmt::format("unknown metric '{}': expected real_time "
                  "or cpu_time",
                  name));
}

std::string_view time_metric_name(TimeMetric metric) {
  return metric == TimeMetric::kCpuTime ? "cpu_time" : "real_time";
}

Result<void> add_gbench_json(std::string_view json_text,
                             std::string_view source_name, Binary side,
                             TimeMetric metric, SampleSet& out,
                             std::vector<std::string>& warnings) {
  FPBENCH_ASSIGN_OR_RETURN(const auto doc,
                           parse_tool_json(json_text, source_name, kExpected));
  const auto benchmarks = doc.is_object() ? doc.find("benchmarks") : doc.end();
  if (!doc.is_object() || benchmarks == doc.end() || !benchmarks->is_array()) {
    return bad_input_error(fmt::format(
        "{}: no \"benchmarks\" array: expected {}", source_name, kExpected));
  }

  std::vector<Row> rows;
  std::vector<std::string> new_warnings;
  std::size_t aggregates = 0;
  std::size_t skipped = 0;
  for (std::size_t i = 0; i < benchmarks->size(); ++i) {
    const json& entry = (*benchmarks)[i];
    if (!entry.is_object()) {
      return bad_input_error(
          fmt::format("{}: benchmarks[{}] is {}, expected an object",
                      source_name, i, json_type_name(entry)));
    }
    const RowReader reader(entry, i);
    auto name = reader.name();
    if (!name) return with_source(source_name, name.error());
    const auto run_name = reader.optional_string("run_name", *name);
    if (!run_name) return with_source(source_name, run_name.error());

    const auto kind = row_kind(reader, *name);
    if (!kind) return with_source(source_name, kind.error());
    if (*kind == RowKind::kAggregate) {
      ++aggregates;
      continue;
    }
    // Iteration rows: run_name equals name, when there is one.
    const std::string& benchmark = run_name->has_value() ? **run_name : *name;
    const auto warning = skip_warning(reader, benchmark, source_name);
    if (!warning) return with_source(source_name, warning.error());
    if (warning->has_value()) {
      ++skipped;
      if (std::find(new_warnings.begin(), new_warnings.end(), **warning) ==
          new_warnings.end()) {
        new_warnings.push_back(**warning);
      }
      continue;
    }
    auto row = sample_row(reader, benchmark, metric);
    if (!row) return with_source(source_name, row.error());
    rows.push_back(std::move(*row));
  }

  if (rows.empty()) {
    std::string why = "the \"benchmarks\" array is empty";
    if (skipped > 0) {
      why = fmt::format("all {} iteration row(s) were skipped or errored",
                        skipped);
    } else if (aggregates > 0) {
      why = fmt::format(
          "it holds only {} aggregate row(s); run without "
          "--benchmark_report_aggregates_only to keep the "
          "repetitions",
          aggregates);
    }
    return bad_input_error(fmt::format(
        "{}: no iteration rows to use as samples: {}", source_name, why));
  }
  for (const Row& row : rows) {
    out.add(side, row.filename, row.configuration, row.rate_ops_per_s);
  }
  warnings.insert(warnings.end(), new_warnings.begin(), new_warnings.end());
  return {};
}

}  // namespace fpbench::reports
