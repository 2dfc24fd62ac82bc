#include "fpbench/harness/run_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <memory>
#include <random>
#include <set>

#include <fmt/format.h>

#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/harness/scenario_program.hpp"
#include "fpbench/reports/input.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "fpbench/stats/rate_comparison.hpp"
#include "machine_context.hpp"
#include "progress.hpp"

namespace fpbench::harness {

using reports::kSampleCsvHeader;
using reports::parse_samples_csv;
using reports::read_input;
using reports::sample_csv_line;

namespace {

constexpr std::array<const char*, 2> kSideLabels = {"old", "new"};

struct Benchmark {
  std::string name;  // "fs/x key=value ..."
  std::string filename;
  std::string configuration;
  std::array<std::vector<double>, 2> rates;
  std::array<std::vector<double>, 2> times;
  int target = 0;  // samples wanted per side
  bool failed = false;
};

// Samples that run back to back: one job (default schedule) or a
// configuration's old and new sample (--paired), in `sides` order.
struct Unit {
  std::size_t benchmark;
  std::array<std::size_t, 2> sides;
  std::size_t count;  // 1 or 2
};

// "all", the scenario's own name, or its category ("fs" for "fs/x").
bool selector_matches(const std::string& selector, const std::string& scenario) {
  return selector == "all" || scenario == selector || scenario.rfind(selector + "/", 0) == 0;
}

bool contains_any(const std::string& name, const std::vector<std::string>& parts) {
  return std::any_of(parts.begin(), parts.end(),
                     [&](const std::string& p) { return name.find(p) != std::string::npos; });
}

// The benchmarks both sides have, selected and filtered as compare.js does.
Result<std::vector<Benchmark>> plan(const std::array<ScenarioProgram, 2>& sides,
                                    const RunOptions& o) {
  std::array<std::vector<std::string>, 2> names;
  for (std::size_t s = 0; s < 2; ++s) {
    auto listed = sides[s].list_configs();
    if (!listed) return listed.error();
    names[s] = std::move(*listed);
  }
  const std::set<std::string> on_new(names[1].begin(), names[1].end());
  std::vector<Benchmark> out;
  std::set<std::string> matched_selectors;
  for (const std::string& name : names[0]) {
    const std::size_t space = name.find(' ');
    const std::string scenario = name.substr(0, space);
    bool selected = o.selectors.empty();
    for (const std::string& sel : o.selectors) {
      if (selector_matches(sel, scenario)) {
        matched_selectors.insert(sel);
        selected = true;
      }
    }
    if (!selected) continue;
    if (!o.filters.empty() && !contains_any(scenario, o.filters)) continue;
    if (contains_any(scenario, o.excludes)) continue;
    if (on_new.count(name) == 0) {
      std::fprintf(stderr, "fpbench: warning: %s is missing from %s; skipped\n", name.c_str(),
                   sides[1].path().c_str());
      continue;
    }
    Benchmark b;
    b.name = name;
    b.filename = scenario;
    b.configuration = space == std::string::npos ? "" : name.substr(space + 1);
    b.target = o.runs;
    out.push_back(std::move(b));
  }
  for (const std::string& sel : o.selectors) {
    if (matched_selectors.count(sel) == 0) {
      return usage_error("no scenario matches '" + sel + "' (see fpbench list)");
    }
  }
  if (out.empty()) return usage_error("no benchmark is left to run after --filter/--exclude");
  return out;
}

// Takes the samples an interrupted run already wrote into account.
Result<void> load_resumed(const std::string& path, std::vector<Benchmark>& benchmarks) {
  if (::access(path.c_str(), F_OK) != 0) return {};  // nothing to resume yet
  const auto text = read_input(path);
  if (!text) return text.error();
  if (text->empty()) return {};
  const auto samples = parse_samples_csv(*text, path);
  if (!samples) {
    if (samples.error().message.find("no samples") != std::string::npos) return {};
    return samples.error();
  }
  for (const auto& s : samples->benchmarks()) {
    for (Benchmark& b : benchmarks) {
      if (b.name != s.name) continue;
      b.rates[0] = s.old_rates;
      b.rates[1] = s.new_rates;
    }
  }
  return {};
}

class Runner {
 public:
  Runner(const RunOptions& o, std::array<ScenarioProgram, 2>& sides,
         std::vector<Benchmark>& benchmarks, SampleWriter& writer)
      : o_(o), sides_(sides), benchmarks_(benchmarks), writer_(writer), rng_(o.seed) {}

  Result<RunSummary> run() {
    std::size_t pending = 0;
    for (const Benchmark& b : benchmarks_) {
      for (std::size_t s = 0; s < 2; ++s) {
        pending += static_cast<std::size_t>(std::max(0, b.target - static_cast<int>(b.rates[s].size())));
      }
    }
    progress_ = std::make_unique<detail::Progress>(
        o_.progress && ::isatty(STDERR_FILENO) != 0,
        pending + static_cast<std::size_t>(o_.warmup) * 2 * benchmarks_.size());
    for (int w = 0; w < o_.warmup; ++w) {
      if (auto r = run_round(/*keep=*/false, w); !r) return r.error();
    }
    for (int round = 0;; ++round) {
      if (!has_pending() && !extend_unconverged()) break;
      if (auto r = run_round(/*keep=*/true, round); !r) return r.error();
    }
    progress_->finish();
    collect_not_converged();
    return std::move(summary_);
  }

 private:
  bool has_pending() const {
    return std::any_of(benchmarks_.begin(), benchmarks_.end(), [](const Benchmark& b) {
      return !b.failed && (static_cast<int>(b.rates[0].size()) < b.target ||
                           static_cast<int>(b.rates[1].size()) < b.target);
    });
  }

  [[nodiscard]] bool converged(const Benchmark& b) const {
    const auto c = stats::compare_rates(b.rates[0], b.rates[1]);
    return c.test && std::fabs(c.half_width_pct[0]) <= o_.target_accuracy_pct;
  }

  // With --target-accuracy: one more sample per side for every benchmark
  // whose 95% interval is still wider than the target.
  bool extend_unconverged() {
    if (o_.target_accuracy_pct <= 0) return false;
    bool any = false;
    for (Benchmark& b : benchmarks_) {
      if (b.failed || b.target >= o_.max_runs || converged(b)) continue;
      ++b.target;
      progress_->grow(2);
      any = true;
    }
    return any;
  }

  void collect_not_converged() {
    if (o_.target_accuracy_pct <= 0) return;
    for (const Benchmark& b : benchmarks_) {
      if (b.failed || converged(b)) continue;
      const auto c = stats::compare_rates(b.rates[0], b.rates[1]);
      summary_.not_converged.push_back(fmt::format(
          "{}: ±{:.2f}% after {} runs (target ±{:.2f}%)", b.name,
          c.test ? c.half_width_pct[0] : 0.0, b.rates[0].size(), o_.target_accuracy_pct));
    }
  }

  // The sides a configuration still needs this round. With --paired a
  // configuration whose resumed counts differ first runs its lagging side
  // alone, so that the k-th old and k-th new rows stay aligned.
  [[nodiscard]] std::array<bool, 2> wanted_sides(const Benchmark& b, bool keep) const {
    std::array<bool, 2> want{};
    for (std::size_t s = 0; s < 2; ++s) {
      want[s] = !keep || static_cast<int>(b.rates[s].size()) < b.target;
    }
    if (o_.paired && keep && b.rates[0].size() != b.rates[1].size()) {
      want[b.rates[0].size() < b.rates[1].size() ? 1 : 0] = false;
    }
    return want;
  }

  // Default: every (configuration, side) job shuffled on its own. Paired:
  // configurations shuffled, then a coin per pair for which side goes first.
  std::vector<Unit> schedule(bool keep) {
    std::vector<Unit> units;
    for (std::size_t i = 0; i < benchmarks_.size(); ++i) {
      if (benchmarks_[i].failed) continue;
      const auto want = wanted_sides(benchmarks_[i], keep);
      if (o_.paired) {
        Unit u{i, {0, 0}, 0};
        for (std::size_t s = 0; s < 2; ++s) {
          if (want[s]) u.sides[u.count++] = s;
        }
        if (u.count > 0) units.push_back(u);
      } else {
        for (std::size_t s = 0; s < 2; ++s) {
          if (want[s]) units.push_back({i, {s, 0}, 1});
        }
      }
    }
    std::shuffle(units.begin(), units.end(), rng_);
    if (o_.paired) {
      for (Unit& u : units) {
        if (u.count == 2 && (rng_() & 1U) != 0) std::swap(u.sides[0], u.sides[1]);
      }
    }
    return units;
  }

  Result<void> run_round(bool keep, int round) {
    const std::vector<Unit> units = schedule(keep);
    round_ = static_cast<std::size_t>(round);
    round_samples_ = 0;
    for (const Unit& u : units) round_samples_ += u.count;
    done_in_round_ = 0;
    for (const Unit& u : units) {
      if (auto r = run_unit(u, keep); !r) return r;
    }
    return {};
  }

  // Runs the unit's samples in order; a failure stops the configuration and
  // drops the unit's samples measured before it, so no half pair is written.
  // The unit's rows go out in one write.
  Result<void> run_unit(const Unit& u, bool keep) {
    Benchmark& b = benchmarks_[u.benchmark];
    if (b.failed) return {};
    std::array<Sample, 2> measured{};
    for (std::size_t k = 0; k < u.count; ++k) {
      const std::size_t side = u.sides[k];
      auto sample = sides_[side].run(b.name, o_.min_time_s, ProcessOptions{o_.cpu});
      ++done_;
      ++done_in_round_;
      if (!sample) {
        b.failed = true;
        const std::string dropped =
            k == 0 ? std::string()
                   : fmt::format("; its paired {} sample was dropped", kSideLabels[u.sides[0]]);
        summary_.failures.push_back(fmt::format("{} [{}{}]: {}", b.name, kSideLabels[side],
                                                dropped, sample.error().message));
        update_progress();
        return {};
      }
      measured[k] = *sample;
      update_progress();
    }
    if (!keep) return {};
    std::string lines;
    for (std::size_t k = 0; k < u.count; ++k) {
      const std::size_t side = u.sides[k];
      b.rates[side].push_back(measured[k].rate_ops_per_s);
      b.times[side].push_back(measured[k].time_s);
      lines += sample_csv_line(kSideLabels[side], b.filename, b.configuration,
                               measured[k].rate_ops_per_s, measured[k].time_s);
    }
    if (auto written = writer_.write(lines); !written) return written;
    summary_.samples_written += u.count;
    return {};
  }

  void update_progress() {
    progress_->update(done_, files_done(), file_count(), round_ + 1,
                      std::max(static_cast<std::size_t>(o_.runs), round_ + 1), done_in_round_,
                      round_samples_);
  }

  [[nodiscard]] std::size_t file_count() const {
    std::set<std::string> files;
    for (const Benchmark& b : benchmarks_) files.insert(b.filename);
    return files.size();
  }

  [[nodiscard]] std::size_t files_done() const {
    std::set<std::string> open;
    std::set<std::string> all;
    for (const Benchmark& b : benchmarks_) {
      all.insert(b.filename);
      if (!b.failed && (static_cast<int>(b.rates[0].size()) < b.target ||
                        static_cast<int>(b.rates[1].size()) < b.target)) {
        open.insert(b.filename);
      }
    }
    return all.size() - open.size();
  }

  const RunOptions& o_;
  std::array<ScenarioProgram, 2>& sides_;
  std::vector<Benchmark>& benchmarks_;
  SampleWriter& writer_;
  std::mt19937_64 rng_;
  std::unique_ptr<detail::Progress> progress_;
  std::size_t done_ = 0;
  std::size_t round_ = 0;
  std::size_t round_samples_ = 0;
  std::size_t done_in_round_ = 0;
  RunSummary summary_;
};

Result<void> write_json(const std::string& path, const std::vector<Benchmark>& benchmarks,
                        const std::array<ScenarioProgram, 2>& sides) {
  nlohmann::json samples = nlohmann::json::array();
  for (const Benchmark& b : benchmarks) {
    for (std::size_t s = 0; s < 2; ++s) {
      for (std::size_t i = 0; i < b.rates[s].size(); ++i) {
        samples.push_back({{"binary", kSideLabels[s]},
                           {"filename", b.filename},
                           {"configuration", b.configuration},
                           {"rate", b.rates[s][i]},
                           {"time", i < b.times[s].size() ? nlohmann::json(b.times[s][i])
                                                          : nlohmann::json(nullptr)}});
      }
    }
  }
  const nlohmann::json doc{
      {"context", detail::machine_context({sides[0].path(), sides[1].path()})},
      {"samples", samples}};
  std::ofstream out(path);
  out << doc.dump(2) << "\n";
  if (!out) return io_error("cannot write '" + path + "'");
  return {};
}

}  // namespace

Result<RunSummary> run_benchmarks(const RunOptions& o) {
  if (o.node && o.paired) return usage_error("--paired is not supported with --node");
  if (o.node) return run_node_benchmarks(o);
  if (o.runs < 1) return usage_error("--runs must be at least 1");
  if ((o.old_impl || o.new_impl) && (!o.old_impl || !o.new_impl)) {
    return usage_error("--old-impl and --new-impl go together");
  }
  if ((o.old_program || o.new_program) && (!o.old_program || !o.new_program)) {
    return usage_error("--old and --new go together");
  }
  if (!o.old_impl && !o.old_program) {
    return usage_error(
        "say what to compare: --old-impl baseline --new-impl fast, or "
        "--old PATH --new PATH");
  }
  std::array<ScenarioProgram, 2> sides = {
      ScenarioProgram(o.old_program.value_or(o.scenario_program), o.old_impl, o.sets),
      ScenarioProgram(o.new_program.value_or(o.scenario_program), o.new_impl, o.sets)};
  auto benchmarks = plan(sides, o);
  if (!benchmarks) return benchmarks.error();
  for (const ScenarioProgram& side : sides) {
    if (auto ok = side.check_release_build(); !ok) return ok.error();
  }

  const std::string output = o.resume.value_or(o.output);
  bool write_header = true;
  if (o.resume) {
    if (auto loaded = load_resumed(*o.resume, *benchmarks); !loaded) return loaded.error();
    const auto existing = ::access(o.resume->c_str(), F_OK) == 0
                              ? read_input(*o.resume)
                              : Result<std::string>(std::string());
    write_header = !existing || existing->empty();
  }
  auto writer = SampleWriter::open(output, o.resume.has_value());
  if (!writer) return writer.error();
  if (write_header) {
    if (auto w = writer->write(kSampleCsvHeader); !w) return w.error();
  }
  Runner runner(o, sides, *benchmarks, *writer);
  auto summary = runner.run();
  if (!summary) return summary;
  if (o.json) {
    if (auto w = write_json(*o.json, *benchmarks, sides); !w) return w.error();
  }
  return summary;
}

}  // namespace fpbench::harness
