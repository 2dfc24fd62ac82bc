#include "fpbench/reports/metric_samples.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_value.hpp"
#include "json_text.hpp"

namespace fpbench::reports {
namespace {

constexpr std::string_view kSyscallPrefix = "syscalls:";

const std::vector<MetricInfo>& metric_table() {
  static const std::vector<MetricInfo> table = {
      {"wall", "operations per second (wall clock)", false, 0, std::nullopt},
      {"cpu", "CPU seconds per operation (user + system)", true, 0,
       std::nullopt},
      {"instructions", "instructions per operation", true, 1e-4, 1.0},
      {"syscalls", "system calls per operation", true, 0, 0.0},
      {"syscalls_all", "system calls per operation, waits included", true, 0,
       0.0},
      {"faults", "page faults per operation", true, 0, 0.0},
      {"allocs", "allocation calls per operation", true, 0, 0.0},
      {"alloc_bytes", "bytes requested from the allocator per operation", true,
       0, 0.0},
      // A process's peak resident set moves by a few pages between runs of
      // one program (where the kernel placed its stack and libraries).
      {"rss", "peak resident set of the process, KiB", true, 0.02, 5.0},
  };
  return table;
}

Error bad_line(const std::string& input, std::size_t line,
               const std::string& what) {
  return bad_input_error(fmt::format("{}:{}: {}", input, line, what));
}

bool usable_number(const nlohmann::ordered_json& v) {
  return v.is_number() && std::isfinite(v.get<double>());
}

// "functions" and "alloc_sites" of instructions counted under callgrind.
Result<void> parse_profile(const nlohmann::ordered_json& j, LoopProfile& r,
                           const std::string& where) {
  if (j.contains("functions")) {
    if (!j["functions"].is_object())
      return bad_input_error(where + ": \"functions\" must be an object");
    for (const auto& [name, pair] : j["functions"].items()) {
      if (!pair.is_array() || pair.size() != 2 || !usable_number(pair[0]) ||
          !usable_number(pair[1]) || pair[0].get<double>() < 0 ||
          pair[1].get<double>() < 0) {
        return bad_input_error(
            fmt::format("{}: function '{}' must be [self, inclusive], two "
                        "counts",
                        where, name));
      }
      r.functions.emplace_back(
          name, FunctionCount{pair[0].get<double>(), pair[1].get<double>()});
    }
  }
  if (j.contains("alloc_sites")) {
    if (!j["alloc_sites"].is_object())
      return bad_input_error(where + ": \"alloc_sites\" must be an object");
    for (const auto& [name, count] : j["alloc_sites"].items()) {
      if (!usable_number(count) || count.get<double>() < 0) {
        return bad_input_error(
            fmt::format("{}: alloc site '{}' must be a count", where, name));
      }
      r.alloc_sites.emplace_back(name, count.get<double>());
    }
  }
  return {};
}

Result<MetricReading> parse_reading(const nlohmann::ordered_json& j,
                                    const std::string& metric,
                                    const std::string& input,
                                    std::size_t line) {
  if (!j.is_object() || !j.contains("value") || !usable_number(j["value"])) {
    return bad_line(input, line,
                    "metric '" + metric + "' needs a finite number \"value\"");
  }
  MetricReading r;
  r.value = j["value"].get<double>();
  const std::string where =
      fmt::format("{}:{}: metric '{}'", input, line, metric);
  FPBENCH_TRY(metric == "wall" ? check_rate(r.value, where)
                               : check_count(r.value, "value", where));
  if (!j.contains("source") || !j["source"].is_string()) {
    return bad_line(input, line,
                    "metric '" + metric + "' needs its \"source\"");
  }
  r.source = j["source"].get<std::string>();
  if (j.contains("time")) {
    if (!usable_number(j["time"]))
      return bad_line(input, line, "\"time\" must be a finite number");
    r.time_s = j["time"].get<double>();
    FPBENCH_TRY(check_time(*r.time_s, where));
  }
  if (j.contains("by_name")) {
    if (!j["by_name"].is_object())
      return bad_line(input, line, "\"by_name\" must be an object");
    for (const auto& [name, count] : j["by_name"].items()) {
      if (!usable_number(count)) {
        return bad_line(input, line, "by_name '" + name + "' must be a count");
      }
      FPBENCH_TRY(
          check_count(count.get<double>(), "by_name '" + name + "'", where));
      r.by_name.emplace_back(name, count.get<double>());
    }
  }
  return r;
}

// "outcome": {"NAME": number or text, ...}.
Result<void> parse_outcomes(const nlohmann::ordered_json& j, SampleRecord& r,
                            const std::string& input, std::size_t line) {
  if (!j.is_object())
    return bad_line(input, line, "\"outcome\" must be an object");
  for (const auto& [name, value] : j.items()) {
    if (usable_number(value)) {
      r.outcomes.emplace_back(name, value.get<double>());
    } else if (value.is_string()) {
      r.outcomes.emplace_back(name, value.get<std::string>());
    } else {
      return bad_line(input, line,
                      "outcome '" + name + "' must be a number or a string");
    }
  }
  return {};
}

Result<SampleRecord> parse_record(std::string_view text,
                                  const std::string& input, std::size_t line) {
  const auto j =
      nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) {
    const JsonSyntaxError e = describe_json_error(text);
    return bad_input_error(fmt::format("{}:{}:{}: invalid JSON: {}", input,
                                       line, e.column, e.reason));
  }
  if (!j.is_object()) return bad_line(input, line, "not a JSON object");
  SampleRecord r;
  const auto text_field = [&](const char* key) -> Result<std::string> {
    if (!j.contains(key) || !j[key].is_string()) {
      return bad_line(input, line, fmt::format("\"{}\" must be a string", key));
    }
    return j[key].get<std::string>();
  };
  FPBENCH_ASSIGN_OR_RETURN(auto binary, text_field("binary"));
  if (binary != "old" && binary != "new") {
    return bad_line(
        input, line,
        "\"binary\" must be \"old\" or \"new\", not \"" + binary + "\"");
  }
  r.binary = binary == "old" ? Binary::kOld : Binary::kNew;
  FPBENCH_ASSIGN_OR_RETURN(auto filename, text_field("filename"));
  FPBENCH_ASSIGN_OR_RETURN(auto configuration, text_field("configuration"));
  r.filename = std::move(filename);
  r.configuration = std::move(configuration);
  if (j.contains("iterations")) {
    if (!j["iterations"].is_number_integer()) {
      return bad_line(input, line, "\"iterations\" must be an integer");
    }
    r.iterations = j["iterations"].get<std::int64_t>();
  }
  if (j.contains("isa") && j["isa"].is_string())
    r.isa = j["isa"].get<std::string>();
  if (!j.contains("metrics") || !j["metrics"].is_object() ||
      j["metrics"].empty()) {
    return bad_line(input, line,
                    "\"metrics\" must be an object with at least one metric");
  }
  for (const auto& [name, value] : j["metrics"].items()) {
    FPBENCH_ASSIGN_OR_RETURN(auto reading,
                             parse_reading(value, name, input, line));
    r.metrics.emplace_back(name, std::move(reading));
  }
  if (j.contains("profile")) {
    if (!j["profile"].is_object())
      return bad_line(input, line, "\"profile\" must be an object");
    FPBENCH_TRY(parse_profile(j["profile"], r.profile,
                              fmt::format("{}:{}: profile", input, line)));
  }
  if (j.contains("outcome")) {
    FPBENCH_TRY(parse_outcomes(j["outcome"], r, input, line));
  }
  return r;
}

}  // namespace

std::optional<MetricInfo> metric_info(std::string_view metric) {
  if (metric.substr(0, kSyscallPrefix.size()) == kSyscallPrefix &&
      metric.size() > kSyscallPrefix.size()) {
    return MetricInfo{metric, "calls per operation", true, 0, 0.0};
  }
  for (const MetricInfo& m : metric_table()) {
    if (m.name == metric) return m;
  }
  return std::nullopt;
}

const std::vector<std::string_view>& known_metrics() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const MetricInfo& m : metric_table()) out.push_back(m.name);
    return out;
  }();
  return names;
}

std::string metric_names_text() {
  std::string names;
  for (std::string_view n : known_metrics())
    names += (names.empty() ? "" : ", ") + std::string(n);
  return names + " or syscalls:NAME";
}

bool same_outcome(const OutcomeValue& a, const OutcomeValue& b) {
  if (a.index() != b.index()) return false;
  if (const auto* text = std::get_if<std::string>(&a))
    return *text == std::get<std::string>(b);
  const double x = std::get<double>(a);
  const double y = std::get<double>(b);
  return std::fabs(x - y) <= 1e-9 * std::max(std::fabs(x), std::fabs(y));
}

std::string outcome_text(const OutcomeValue& v) {
  if (const auto* text = std::get_if<std::string>(&v)) return "'" + *text + "'";
  return fmt::format("{}", std::get<double>(v));
}

const MetricReading* SampleRecord::find(std::string_view metric) const {
  for (const auto& [name, reading] : metrics) {
    if (name == metric) return &reading;
  }
  return nullptr;
}

std::string sample_jsonl_line(const SampleRecord& record) {
  nlohmann::ordered_json j;
  j["binary"] = record.binary == Binary::kOld ? "old" : "new";
  j["filename"] = record.filename;
  j["configuration"] = record.configuration;
  j["iterations"] = record.iterations;
  if (!record.isa.empty()) j["isa"] = record.isa;
  nlohmann::ordered_json metrics = nlohmann::ordered_json::object();
  for (const auto& [name, r] : record.metrics) {
    nlohmann::ordered_json m;
    m["value"] = r.value;
    if (r.time_s) m["time"] = *r.time_s;
    m["source"] = r.source;
    if (!r.by_name.empty()) {
      nlohmann::ordered_json by_name = nlohmann::ordered_json::object();
      for (const auto& [call, count] : r.by_name) by_name[call] = count;
      m["by_name"] = std::move(by_name);
    }
    metrics[name] = std::move(m);
  }
  j["metrics"] = std::move(metrics);
  const LoopProfile& p = record.profile;
  if (!p.empty()) {
    nlohmann::ordered_json profile = nlohmann::ordered_json::object();
    nlohmann::ordered_json functions = nlohmann::ordered_json::object();
    for (const auto& [function, c] : p.functions)
      functions[function] =
          nlohmann::ordered_json::array({c.self, c.inclusive});
    profile["functions"] = std::move(functions);
    nlohmann::ordered_json sites = nlohmann::ordered_json::object();
    for (const auto& [site, count] : p.alloc_sites) sites[site] = count;
    profile["alloc_sites"] = std::move(sites);
    j["profile"] = std::move(profile);
  }
  if (!record.outcomes.empty()) {
    nlohmann::ordered_json outcome = nlohmann::ordered_json::object();
    for (const auto& [name, value] : record.outcomes) {
      std::visit([&, &key = name](const auto& v) { outcome[key] = v; }, value);
    }
    j["outcome"] = std::move(outcome);
  }
  return j.dump() + "\n";
}

bool looks_like_sample_jsonl(std::string_view text) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

Result<std::vector<SampleRecord>> parse_sample_jsonl(
    std::string_view text, const std::string& input_name) {
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  std::vector<SampleRecord> records;
  std::size_t line_number = 0;
  while (!text.empty()) {
    ++line_number;
    const std::size_t end = text.find('\n');
    const bool last = end == std::string_view::npos;
    std::string_view line = text.substr(0, end);
    text.remove_prefix(last ? text.size() : end + 1);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    if (last) {
      return bad_line(input_name, line_number,
                      "the last line has no newline: an interrupted write? "
                      "remove it to go on");
    }
    FPBENCH_ASSIGN_OR_RETURN(auto record,
                             parse_record(line, input_name, line_number));
    records.push_back(std::move(record));
  }
  if (records.empty()) return bad_input_error(input_name + ": no samples");
  return records;
}

Result<MetricSamples> select_metric(const std::vector<SampleRecord>& records,
                                    std::string_view metric,
                                    const std::string& input_name) {
  const auto info = metric_info(metric);
  if (!info) {
    return usage_error(fmt::format("unknown metric '{}': expected {}", metric,
                                   metric_names_text()));
  }
  const bool by_name =
      metric.substr(0, kSyscallPrefix.size()) == kSyscallPrefix;
  const std::string_view stored =
      by_name ? std::string_view("syscalls") : metric;
  const std::string_view call =
      by_name ? metric.substr(kSyscallPrefix.size()) : "";
  MetricSamples out;
  out.info = *info;
  out.metric = std::string(metric);
  for (const SampleRecord& r : records) {
    const MetricReading* reading = r.find(stored);
    if (reading == nullptr) continue;
    if (out.source.empty()) {
      out.source = reading->source;
    } else if (out.source != reading->source) {
      return bad_input_error(fmt::format(
          "{}: metric '{}' comes from two sources, {} and {}; compare "
          "samples of one source",
          input_name, stored, out.source, reading->source));
    }
    double value = reading->value;
    if (by_name) {
      const auto it =
          std::find_if(reading->by_name.begin(), reading->by_name.end(),
                       [&](const auto& p) { return p.first == call; });
      if (it == reading->by_name.end()) {
        return bad_input_error(fmt::format(
            "{}: system call '{}' is not counted by name", input_name, call));
      }
      value = it->second;
    }
    out.samples.add(r.binary, r.filename, r.configuration, value);
  }
  if (out.samples.sample_count() == 0) {
    const auto present = metrics_present(records);
    std::string names;
    for (const std::string& n : present)
      names += (names.empty() ? "" : ", ") + n;
    return bad_input_error(
        fmt::format("{}: no sample has metric '{}' (it has: {})", input_name,
                    stored, names));
  }
  return out;
}

std::vector<std::string> metrics_present(
    const std::vector<SampleRecord>& records) {
  std::vector<std::string> out;
  for (std::string_view name : known_metrics()) {
    const bool any = std::any_of(
        records.begin(), records.end(),
        [&](const SampleRecord& r) { return r.find(name) != nullptr; });
    if (any) out.emplace_back(name);
  }
  return out;
}

}  // namespace fpbench::reports
