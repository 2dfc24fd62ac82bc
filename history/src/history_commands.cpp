// The history commands: record, detect, report and the plot's JSON.

#include "fpbench/history/history_commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "fpbench/base/file_write.hpp"
#include "fpbench/base/output_format.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/history_report.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/plot.hpp"
#include "fpbench/reports/sample_sources.hpp"
#include "fpbench/stats/change_points.hpp"
#include "history_input.hpp"
#include "machine_class.hpp"

namespace fpbench::history {
namespace {

// Short --since values are run counts, longer ones commits: a 7-digit
// all-numeric abbreviated SHA is possible, a 7-digit night count is not.
constexpr std::size_t kMaxRunCountDigits = 6;
constexpr std::size_t kMinCommitPrefix = 4;
// Reading commands never create, migrate or write a store.
const OpenOptions kExisting{kLatestSchemaVersion, AccessMode::kReadOnly};

std::string host_name() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0 || name[0] == '\0')
    return "unknown";
  return name;
}

// "all" is every metric of the store, each series on its own.
constexpr std::string_view kAllMetrics = "all";

Result<void> validate_metric(const std::string& metric, bool all_allowed) {
  if (all_allowed && metric == kAllMetrics) return {};
  if (reports::metric_info(metric)) return {};
  std::string names;
  for (std::string_view n : reports::known_metrics())
    names += std::string(n) + ", ";
  return usage_error(
      fmt::format("--metric: unknown metric '{}': expected {}syscalls:NAME{}",
                  metric, names, all_allowed ? " or all" : ""));
}

Result<void> validate(const SeriesOptions& o) {
  if (o.db.empty()) return usage_error("--db is required");
  FPBENCH_TRY(validate_metric(o.metric, true));
  if (o.window < 4) return usage_error("--window must be at least 4");
  if (o.min_segment < 2) return usage_error("--min-segment must be at least 2");
  if (!(o.p_value > 0 && o.p_value <= 1))
    return usage_error("--p-value must be in (0, 1]");
  if (!(o.min_magnitude_pct >= 0))
    return usage_error("--min-magnitude must be >= 0");
  if (o.side != "new" && o.side != "old") {
    return usage_error("--side must be new or old, not '" + o.side + "'");
  }
  return {};
}

bool is_run_count(const std::string& since) {
  return !since.empty() && since.size() <= kMaxRunCountDigits &&
         std::all_of(since.begin(), since.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

// The first point index --since covers in each series.
Result<void> apply_since(std::vector<SeriesAnalysis>& analyses,
                         const std::string& since) {
  if (since.empty() || is_run_count(since)) {
    std::size_t n = 1;
    if (!since.empty()) {
      n = std::stoul(since);
      if (n == 0)
        return usage_error("--since 0 selects no run; use at least 1");
    }
    for (auto& a : analyses) {
      const std::size_t size = a.series.points.size();
      a.selected_from = size > n ? size - n : 0;
    }
    return {};
  }
  if (since.size() < kMinCommitPrefix) {
    return usage_error(
        fmt::format("--since '{}': a commit needs at least {} characters",
                    since, kMinCommitPrefix));
  }
  std::set<std::string> commits;
  std::string earliest_date;
  for (const auto& a : analyses) {
    for (const auto& p : a.series.points) {
      if (!p.commit.starts_with(since)) continue;
      commits.insert(p.commit);
      if (earliest_date.empty() || p.date < earliest_date)
        earliest_date = p.date;
    }
  }
  if (commits.empty()) {
    return usage_error(
        fmt::format("--since: no recorded run of commit '{}'", since));
  }
  if (commits.size() > 1) {
    return usage_error(
        fmt::format("--since: '{}' is ambiguous ({} commits start with it)",
                    since, commits.size()));
  }
  for (auto& a : analyses) {
    const auto& points = a.series.points;
    auto at = std::find_if(
        points.begin(), points.end(),
        [&](const RunPoint& p) { return p.commit == *commits.begin(); });
    if (at == points.end()) {
      at = std::find_if(points.begin(), points.end(), [&](const RunPoint& p) {
        return p.date >= earliest_date;
      });
    }
    a.selected_from = static_cast<std::size_t>(at - points.begin());
  }
  return {};
}

// What detect compared: within one machine class per series. Says which
// classes each machine has, so that a second class (a new CPU, kernel or
// compiler) is seen to start a series of its own.
std::string machine_class_note(const std::vector<SeriesAnalysis>& analyses) {
  std::map<std::string, std::set<std::string>> classes;
  for (const auto& a : analyses)
    classes[a.series.machine].insert(a.series.machine_class);
  if (classes.empty()) return {};
  std::string listed;
  for (const auto& [machine, set] : classes) {
    std::string names;
    for (const std::string& c : set) {
      names += (names.empty() ? "" : ", ") +
               (c.empty() ? std::string("unfingerprinted") : c);
    }
    listed +=
        fmt::format("{}{} ({} {})", listed.empty() ? "" : "; ", machine,
                    set.size() == 1 ? "class" : "classes, each apart:", names);
  }
  return fmt::format(
      "runs compared within one machine class only (CPU, cores, kernel, "
      "compilers and flags): {}\n",
      listed);
}

// Below its noise floor a metric's change is the noise between processes,
// however steady the nights around it.
stats::ChangePointOptions change_point_options(const SeriesOptions& options,
                                               const std::string& metric) {
  stats::ChangePointOptions cp;
  cp.window = options.window;
  cp.max_p_value = options.p_value;
  cp.min_segment = options.min_segment;
  cp.min_magnitude = options.min_magnitude_pct / 100;
  if (const auto info = reports::metric_info(metric)) {
    cp.min_magnitude = std::max(cp.min_magnitude, info->noise_floor);
  }
  return cp;
}

// A count measured exactly (instructions, system calls, allocations: a
// noise floor of at most 0.1%, and every run's samples within it) changes
// in steps that need no segment of nights to be believed: its floor, for
// detect_exact_steps. None for times and rates, and for a series whose
// runs spread (a count that is not exact on this machine).
std::optional<double> exact_floor(const reports::Series& series) {
  const auto info = reports::metric_info(series.metric);
  if (!info || !info->gate_threshold_pct || info->noise_floor > 1e-3)
    return std::nullopt;
  for (const reports::RunPoint& p : series.points) {
    if (p.max - p.min > info->noise_floor * std::fabs(p.mean))
      return std::nullopt;
  }
  return info->noise_floor;
}

// The "context" object of `fpbench run --json`'s file.
Result<nlohmann::json> read_run_context(const std::string& path) {
  FPBENCH_ASSIGN_OR_RETURN(auto text, reports::read_input(path));
  const auto doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("context") ||
      !doc["context"].is_object()) {
    return bad_input_error(
        path + ": not the --json file of fpbench run (no \"context\" object)");
  }
  return doc["context"];
}

}  // namespace

Result<CommandOutput> history_record(const RecordOptions& options) {
  if (options.db.empty()) return usage_error("--db is required");
  if (options.commit.empty()) return usage_error("--commit is required");
  nlohmann::json context;
  if (!options.context.empty()) {
    FPBENCH_ASSIGN_OR_RETURN(context, read_run_context(options.context));
  }
  std::string machine = options.machine;
  if (machine.empty() && context.contains("machine_name") &&
      context["machine_name"].is_string()) {
    machine = context["machine_name"].get<std::string>();
  }
  RecordInfo info{options.commit,
                  options.date.empty() ? utc_now_iso8601() : options.date,
                  machine.empty() ? host_name() : machine,
                  reports::input_display_name(options.file)};
  info.new_machine_class = options.new_machine_class;
  // The date first: a bad --date is a usage error whatever the file holds.
  FPBENCH_TRY(normalize_iso8601(info.date_iso));
  FPBENCH_ASSIGN_OR_RETURN(auto text, reports::read_input(options.file));
  FPBENCH_ASSIGN_OR_RETURN(auto input,
                           detail::parse_record_input(text, info.source_file));
  const detail::Fingerprint fingerprint =
      options.context.empty()
          ? detail::local_fingerprint(input.metrics)
          : detail::fingerprint_from_context(context, input.metrics);
  info.fingerprint = fingerprint.canonical();
  info.machine_class = fingerprint.machine_class();
  FPBENCH_ASSIGN_OR_RETURN(auto store, HistoryStore::open(options.db));
  FPBENCH_ASSIGN_OR_RETURN(auto summary, store.record(input.metrics, info));
  std::string text_out = fmt::format(
      "recorded run {} (commit {}, machine {}, {}): {} benchmarks, {} samples, "
      "{}\n",
      summary.run_id, info.commit, info.machine, summary.date,
      summary.benchmarks, summary.samples,
      summary.replaced
          ? "replaced the earlier recording of this commit and machine"
          : "new run");
  text_out += fmt::format(
      "machine class {} (fingerprint from {}){}\n", info.machine_class,
      options.context.empty() ? "this host; no --context" : options.context,
      options.new_machine_class ? ", a new class of this machine" : "");
  if (input.from_jsonl) {
    std::string listed;
    std::size_t by_name = 0;
    for (const RecordedMetric& m : input.metrics) {
      if (m.metric.starts_with("syscalls:")) {
        ++by_name;
        continue;
      }
      listed += fmt::format("{}{} ({})", listed.empty() ? "" : ", ", m.metric,
                            m.source);
    }
    text_out += fmt::format(
        "metrics: {}{}\n", listed,
        by_name == 0 ? std::string()
                     : fmt::format("; {} system calls by name", by_name));
    for (const std::string& m : input.skipped) {
      text_out +=
          fmt::format("left out metric '{}': unknown to this fpbench\n", m);
    }
  }
  return CommandOutput{std::move(text_out), kExitOk};
}

Result<std::vector<SeriesAnalysis>> analyse_history(
    HistoryStore& store, const SeriesOptions& options,
    const std::string& since) {
  FPBENCH_TRY(validate(options));
  const bool all_metrics = options.metric == kAllMetrics;
  // One --filter narrows the query itself; the rest is selected here.
  FPBENCH_ASSIGN_OR_RETURN(
      auto series,
      store.load_series(SeriesQuery{
          options.side, options.machine,
          options.filters.size() == 1 ? options.filters.front() : std::string(),
          all_metrics ? "" : options.metric}));
  series.erase(std::remove_if(series.begin(), series.end(),
                              [&](const Series& s) {
                                return !reports::name_selected(
                                    s.benchmark, options.filters,
                                    options.excludes);
                              }),
               series.end());
  std::string selection;
  for (const std::string& f : options.filters)
    selection += " --filter '" + f + "'";
  for (const std::string& e : options.excludes)
    selection += " --exclude '" + e + "'";
  // An empty selection would pass a gate silently; a typo must not. An
  // empty store passes: the first night has nothing to compare.
  const bool chosen_metric = !all_metrics && options.metric != "wall";
  if (series.empty() &&
      (!selection.empty() || !options.machine.empty() || chosen_metric)) {
    return usage_error(fmt::format(
        "no {} series in {} matches{}{}{}", options.side, options.db,
        chosen_metric ? " --metric '" + options.metric + "'" : std::string(),
        selection,
        options.machine.empty() ? std::string()
                                : " --machine '" + options.machine + "'"));
  }

  std::vector<SeriesAnalysis> out;
  out.reserve(series.size());
  std::vector<double> means;
  for (Series& s : series) {
    SeriesAnalysis a;
    a.series = std::move(s);
    means.clear();
    for (const RunPoint& p : a.series.points) means.push_back(p.mean);
    const bool lower_is_better = a.series.lower_is_better;
    const std::optional<double> exact = exact_floor(a.series);
    const std::vector<stats::ChangePoint> changes =
        exact ? stats::detect_exact_steps(means, *exact)
              : stats::detect_change_points(
                    means, change_point_options(options, a.series.metric));
    for (const stats::ChangePoint& c : changes) {
      const RunPoint& at = a.series.points.at(c.index);
      const bool worse = lower_is_better ? c.magnitude > 0 : c.magnitude < 0;
      const std::string before =
          c.index > 0 ? a.series.points[c.index - 1].commit : std::string();
      a.changes.push_back(DetectedChange{
          c.index, at.commit, at.date, c.mean_before, c.mean_after,
          100 * c.magnitude, c.p_value, worse, false, before});
    }
    out.push_back(std::move(a));
  }
  FPBENCH_TRY(apply_since(out, since));
  for (auto& a : out) {
    for (auto& c : a.changes) c.selected = c.index >= a.selected_from;
  }
  return out;
}

Result<CommandOutput> history_detect(const DetectOptions& options) {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto format,
      cli::parse_output_format(options.format, {cli::OutputFormat::kText,
                                                cli::OutputFormat::kMarkdown,
                                                cli::OutputFormat::kJson}));
  FPBENCH_TRY(validate(options.series));
  FPBENCH_ASSIGN_OR_RETURN(auto store,
                           HistoryStore::open(options.series.db, kExisting));
  FPBENCH_ASSIGN_OR_RETURN(
      auto analyses, analyse_history(store, options.series, options.since));
  CommandOutput out;
  for (const auto& a : analyses) {
    for (const auto& c : a.changes) {
      if (c.regression && c.selected) out.exit_code = kExitRegression;
    }
  }
  if (format == cli::OutputFormat::kText) {
    out.text =
        reports::format_detect_text(analyses) + machine_class_note(analyses);
  }
  if (format == cli::OutputFormat::kMarkdown) {
    const std::string note = machine_class_note(analyses);
    out.text = reports::format_detect_markdown(analyses) +
               (note.empty() ? "" : "\n" + note);
  }
  if (format == cli::OutputFormat::kJson) {
    const SeriesOptions& o = options.series;
    out.text = reports::format_detect_json(
        analyses, {o.side, o.metric, options.since, o.window, o.p_value,
                   o.min_segment, o.min_magnitude_pct});
  }
  return out;
}

Result<CommandOutput> history_report(const ReportOptions& options) {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto format,
      cli::parse_output_format(options.format, {cli::OutputFormat::kMarkdown,
                                                cli::OutputFormat::kJson}));
  FPBENCH_TRY(validate(options.series));
  FPBENCH_TRY(validate_metric(options.series.metric, false));
  FPBENCH_ASSIGN_OR_RETURN(auto store,
                           HistoryStore::open(options.series.db, kExisting));
  // --last is a count of runs for the listing alone; passed on as --since
  // it would become a commit prefix at 7 digits.
  FPBENCH_ASSIGN_OR_RETURN(auto analyses,
                           analyse_history(store, options.series, ""));
  return CommandOutput{
      format == cli::OutputFormat::kJson
          ? reports::format_report_json(analyses, options.last)
          : reports::format_report_markdown(analyses, options.last),
      kExitOk};
}

Result<std::string> history_plot_json(const SeriesOptions& options) {
  FPBENCH_TRY(validate(options));
  FPBENCH_TRY(validate_metric(options.metric, false));
  FPBENCH_ASSIGN_OR_RETURN(auto store,
                           HistoryStore::open(options.db, kExisting));
  FPBENCH_ASSIGN_OR_RETURN(auto analyses, analyse_history(store, options, ""));
  return reports::format_history_plot_json(analyses);
}

Result<CommandOutput> history_plot(const SeriesOptions& options,
                                   const std::string& png_path) {
  if (png_path.empty())
    return usage_error("plot needs an output file, e.g. history.png");
  FPBENCH_TRY(reports::check_plot_path(png_path));
  FPBENCH_ASSIGN_OR_RETURN(auto json, history_plot_json(options));
  std::string json_path = png_path;
  if (json_path.size() > 4 && json_path.ends_with(".png"))
    json_path.resize(json_path.size() - 4);
  json_path += ".json";
  FPBENCH_TRY(write_file_atomically(json_path, json));
  FPBENCH_TRY(
      reports::render_plot(reports::PlotKind::kHistory, json, png_path));
  return CommandOutput{
      fmt::format("wrote {} (its data: {})\n", png_path, json_path), kExitOk};
}

}  // namespace fpbench::history
