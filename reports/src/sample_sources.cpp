#include "fpbench/reports/sample_sources.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/hyperfine_json.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::reports {
namespace {

// Reads OLD and NEW and adds each with `add(text, name, side)`.
template <class AddFile>
Result<void> load_pair(const std::vector<std::string>& paths,
                       std::string_view flag, const AddFile& add) {
  if (paths.size() != 2) {
    return usage_error(fmt::format("{} takes two files, OLD and NEW; got {}",
                                   flag, paths.size()));
  }
  if (paths[0] == "-" && paths[1] == "-") {
    return usage_error(
        fmt::format("{}: OLD and NEW cannot both be standard input", flag));
  }
  const Binary sides[] = {Binary::kOld, Binary::kNew};
  for (std::size_t i = 0; i < 2; ++i) {
    FPBENCH_ASSIGN_OR_RETURN(const auto text, read_input(paths[i]));
    FPBENCH_TRY(add(text, input_display_name(paths[i]), sides[i]));
  }
  return {};
}

// Two files whose names do not meet give a table of NaN rows; say why.
void warn_if_disjoint(const LoadedSamples& loaded, const SampleInputs& inputs,
                      std::vector<std::string>& warnings) {
  const auto& benchmarks = loaded.samples.benchmarks();
  const bool shared =
      std::any_of(benchmarks.begin(), benchmarks.end(), [](const auto& b) {
        return !b.old_rates.empty() && !b.new_rates.empty();
      });
  if (shared) return;
  const auto& paths = inputs.gbench.empty() ? inputs.hyperfine : inputs.gbench;
  warnings.push_back(fmt::format("{} and {} have no benchmark name in common",
                                 input_display_name(paths[0]),
                                 input_display_name(paths[1])));
}

Result<LoadedSamples> load_all_samples(const SampleInputs& inputs) {
  const int kinds = (inputs.csv_path.empty() ? 0 : 1) +
                    (inputs.gbench.empty() ? 0 : 1) +
                    (inputs.hyperfine.empty() ? 0 : 1);
  if (kinds != 1) {
    return usage_error(
        kinds == 0
            ? "no samples given: a samples CSV, --gbench-json OLD NEW or "
              "--hyperfine-json OLD NEW"
            : "give one kind of input: a samples CSV, --gbench-json OLD NEW "
              "or --hyperfine-json OLD NEW, not several");
  }

  LoadedSamples loaded;
  if (!inputs.csv_path.empty()) {
    FPBENCH_ASSIGN_OR_RETURN(const auto input, open_input(inputs.csv_path));
    const std::string_view text = input.view();
    if (looks_like_sample_jsonl(text)) {
      loaded.input_name = input_display_name(inputs.csv_path);
      FPBENCH_ASSIGN_OR_RETURN(loaded.records,
                               parse_sample_jsonl(text, loaded.input_name));
      loaded.has_metrics = true;
      return loaded;
    }
    FPBENCH_ASSIGN_OR_RETURN(
        loaded.samples,
        parse_samples_csv(text, input_display_name(inputs.csv_path)));
    loaded.metric_description = "rate_ops_per_s";
    return loaded;
  }

  if (!inputs.gbench.empty()) {
    FPBENCH_TRY(load_pair(
        inputs.gbench, "--gbench-json",
        [&](const std::string& text, const std::string& name, Binary side) {
          return add_gbench_json(text, name, side, inputs.metric,
                                 loaded.samples, loaded.warnings);
        }));
    loaded.metric_description = fmt::format("1/{} (iterations per second)",
                                            time_metric_name(inputs.metric));
  } else {
    FPBENCH_TRY(load_pair(
        inputs.hyperfine, "--hyperfine-json",
        [&](const std::string& text, const std::string& name, Binary side) {
          return add_hyperfine_json(text, name, side, loaded.samples,
                                    loaded.warnings);
        }));
    loaded.metric_description = "1/time (runs per second)";
  }
  warn_if_disjoint(loaded, inputs, loaded.warnings);
  return loaded;
}

}  // namespace

bool name_selected(std::string_view name,
                   const std::vector<std::string>& filters,
                   const std::vector<std::string>& excludes) {
  const auto in_name = [&](const std::string& text) {
    return name.find(text) != std::string_view::npos;
  };
  if (!filters.empty() && std::none_of(filters.begin(), filters.end(), in_name))
    return false;
  return std::none_of(excludes.begin(), excludes.end(), in_name);
}

Result<LoadedSamples> load_samples(const SampleInputs& inputs) {
  auto loaded = load_all_samples(inputs);
  if (!loaded || (inputs.filters.empty() && inputs.excludes.empty()))
    return loaded;
  const auto keep = [&](std::string_view name) {
    return name_selected(name, inputs.filters, inputs.excludes);
  };
  SampleSet kept;
  for (const BenchmarkSamples& b : loaded->samples.benchmarks()) {
    if (!keep(b.name)) continue;
    for (double v : b.old_rates)
      kept.add(Binary::kOld, b.filename, b.configuration, v);
    for (double v : b.new_rates)
      kept.add(Binary::kNew, b.filename, b.configuration, v);
  }
  loaded->samples = std::move(kept);
  auto& records = loaded->records;
  records.erase(
      std::remove_if(records.begin(), records.end(),
                     [&](const SampleRecord& r) {
                       return !keep(r.filename + " " + r.configuration);
                     }),
      records.end());
  if (loaded->samples.benchmarks().empty() && records.empty()) {
    return usage_error("no benchmark is selected by --filter and --exclude");
  }
  return loaded;
}

Result<std::vector<MetricInput>> select_metrics(
    const LoadedSamples& loaded, const std::vector<std::string>& names) {
  std::vector<MetricInput> out;
  if (!loaded.has_metrics) {
    for (const std::string& n : names) {
      if (n != "wall") {
        return usage_error("metric '" + n +
                           "' needs fpbench's JSON Lines samples (fpbench run "
                           "--metric); this input has wall-clock rates only");
      }
    }
    out.push_back({"wall", loaded.samples, loaded.metric_description, false,
                   std::nullopt, ""});
    return out;
  }
  const std::vector<std::string> chosen =
      names.empty() ? metrics_present(loaded.records) : names;
  for (const std::string& name : chosen) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto selected, select_metric(loaded.records, name, loaded.input_name));
    MetricInput m;
    m.metric = name;
    m.samples = std::move(selected.samples);
    m.lower_is_better = selected.info.lower_is_better;
    m.source = selected.source;
    m.description =
        name == "wall"
            ? std::string("rate_ops_per_s")
            : fmt::format("{}: {} ({}), lower is better", name,
                          selected.info.description, selected.source);
    if (name != "wall" && name != "cpu")
      m.exact_noise_floor = selected.info.noise_floor;
    out.push_back(std::move(m));
  }
  return out;
}

}  // namespace fpbench::reports
