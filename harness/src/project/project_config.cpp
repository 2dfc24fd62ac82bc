#include "fpbench/harness/project_config.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <fstream>
#include <initializer_list>
#include <regex>
#include <set>
#include <span>
#include <sstream>

#include "fpbench/base/try.hpp"
#include "fpbench/ci/gate.hpp"
#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::harness {
namespace {

constexpr std::array<std::string_view, 4> kKinds = {"gbench", "command", "node",
                                                    "scenarios"};

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a number";
    case toml::node_type::boolean:
      return "a boolean";
    default:
      return "a date or time";
  }
}

std::string joined(std::span<const std::string_view> words) {
  std::string out;
  for (std::string_view w : words) {
    if (!out.empty()) out += ", ";
    out += w;
  }
  return out;
}

bool is_metric(std::string_view name) {
  const auto& known = reports::known_metrics();
  return std::find(known.begin(), known.end(), name) != known.end();
}

// Reads one table, remembering the keys taken: what is left at the end is
// refused by name. Every error is "FILE:LINE:COL: KEY: what was expected".
class TableReader {
 public:
  TableReader(const toml::table& table, std::string file, std::string prefix)
      : table_(table), file_(std::move(file)), prefix_(std::move(prefix)) {}

  [[nodiscard]] ConfigPlace place() const { return place_of(table_); }

  [[nodiscard]] ConfigPlace place_of(const toml::node& node) const {
    return {file_, static_cast<int>(node.source().begin.line),
            static_cast<int>(node.source().begin.column)};
  }

  [[nodiscard]] Error error_at(const toml::node& node, std::string_view key,
                               const std::string& what) const {
    return bad_input_error(
        fmt::format("{}: {}{}: {}", place_of(node).text(), prefix_, key, what));
  }

  [[nodiscard]] const toml::node* find(std::string_view key) {
    const toml::node* node = table_.get(key);
    if (node != nullptr) taken_.insert(std::string(key));
    return node;
  }

  [[nodiscard]] bool has(std::string_view key) const {
    return table_.contains(key);
  }

  Result<std::optional<std::string>> string(std::string_view key) {
    const toml::node* node = find(key);
    if (node == nullptr) return std::optional<std::string>{};
    if (const auto* s = node->as_string()) return std::optional(s->get());
    return error_at(*node, key, "expected a string, found " + type_name(*node));
  }

  Result<void> string(std::string_view key, std::string& out) {
    FPBENCH_ASSIGN_OR_RETURN(auto value, string(key));
    if (value) out = std::move(*value);
    return {};
  }

  Result<void> boolean(std::string_view key, bool& out) {
    const toml::node* node = find(key);
    if (node == nullptr) return {};
    if (const auto* b = node->as_boolean()) {
      out = b->get();
      return {};
    }
    return error_at(*node, key,
                    "expected true or false, found " + type_name(*node));
  }

  Result<void> integer(std::string_view key, int& out, int least) {
    const toml::node* node = find(key);
    if (node == nullptr) return {};
    const auto* i = node->as_integer();
    if (i == nullptr || i->get() < least || i->get() > 1000000) {
      return error_at(
          *node, key,
          fmt::format("expected a whole number of at least {}{}", least,
                      i == nullptr ? ", found " + type_name(*node)
                                   : ", found " + std::to_string(i->get())));
    }
    out = static_cast<int>(i->get());
    return {};
  }

  Result<std::optional<double>> number(std::string_view key) {
    const toml::node* node = find(key);
    if (node == nullptr) return std::optional<double>{};
    std::optional<double> value = node->value<double>();
    if (!value || !std::isfinite(*value) || *value <= 0) {
      return error_at(
          *node, key,
          "expected a positive number, found " +
              (value ? fmt::format("{}", *value) : type_name(*node)));
    }
    return value;
  }

  // A string or an array of strings.
  Result<std::vector<std::string>> strings(std::string_view key) {
    const toml::node* node = find(key);
    std::vector<std::string> out;
    if (node == nullptr) return out;
    if (const auto* s = node->as_string()) {
      out.push_back(s->get());
      return out;
    }
    const auto* array = node->as_array();
    if (array == nullptr) {
      return error_at(*node, key,
                      "expected a string or an array of strings, found " +
                          type_name(*node));
    }
    for (const toml::node& item : *array) {
      const auto* s = item.as_string();
      if (s == nullptr) {
        return error_at(
            item, key,
            "expected strings in the array, found " + type_name(item));
      }
      out.push_back(s->get());
    }
    return out;
  }

  Result<std::optional<std::chrono::seconds>> duration(std::string_view key) {
    const toml::node* node = find(key);
    if (node == nullptr) return std::optional<std::chrono::seconds>{};
    const auto* s = node->as_string();
    if (s == nullptr) {
      return error_at(*node, key,
                      "expected a duration such as \"90s\", \"10m\" or \"1h\", "
                      "found " +
                          type_name(*node));
    }
    auto d = parse_duration(s->get());
    if (!d) return error_at(*node, key, d.error().message);
    return std::optional(*d);
  }

  // A threshold: "5%", "0", or a number of percent.
  Result<double> threshold(std::string_view key, const toml::node& node) {
    taken_.insert(std::string(key));
    std::string text;
    if (const auto* s = node.as_string()) {
      text = s->get();
    } else if (auto v = node.value<double>()) {
      text = fmt::format("{}", *v);
    } else {
      return error_at(node, key,
                      "expected a threshold such as \"5%\" or \"0\", found " +
                          type_name(node));
    }
    auto pct = ci::parse_percentage(text, "threshold");
    if (!pct) {
      return error_at(node, key,
                      fmt::format("threshold \"{}\" is not a percentage (like "
                                  "\"5%\", \"0.5%\" or \"0\")",
                                  text));
    }
    const bool rate = key == "wall" || key == "cpu";
    if (rate && *pct >= 100) {
      return error_at(node, key,
                      fmt::format("threshold \"{}\": a rate cannot fall by "
                                  "100% or more, so no regression could "
                                  "cross it; give less than 100%",
                                  text));
    }
    return *pct;
  }

  // Every key of the table that names a metric, as a threshold.
  Result<std::vector<MetricThreshold>> thresholds() {
    std::vector<MetricThreshold> out;
    for (const auto& [key, node] : table_) {
      if (!is_metric(key.str())) continue;
      FPBENCH_ASSIGN_OR_RETURN(const double pct, threshold(key.str(), node));
      out.push_back({std::string(key.str()), pct});
    }
    return out;
  }

  // The keys nobody took, refused with the keys that are known here.
  Result<void> finish(const std::string& known) const {
    for (const auto& [key, node] : table_) {
      if (taken_.count(std::string(key.str())) != 0) continue;
      return bad_input_error(
          fmt::format("{}:{}:{}: {}{}: unknown key (known here: {})", file_,
                      key.source().begin.line, key.source().begin.column,
                      prefix_, key.str(), known));
    }
    return {};
  }

 private:
  const toml::table& table_;
  std::string file_;
  std::string prefix_;  // "benchmarks[2]." before every key named
  std::set<std::string> taken_;
};

Result<const toml::table*> sub_table(TableReader& reader,
                                     std::string_view key) {
  const toml::node* node = reader.find(key);
  if (node == nullptr) return static_cast<const toml::table*>(nullptr);
  if (const auto* t = node->as_table()) return t;
  return reader.error_at(*node, key,
                         "expected a table ([" + std::string(key) +
                             "]), found " + type_name(*node));
}

Result<BuildConfig> read_build(const toml::table& table,
                               const std::string& file) {
  TableReader r(table, file, "build.");
  BuildConfig build;
  FPBENCH_TRY(r.string("command", build.command));
  FPBENCH_ASSIGN_OR_RETURN(const toml::table* env, sub_table(r, "env"));
  if (env != nullptr) {
    for (const auto& [key, node] : *env) {
      const auto* s = node.as_string();
      if (s == nullptr) {
        return bad_input_error(
            fmt::format("{}: build.env.{}: expected a string, found {}",
                        r.place_of(node).text(), key.str(), type_name(node)));
      }
      build.env.emplace_back(std::string(key.str()), s->get());
    }
  }
  FPBENCH_TRY(r.finish("command, env"));
  return build;
}

Result<std::vector<std::string>> read_metrics(TableReader& r) {
  const bool given = r.has("metrics");
  const toml::node* node = given ? r.find("metrics") : nullptr;
  FPBENCH_ASSIGN_OR_RETURN(std::vector<std::string> metrics,
                           r.strings("metrics"));
  if (!given) return std::vector<std::string>{"wall"};
  if (metrics.empty()) return r.error_at(*node, "metrics", "names no metric");
  for (const std::string& m : metrics) {
    if (!is_metric(m)) {
      return r.error_at(*node, "metrics",
                        fmt::format("unknown metric '{}' (known: {})", m,
                                    reports::metric_names_text()));
    }
  }
  return metrics;
}

Result<std::vector<CommandParam>> read_params(TableReader& r) {
  std::vector<CommandParam> params;
  FPBENCH_ASSIGN_OR_RETURN(const toml::table* table, sub_table(r, "params"));
  if (table == nullptr) return params;
  for (const auto& [key, node] : *table) {
    CommandParam p;
    p.name = std::string(key.str());
    TableReader values(*table, r.place().file, "");
    auto list = values.strings(key.str());
    if (!list || list->empty()) {
      return r.error_at(node, "params." + p.name,
                        "expected a string or a non-empty array of strings");
    }
    p.values = std::move(*list);
    params.push_back(std::move(p));
  }
  return params;
}

Result<BenchmarkEntry> read_entry(const toml::table& table,
                                  const std::string& file, std::size_t index) {
  TableReader r(table, file, fmt::format("benchmarks[{}].", index + 1));
  BenchmarkEntry e;
  e.place = r.place();
  for (std::string_view kind : kKinds) {
    FPBENCH_ASSIGN_OR_RETURN(auto program, r.string(kind));
    if (!program) continue;
    if (!e.kind.empty()) {
      return bad_input_error(fmt::format(
          "{}: benchmarks[{}]: names both {} and {}; an entry is one kind of "
          "program",
          e.place.text(), index + 1, e.kind, kind));
    }
    if (program->empty()) {
      return r.error_at(*table.get(kind), kind, "is empty");
    }
    e.kind = std::string(kind);
    e.program = std::move(*program);
  }
  if (e.kind.empty()) {
    return bad_input_error(
        fmt::format("{}: benchmarks[{}]: names no program: give one of {}",
                    e.place.text(), index + 1, joined(kKinds)));
  }
  FPBENCH_TRY(r.string("name", e.name));
  FPBENCH_ASSIGN_OR_RETURN(e.metrics, read_metrics(r));
  FPBENCH_ASSIGN_OR_RETURN(e.min_time_s, r.number("min_time"));
  std::string known = e.kind + ", name, metrics, min_time";
  if (e.kind == "gbench") {
    FPBENCH_ASSIGN_OR_RETURN(e.selectors, r.strings("filter"));
    for (const std::string& pattern : e.selectors) {
      try {
        std::regex(pattern, std::regex::extended);
      } catch (const std::regex_error& error) {
        return r.error_at(*table.get("filter"), "filter",
                          fmt::format("'{}' is not a regular expression ({})",
                                      pattern, error.what()));
      }
    }
    FPBENCH_ASSIGN_OR_RETURN(e.args, r.strings("args"));
    known += ", filter, args";
  } else if (e.kind == "command") {
    FPBENCH_ASSIGN_OR_RETURN(e.params, read_params(r));
    FPBENCH_ASSIGN_OR_RETURN(e.setup, r.string("setup"));
    FPBENCH_ASSIGN_OR_RETURN(e.prepare, r.string("prepare"));
    FPBENCH_TRY(r.boolean("shell", e.shell));
    known += ", params, setup, prepare, shell";
    if (e.name.empty()) e.name = "command";
  } else {
    // node and scenarios select as fpbench run does.
    const char* select = e.kind == "node" ? "categories" : "select";
    FPBENCH_ASSIGN_OR_RETURN(e.selectors, r.strings(select));
    FPBENCH_ASSIGN_OR_RETURN(e.sets, r.strings("set"));
    FPBENCH_ASSIGN_OR_RETURN(e.excludes, r.strings("exclude"));
    known += fmt::format(", {}, set, exclude", select);
    if (e.kind == "node") {
      FPBENCH_TRY(r.string("benchmark_dir", e.benchmark_dir));
      known += ", benchmark_dir";
    } else {
      FPBENCH_ASSIGN_OR_RETURN(e.old_impl, r.string("old_impl"));
      FPBENCH_ASSIGN_OR_RETURN(e.new_impl, r.string("new_impl"));
      known += ", old_impl, new_impl";
    }
  }
  if (e.name.empty()) e.name = e.program;
  FPBENCH_TRY(r.finish(known));
  return e;
}

Result<std::vector<BenchmarkEntry>> read_benchmarks(TableReader& top,
                                                    const std::string& file) {
  std::vector<BenchmarkEntry> out;
  const toml::node* node = top.find("benchmarks");
  if (node == nullptr) return out;
  const auto* array = node->as_array();
  if (array == nullptr || !array->is_array_of_tables()) {
    return top.error_at(
        *node, "benchmarks",
        "expected [[benchmarks]] tables, found " + type_name(*node));
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    FPBENCH_ASSIGN_OR_RETURN(BenchmarkEntry e,
                             read_entry(*array->get(i)->as_table(), file, i));
    for (const BenchmarkEntry& other : out) {
      if (other.name == e.name && other.kind == e.kind) {
        return bad_input_error(fmt::format(
            "{}: benchmarks[{}]: measures the same {} as the entry at {} "
            "({}); give one of them another name",
            e.place.text(), i + 1, e.kind, other.place.text(), e.name));
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

Result<GateConfig> read_gate(const toml::table& table,
                             const std::string& file) {
  TableReader r(table, file, "gate.");
  GateConfig gate;
  FPBENCH_ASSIGN_OR_RETURN(gate.thresholds, r.thresholds());
  if (const toml::node* alpha = r.find("alpha")) {
    const auto v = alpha->value<double>();
    if (!v || !(*v > 0 && *v < 1))
      return r.error_at(*alpha, "alpha", "expected a number between 0 and 1");
    gate.alpha = *v;
  }
  FPBENCH_TRY(r.boolean("strict", gate.strict));
  FPBENCH_TRY(r.boolean("until_decided", gate.until_decided));
  FPBENCH_TRY(r.boolean("paired", gate.paired));
  FPBENCH_TRY(r.integer("runs", gate.runs, 2));
  FPBENCH_TRY(r.integer("look_every", gate.look_every, 1));
  FPBENCH_TRY(r.integer("max_runs", gate.max_runs, 2));
  FPBENCH_TRY(r.integer("counter_runs", gate.counter_runs, 1));
  FPBENCH_ASSIGN_OR_RETURN(auto budget, r.duration("time_budget"));
  if (budget) gate.time_budget = *budget;
  FPBENCH_ASSIGN_OR_RETURN(auto min_time, r.number("min_time"));
  if (min_time) gate.min_time_s = *min_time;
  if (gate.max_runs < gate.runs) {
    return bad_input_error(fmt::format(
        "{}: gate.max_runs ({}) is below gate.runs ({}), the first look",
        r.place().text(), gate.max_runs, gate.runs));
  }
  if (const toml::node* rules = r.find("rules")) {
    const auto* array = rules->as_array();
    if (array == nullptr || !array->is_array_of_tables()) {
      return r.error_at(
          *rules, "rules",
          "expected [[gate.rules]] tables, found " + type_name(*rules));
    }
    for (std::size_t i = 0; i < array->size(); ++i) {
      TableReader rule_reader(*array->get(i)->as_table(), file,
                              fmt::format("gate.rules[{}].", i + 1));
      GateRuleConfig rule;
      rule.place = rule_reader.place();
      FPBENCH_TRY(rule_reader.string("match", rule.match));
      if (rule.match.empty()) {
        return bad_input_error(fmt::format(
            "{}: gate.rules[{}]: needs match = \"PATTERN\" (a glob on the "
            "benchmark's name)",
            rule.place.text(), i + 1));
      }
      FPBENCH_ASSIGN_OR_RETURN(rule.thresholds, rule_reader.thresholds());
      if (rule.thresholds.empty()) {
        return bad_input_error(fmt::format(
            "{}: gate.rules[{}]: sets no threshold (METRIC = \"PCT\", e.g. "
            "wall = \"2%\")",
            rule.place.text(), i + 1));
      }
      FPBENCH_TRY(rule_reader.finish("match and metrics: " +
                                     reports::metric_names_text()));
      gate.rules.push_back(std::move(rule));
    }
  }
  if (gate.paired && gate.until_decided) {
    return bad_input_error(fmt::format(
        "{}: gate.paired needs until_decided = false: pairs are gated on a "
        "fixed number of runs",
        r.place().text()));
  }
  FPBENCH_TRY(r.finish(
      "alpha, strict, runs, look_every, max_runs, counter_runs, time_budget, "
      "min_time, until_decided, paired, rules and metrics: " +
      reports::metric_names_text()));
  return gate;
}

Result<HistoryConfig> read_history(const toml::table& table,
                                   const std::string& file) {
  TableReader r(table, file, "history.");
  HistoryConfig history;
  FPBENCH_TRY(r.string("store", history.store));
  FPBENCH_TRY(r.string("machine", history.machine));
  FPBENCH_TRY(r.integer("since", history.since, 1));
  FPBENCH_ASSIGN_OR_RETURN(history.notify, r.string("notify"));
  FPBENCH_ASSIGN_OR_RETURN(auto budget, r.duration("bisect_budget"));
  if (budget) history.bisect_budget = *budget;
  FPBENCH_ASSIGN_OR_RETURN(history.plot, r.strings("plot"));
  if (history.store.empty()) {
    return bad_input_error(
        fmt::format("{}: history.store is empty", r.place().text()));
  }
  FPBENCH_TRY(r.finish("store, machine, since, notify, bisect_budget, plot"));
  return history;
}

}  // namespace

std::string ConfigPlace::text() const {
  return fmt::format("{}:{}:{}", file, line, column);
}

Result<std::chrono::seconds> parse_duration(const std::string& text) {
  std::size_t used = 0;
  long long n = -1;
  try {
    n = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = text.substr(used);
  long long scale = 0;
  if (unit.empty() || unit == "s") scale = 1;
  if (unit == "m") scale = 60;
  if (unit == "h") scale = 3600;
  if (used == 0 || n <= 0 || scale == 0 || n > 1000000) {
    return usage_error(
        "expected a positive duration such as 90s, 10m or 1h, got '" + text +
        "'");
  }
  return std::chrono::seconds(n * scale);
}

Result<ProjectConfig> parse_project_config(std::string_view text,
                                           const std::string& path) {
  toml::table doc;
  try {
    doc = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    return bad_input_error(
        fmt::format("{}:{}:{}: {}", path, e.source().begin.line,
                    e.source().begin.column, e.description()));
  }
  ProjectConfig config;
  config.path = path;
  TableReader top(doc, path, "");
  FPBENCH_ASSIGN_OR_RETURN(const toml::table* build, sub_table(top, "build"));
  if (build != nullptr) {
    FPBENCH_ASSIGN_OR_RETURN(config.build, read_build(*build, path));
  }
  FPBENCH_ASSIGN_OR_RETURN(config.benchmarks, read_benchmarks(top, path));
  FPBENCH_ASSIGN_OR_RETURN(const toml::table* gate, sub_table(top, "gate"));
  if (gate != nullptr) {
    FPBENCH_ASSIGN_OR_RETURN(config.gate, read_gate(*gate, path));
  }
  FPBENCH_ASSIGN_OR_RETURN(const toml::table* history,
                           sub_table(top, "history"));
  if (history != nullptr) {
    FPBENCH_ASSIGN_OR_RETURN(config.history, read_history(*history, path));
  }
  FPBENCH_TRY(top.finish("build, benchmarks, gate, history"));
  if (config.build.command.empty()) {
    return bad_input_error(fmt::format(
        "{}: [build] command is missing: the shell command that builds a "
        "commit in its worktree",
        path));
  }
  if (config.benchmarks.empty()) {
    return bad_input_error(
        fmt::format("{}: no [[benchmarks]] entry: nothing to measure", path));
  }
  return config;
}

Result<ProjectConfig> load_project_config(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return usage_error(fmt::format(
        "--config {}: cannot read it (no such file?); fpbench pr and nightly "
        "read fpbench.toml at the repository's root by default",
        path));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_project_config(text.str(), path);
}

std::vector<std::string> configured_metrics(const ProjectConfig& config) {
  std::vector<std::string> out;
  for (std::string_view m : reports::known_metrics()) {
    for (const BenchmarkEntry& e : config.benchmarks) {
      if (std::find(e.metrics.begin(), e.metrics.end(), m) != e.metrics.end()) {
        out.emplace_back(m);
        break;
      }
    }
  }
  return out;
}

}  // namespace fpbench::harness
