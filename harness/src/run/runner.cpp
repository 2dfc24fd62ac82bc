#include "fpbench/harness/runner.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "fpbench/base/try.hpp"
#include "fpbench/reports/sample_csv.hpp"
#include "run/outcome_check.hpp"
#include "run/progress.hpp"

namespace fpbench::harness {
namespace {

using reports::Binary;
using reports::SampleRecord;

constexpr std::array<const char*, 2> kSideLabels = {"old", "new"};

reports::BenchmarkKey key_of(const SampleRecord& r) {
  return {r.filename, r.configuration};
}

struct JobState {
  std::string job;
  std::array<int, 2> done{};
  int target = 0;
  bool failed = false;
  bool warms_up = true;  // run in the warm-up rounds (SampleSource::warms_up)
  // With Priority::kRealtimeAlone: why a sample of this job, either side,
  // was seen not to run alone ("" while none was); its later samples run at
  // normal priority.
  std::string not_alone;
  // Kept samples in which the job was first seen not alone: they began at
  // real-time priority (a Node script's timed section excepted).
  int left_realtime = 0;
};

// A job's old and new sample back to back (paired), or one sample.
struct Unit {
  std::size_t job;
  std::array<std::size_t, 2> sides;
  std::size_t count;
};

class PassRunner {
 public:
  PassRunner(const Pass& pass, const std::vector<std::string>& all_jobs,
             const RunnerOptions& o, std::mt19937_64& rng, SampleWriter& writer,
             RunSummary& summary, detail::Progress& progress,
             std::size_t& done_samples,
             std::chrono::steady_clock::time_point started)
      : pass_(pass),
        o_(o),
        rng_(rng),
        writer_(writer),
        summary_(summary),
        progress_(progress),
        done_samples_(done_samples),
        started_(started) {
    for (const std::string& j : pass.jobs.empty() ? all_jobs : pass.jobs) {
      JobState s;
      s.job = j;
      s.target = pass.runs;
      s.warms_up = pass.sources[0]->warms_up(j);
      states_.push_back(std::move(s));
    }
  }

  void resume(const std::vector<SampleRecord>& records) {
    const SampleSource& source = *pass_.sources[0];
    for (JobState& s : states_) {
      std::array<std::map<reports::BenchmarkKey, int>, 2> per_config;
      for (const SampleRecord& r : records) {
        const reports::MetricReading* m = r.find(pass_.key_metric);
        if (m == nullptr || !source.owns(s.job, r.filename, r.configuration))
          continue;
        const std::size_t side = r.binary == Binary::kOld ? 0 : 1;
        ++per_config[side][key_of(r)];
        values_of(key_of(r)).values[side].push_back(m->value);
      }
      for (std::size_t side = 0; side < 2; ++side) {
        int least = 0;
        bool first = true;
        for (const auto& [config, n] : per_config[side]) {
          least = first ? n : std::min(least, n);
          first = false;
        }
        s.done[side] = least;
      }
    }
  }

  [[nodiscard]] std::size_t pending() const {
    std::size_t n = 0;
    for (const JobState& s : states_) {
      for (std::size_t side = 0; side < 2; ++side) {
        n += static_cast<std::size_t>(std::max(0, s.target - s.done[side]));
      }
    }
    const auto warmed =
        std::count_if(states_.begin(), states_.end(),
                      [](const JobState& s) { return s.warms_up; });
    return n + static_cast<std::size_t>(pass_.warmup) * 2 *
                   static_cast<std::size_t>(warmed);
  }

  Result<void> run() {
    const auto pass_started = std::chrono::steady_clock::now();
    timing_.key_metric = pass_.key_metric;
    for (int w = 0; w < pass_.warmup; ++w) {
      FPBENCH_TRY(run_round(/*keep=*/false));
    }
    while (true) {
      if (!has_pending() && !extend()) break;
      if (pass_.budgeted && o_.time_budget &&
          std::chrono::steady_clock::now() - started_ > *o_.time_budget) {
        summary_.budget_spent = true;
        break;
      }
      FPBENCH_TRY(run_round(/*keep=*/true));
    }
    timing_.stopping_rule = static_cast<bool>(pass_.needs_more);
    for (const auto& b : benchmarks_) {
      ++timing_.configurations_by_runs[std::min(b.values[0].size(),
                                                b.values[1].size())];
      summary_.results.push_back(b);
    }
    if (pass_.priority == Priority::kRealtimeAlone) note_priorities();
    timing_.wall_s = seconds_since(pass_started);
    summary_.timings.push_back(timing_);
    return {};
  }

 private:
  BenchmarkValues& values_of(const reports::BenchmarkKey& key) {
    const auto [it, added] = index_.emplace(key, benchmarks_.size());
    if (added) benchmarks_.push_back({key, {}});
    return benchmarks_[it->second];
  }

  [[nodiscard]] bool has_pending() const {
    return std::any_of(states_.begin(), states_.end(), [](const JobState& s) {
      return !s.failed && (s.done[0] < s.target || s.done[1] < s.target);
    });
  }

  // One more sample per side for the jobs whose benchmarks need more.
  bool extend() {
    if (!pass_.needs_more) return false;
    const std::vector<reports::BenchmarkKey> keys =
        pass_.needs_more(benchmarks_);
    const std::set<reports::BenchmarkKey> wanted(keys.begin(), keys.end());
    const SampleSource& source = *pass_.sources[0];
    bool any = false;
    for (JobState& s : states_) {
      if (s.failed || s.target >= pass_.max_runs) continue;
      const bool needs = std::any_of(
          benchmarks_.begin(), benchmarks_.end(), [&](const auto& b) {
            return wanted.count(b.key) != 0 &&
                   source.owns(s.job, b.key.filename, b.key.configuration);
          });
      if (!needs) continue;
      ++s.target;
      progress_.grow(2);
      any = true;
    }
    return any;
  }

  [[nodiscard]] std::array<bool, 2> wanted_sides(const JobState& s,
                                                 bool keep) const {
    std::array<bool, 2> want{};
    for (std::size_t side = 0; side < 2; ++side)
      want[side] = !keep || s.done[side] < s.target;
    if (pass_.paired && keep && s.done[0] != s.done[1])
      want[s.done[0] < s.done[1] ? 1 : 0] = false;
    return want;
  }

  std::vector<Unit> schedule(bool keep) {
    std::vector<Unit> units;
    for (std::size_t i = 0; i < states_.size(); ++i) {
      if (states_[i].failed || (!keep && !states_[i].warms_up)) continue;
      const auto want = wanted_sides(states_[i], keep);
      if (pass_.paired) {
        Unit u{i, {0, 0}, 0};
        for (std::size_t side = 0; side < 2; ++side) {
          if (want[side]) u.sides[u.count++] = side;
        }
        if (u.count > 0) units.push_back(u);
      } else {
        for (std::size_t side = 0; side < 2; ++side) {
          if (want[side]) units.push_back({i, {side, 0}, 1});
        }
      }
    }
    std::shuffle(units.begin(), units.end(), rng_);
    if (pass_.paired) {
      for (Unit& u : units) {
        if (u.count == 2 && (rng_() & 1U) != 0)
          std::swap(u.sides[0], u.sides[1]);
      }
    }
    return units;
  }

  Result<void> run_round(bool keep) {
    const std::vector<Unit> units = schedule(keep);
    round_samples_ = 0;
    for (const Unit& u : units) round_samples_ += u.count;
    done_in_round_ = 0;
    ++round_;
    if (pass_.parallel <= 1 || units.size() <= 1) {
      for (const Unit& u : units) {
        FPBENCH_TRY(run_unit(u, keep));
      }
      return {};
    }
    std::atomic<std::size_t> next{0};
    std::optional<Error> first_error;
    std::vector<std::thread> workers;
    const auto work = [&] {
      for (std::size_t i = next++; i < units.size(); i = next++) {
        if (auto r = run_unit(units[i], keep); !r) {
          const std::lock_guard lock(mutex_);
          if (!first_error) first_error = r.error();
          next = units.size();
        }
      }
    };
    const auto n = std::min<std::size_t>(
        static_cast<std::size_t>(pass_.parallel), units.size());
    for (std::size_t t = 0; t < n; ++t) workers.emplace_back(work);
    for (std::thread& t : workers) t.join();
    if (first_error) return *first_error;
    return {};
  }

  // Measures the unit's samples in order, then writes them in one write(2).
  // A failure stops the job and drops the unit's other sample.
  Result<void> run_unit(const Unit& u, bool keep) {
    JobState& s = states_[u.job];
    std::array<Measurements, 2> measured;
    for (std::size_t k = 0; k < u.count; ++k) {
      const std::size_t side = u.sides[k];
      const SampleSource& source = *pass_.sources[side];
      ProcessOptions process;
      process.cpus = o_.cpus;
      process.priority = priority_of(s);
      if (process.priority == Priority::kRealtimeAlone) {
        process.on_left_realtime = [this, &s, keep](const std::string& why) {
          const std::lock_guard lock(mutex_);
          if (s.not_alone.empty()) s.not_alone = why;
          if (keep) ++s.left_realtime;
        };
      }
      process.timeout = pass_.sample_timeout;
      process.cwd = o_.working_dirs[side];
      const std::int64_t iterations = keep ? warmup_iterations(u.job, side) : 0;
      const auto sample_started = std::chrono::steady_clock::now();
      auto m = iterations > 0
                   ? source.measure_iterations(s.job, process, iterations)
                   : source.measure(s.job, process);
      const double sample_s = seconds_since(sample_started);
      const std::lock_guard lock(mutex_);
      ++done_samples_;
      ++done_in_round_;
      timing_.in_samples_s += sample_s;
      if (!keep) {
        timing_.warmup_s += sample_s;
        ++timing_.warmup_samples;
      }
      if (!m) {
        s.failed = true;
        const std::string dropped =
            k == 0 ? std::string()
                   : fmt::format("; its paired {} sample was dropped",
                                 kSideLabels[u.sides[0]]);
        summary_.failures.push_back(
            fmt::format("{} [{}{}]: {}", pass_.sources[side]->label(s.job),
                        kSideLabels[side], dropped, m.error().message));
        update_progress();
        return {};
      }
      if (!keep) remember_iterations(u.job, side, *m);
      if (keep && iterations > 0) ++timing_.fixed_iterations;
      measured[k] = std::move(*m);
      update_progress();
    }
    if (!keep) return {};
    const std::lock_guard lock(mutex_);
    std::string lines;
    std::size_t rows = 0;
    for (std::size_t k = 0; k < u.count; ++k) {
      const std::size_t side = u.sides[k];
      for (SampleRecord& r : measured[k]) {
        r.binary = side == 0 ? Binary::kOld : Binary::kNew;
        if (const reports::MetricReading* m = r.find(pass_.key_metric)) {
          values_of(key_of(r)).values[side].push_back(m->value);
        }
        if (const reports::MetricReading* w = r.find("wall")) {
          timing_.timed_s += w->time_s.value_or(0);
        }
        lines += render(r);
        summary_.records.push_back(r);
        ++rows;
      }
      ++s.done[side];
      ++timing_.samples;
    }
    FPBENCH_TRY(writer_.write(lines));
    summary_.samples_written += rows;
    return {};
  }

  [[nodiscard]] Priority priority_of(const JobState& s) {
    const std::lock_guard lock(mutex_);
    return pass_.priority == Priority::kRealtimeAlone && !s.not_alone.empty()
               ? Priority::kNormal
               : pass_.priority;
  }

  // Which benchmarks ran at which priority, as a note: those that ran alone
  // at real-time priority, and those seen with threads, a child or file
  // writes, at normal priority, grouped by what was seen.
  void note_priorities() {
    std::size_t alone = 0;
    int left = 0;
    std::map<std::string, std::vector<std::string>> by_reason;
    for (const JobState& s : states_) {
      left += s.left_realtime;
      if (s.not_alone.empty()) {
        ++alone;
        continue;
      }
      const std::string& why = s.not_alone;
      const std::string reason =
          why.find("thread") != std::string::npos ? "threads"
          : why.find("child") != std::string::npos
              ? "a child process"
              : "file writes beyond " + std::to_string(kAloneWriteBytes >> 20) +
                    " MiB";
      by_reason[reason].push_back(pass_.sources[0]->label(s.job) + " (" + why +
                                  ")");
    }
    std::string text = fmt::format(
        "priority: {} of {} benchmarks ran at real-time priority (SCHED_FIFO "
        "1: one thread, no child, few file writes)",
        alone, states_.size());
    if (by_reason.empty()) {
      summary_.run_notes.push_back(text);
      return;
    }
    text +=
        "; at normal priority, so that real-time priority cannot change "
        "how their own work is scheduled:";
    constexpr std::size_t kNamed = 3;
    for (const auto& [reason, labels] : by_reason) {
      text += fmt::format("\n  {} with {}: ", labels.size(), reason);
      for (std::size_t i = 0; i < labels.size() && i < kNamed; ++i)
        text += (i > 0 ? ", " : "") + labels[i];
      if (labels.size() > kNamed)
        text += fmt::format(" and {} more", labels.size() - kNamed);
    }
    if (left > 0) {
      text += fmt::format(
          "\n  {} kept samples were the first of their benchmark seen not "
          "alone: until then (at most a millisecond after their threads, "
          "child or writes appeared; never inside a Node script's timed "
          "section) they ran at real-time priority",
          left);
    }
    summary_.run_notes.push_back(text);
  }

  // The count a warm-up sample of one benchmark ran, for the samples after
  // it; none from a source that finds its own or from a batch.
  void remember_iterations(std::size_t job, std::size_t side,
                           const Measurements& m) {
    if (!pass_.iterations_from_warmup ||
        !pass_.sources[side]->takes_iterations() || m.size() != 1 ||
        m.front().iterations <= 0)
      return;
    warmup_iterations_[{job, side}] = m.front().iterations;
  }

  [[nodiscard]] std::int64_t warmup_iterations(std::size_t job,
                                               std::size_t side) {
    const std::lock_guard lock(mutex_);
    const auto it = warmup_iterations_.find({job, side});
    return it == warmup_iterations_.end() ? 0 : it->second;
  }

  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t)
        .count();
  }

  [[nodiscard]] std::string render(const SampleRecord& r) const {
    if (o_.jsonl) return reports::sample_jsonl_line(r);
    const reports::MetricReading* wall = r.find("wall");
    return reports::sample_csv_line(
        kSideLabels[r.binary == Binary::kOld ? 0 : 1], r.filename,
        r.configuration, wall->value, wall->time_s.value_or(0));
  }

  void update_progress() {
    std::size_t open_jobs = 0;
    for (const JobState& s : states_) {
      if (!s.failed && (s.done[0] < s.target || s.done[1] < s.target))
        ++open_jobs;
    }
    progress_.update(done_samples_, states_.size() - open_jobs, states_.size(),
                     round_,
                     static_cast<std::size_t>(
                         std::max(pass_.runs, static_cast<int>(round_))),
                     done_in_round_, round_samples_);
  }

  const Pass& pass_;
  const RunnerOptions& o_;
  std::mt19937_64& rng_;
  SampleWriter& writer_;
  RunSummary& summary_;
  detail::Progress& progress_;
  std::size_t& done_samples_;
  std::chrono::steady_clock::time_point started_;
  std::vector<JobState> states_;
  std::vector<BenchmarkValues> benchmarks_;
  std::map<reports::BenchmarkKey, std::size_t> index_;
  std::mutex mutex_;
  std::size_t round_ = 0;
  std::size_t round_samples_ = 0;
  std::size_t done_in_round_ = 0;
  std::map<std::pair<std::size_t, std::size_t>, std::int64_t>
      warmup_iterations_;
  PassTiming timing_;
};

}  // namespace

std::string describe_timing(const PassTiming& t) {
  const auto pct = [&](double part) {
    return t.wall_s > 0 ? 100 * part / t.wall_s : 0.0;
  };
  std::string out = fmt::format(
      "{} pass: {} samples in {:.1f} s, {:.1f}% of it inside timed loops "
      "({:.1f} s); samples' processes {:.1f} s ({:.1f}%), of which warm-up "
      "{:.1f} s ({} samples)",
      t.key_metric, t.samples, t.wall_s, pct(t.timed_s), t.timed_s,
      t.in_samples_s, pct(t.in_samples_s), t.warmup_s, t.warmup_samples);
  if (t.fixed_iterations > 0) {
    out += fmt::format("; {} samples ran the iteration count of their warm-up",
                       t.fixed_iterations);
  }
  return out;
}

std::string describe_runs(const PassTiming& t) {
  std::string out = "runs per configuration:";
  for (const auto& [runs, count] : t.configurations_by_runs) {
    const bool first = out.back() == ':';
    out += fmt::format("{} {} ({}{})", first ? "" : ",", runs, count,
                       !first       ? ""
                       : count == 1 ? " configuration"
                                    : " configurations");
  }
  if (t.configurations_by_runs.empty()) out += " none measured";
  return out;
}

Result<std::vector<std::string>> common_jobs(
    const Pass& pass, const std::function<bool(const std::string&)>& keep) {
  std::array<std::vector<std::string>, 2> listed;
  for (std::size_t side = 0; side < 2; ++side) {
    FPBENCH_ASSIGN_OR_RETURN(listed[side], pass.sources[side]->list_jobs());
  }
  const std::set<std::string> on_old(listed[0].begin(), listed[0].end());
  const std::set<std::string> on_new(listed[1].begin(), listed[1].end());
  std::vector<std::string> out;
  const auto one_side = [&](const std::string& job, std::size_t side) {
    std::string why = fmt::format(
        "{} is only on the {} side ({}): not compared, the other side has no "
        "such benchmark",
        job, side == 0 ? "old" : "new", pass.sources[side]->describe());
    pass.one_sided.push_back(std::move(why));
  };
  for (const std::string& job : listed[0]) {
    if (!keep(job)) continue;
    if (on_new.count(job) == 0) {
      one_side(job, 0);
      continue;
    }
    out.push_back(job);
  }
  for (const std::string& job : listed[1]) {
    if (on_old.count(job) == 0 && keep(job)) one_side(job, 1);
  }
  return out;
}

Result<RunSummary> run_passes(const std::vector<std::string>& jobs,
                              const std::vector<Pass>& passes,
                              const RunnerOptions& options,
                              const std::vector<reports::SampleRecord>& resumed,
                              SampleWriter& writer) {
  RunSummary summary;
  std::mt19937_64 rng(options.seed);
  const auto started = std::chrono::steady_clock::now();
  detail::Progress progress(options.progress && ::isatty(STDERR_FILENO) != 0,
                            0);
  std::size_t done_samples = 0;
  std::vector<std::unique_ptr<PassRunner>> runners;
  for (const Pass& pass : passes) {
    runners.push_back(std::make_unique<PassRunner>(pass, jobs, options, rng,
                                                   writer, summary, progress,
                                                   done_samples, started));
    runners.back()->resume(resumed);
    progress.grow(runners.back()->pending());
  }
  for (auto& runner : runners) {
    FPBENCH_TRY(runner->run());
  }
  progress.finish();
  for (std::string& mismatch :
       detail::outcome_mismatches(passes, resumed, summary.records)) {
    summary.failures.push_back(std::move(mismatch));
  }
  return summary;
}

}  // namespace fpbench::harness
