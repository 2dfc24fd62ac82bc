#include "fpbench/harness/bisect.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <numeric>
#include <set>
#include <sstream>

#include "bisect/bisect_worktrees.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/source_type.hpp"
#include "fpbench/reports/explain.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/stats/paired.hpp"

namespace fpbench::harness {
namespace {

using bisect_detail::Build;
using bisect_detail::BuildCache;
using reports::BisectReport;
using reports::BisectStep;
using reports::BisectVerdict;

// One-sided z of each wall-time look: with up to six looks a step is
// misjudged well under 1% of the time (Bonferroni over the looks), so a
// search of seven steps goes the wrong way in few of twenty trials.
constexpr double kWallZ = 3.0;

double mean(const std::vector<double>& v) {
  return v.empty() ? 0
                   : std::accumulate(v.begin(), v.end(), 0.0) /
                         static_cast<double>(v.size());
}

double spread(const std::vector<double>& v) {
  if (v.empty()) return 0;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

// Both sides of one benchmark, as one run measured them.
struct Pair {
  std::string name;
  std::vector<double> old_values;
  std::vector<double> new_values;
};

// ln(new / old) of rates from samples run in pairs, old and new back to
// back (stats/paired.hpp): the load a shared machine puts on both samples
// of a pair cancels. None when there are fewer than two pairs.
struct LogRatio {
  double estimate = 0;
  double std_error = 0;
};
std::optional<LogRatio> log_ratio(const Pair& p) {
  const auto t = stats::paired_log_ratio_test(p.old_values, p.new_values);
  if (!t) return std::nullopt;
  return LogRatio{t->mean_log_ratio, t->std_error};
}

// A counted value per operation with the half-width of what counts as the
// same; for wall time, ln(rate / good's rate) with its standard error.
struct Measured {
  double value = 0;
  double half_width = 0;
};

class Bisector {
 public:
  Bisector(const BisectOptions& o, std::string top, BuildCache cache,
           std::vector<std::string> commits)
      : o_(o),
        top_(std::move(top)),
        cache_(std::move(cache)),
        commits_(std::move(commits)),
        wall_(o.metric == "wall") {}

  Result<BisectReport> run() {
    report_.metric = o_.metric;
    const auto info = reports::metric_info(o_.metric);
    report_.description =
        info ? std::string(info->description) : std::string(o_.metric);
    floor_ = info ? info->noise_floor : 0;
    report_.good_sha = commits_.front();
    report_.bad_sha = commits_.back();
    report_.commits_in_range = commits_.size() - 1;
    FPBENCH_TRY(build_ends());
    FPBENCH_ASSIGN_OR_RETURN(report_.reproduced, measure_ends());
    if (!report_.reproduced) return report_;
    if (info) note_bad_is_better(*info);
    FPBENCH_TRY(search_all());
    return report_;
  }

 private:
  // The report's words follow --good and --bad as git's do: where bad
  // measures better than good, its "first bad commit" made the metric better
  // and what it calls an improvement made it worse. Said rather than hidden.
  void note_bad_is_better(const reports::MetricInfo& info) {
    const double change = report_.bad_value - report_.good_value;
    if (info.lower_is_better ? change >= 0 : change <= 0) return;
    report_.notes.push_back(
        "bad measures better than good (" + report_.description + ", " +
        (info.lower_is_better ? "lower" : "higher") +
        " is better): the first bad commit, regression and improvement here "
        "follow --good and --bad, not the metric's better direction");
  }

  [[nodiscard]] std::string program_in(const std::string& worktree) const {
    return find_source_type(o_.run.source)
        ->program_in(worktree, o_.program, o_.run);
  }

  [[nodiscard]] std::string samples_file(const std::string& tag) const {
    return cache_.directory() + "/samples-" + std::to_string(getpid()) + "-" +
           tag + ".tmp";
  }

  // `runs` samples per side of old against new. With `resume`, the samples
  // of the last call with this tag count and only the rest are taken.
  Result<Pair> measure(const std::string& old_worktree,
                       const std::string& new_worktree, int runs,
                       const std::string& tag, bool resume) {
    RunOptions r = o_.run;
    r.old_program = program_in(old_worktree);
    r.new_program = program_in(new_worktree);
    r.old_working_dir = old_worktree;
    r.new_working_dir = new_worktree;
    r.metrics = {o_.metric};
    r.runs = runs;
    r.counter_runs = runs;
    r.max_runs = std::max(r.max_runs, runs);
    r.progress = false;
    r.paired = wall_;
    const std::string file = samples_file(tag);
    std::error_code ec;
    if (resume) {
      r.resume = file;
    } else {
      std::filesystem::remove(file, ec);
      r.output = file;
    }
    FPBENCH_ASSIGN_OR_RETURN(auto summary, run_benchmarks(r));
    report_.samples += summary.samples_written;
    if (!summary.failures.empty()) {
      return benchmark_error(summary.failures.front());
    }
    if (summary.results.empty()) {
      return benchmark_error("the selection measured no benchmark");
    }
    if (summary.results.size() > 1) {
      std::string names;
      for (const BenchmarkValues& b : summary.results) {
        names += (names.empty() ? "" : ", ") + b.key.text();
      }
      return usage_error(
          "the selection measures " + std::to_string(summary.results.size()) +
          " benchmarks (" + names + "); bisect follows one: select it alone");
    }
    const BenchmarkValues& b = summary.results.front();
    std::string name = b.key.text();
    while (!name.empty() && name.back() == ' ') name.pop_back();
    return Pair{name, b.values[0], b.values[1]};
  }

  [[nodiscard]] std::string label(std::size_t i) const {
    auto info = bisect_detail::describe_commit(top_, commits_[i]);
    return commits_[i].substr(0, 12) + " " + (info ? info->subject : "");
  }

  Result<Build> build(std::size_t i) {
    FPBENCH_TRY(cache_.checkout(commits_[i]));
    auto b = cache_.build(commits_[i]);
    if (b) count(*b);
    return b;
  }

  void count(const Build& b) {
    if (b.cached) {
      ++report_.builds_cached;
    } else {
      ++report_.builds;
    }
  }

  Result<void> build_ends() {
    for (std::size_t i : {std::size_t{0}, commits_.size() - 1}) {
      FPBENCH_TRY(cache_.checkout(commits_[i]));
    }
    auto good =
        std::async(o_.jobs > 1 ? std::launch::async : std::launch::deferred,
                   [&] { return cache_.build(commits_.front()); });
    auto bad = cache_.build(commits_.back());
    auto good_build = good.get();
    for (auto* b : {&good_build, &bad}) {
      if (!*b) return b->error();
      count(**b);
      const bool is_good = b == &good_build;
      if (!(*b)->ok) {
        return benchmark_error(
            std::string("the ") + (is_good ? "good" : "bad") + " commit " +
            (is_good ? commits_.front() : commits_.back()).substr(0, 12) +
            " does not build with '" + o_.build_command +
            "': " + (*b)->failure);
      }
    }
    worktrees_[0] = good_build->worktree;
    worktrees_[commits_.size() - 1] = bad->worktree;
    return {};
  }

  [[nodiscard]] double threshold(double reference) const {
    return std::max(floor_ * std::abs(reference), spread_);
  }

  Result<bool> measure_ends() {
    const std::string& good = worktrees_[0];
    const std::string& bad = worktrees_[commits_.size() - 1];
    if (!wall_) {
      auto p = measure(good, bad, 2, "ends", false);
      if (!p) return ends_error(p.error());
      report_.benchmark = p->name;
      report_.good_value = mean(p->old_values);
      report_.bad_value = mean(p->new_values);
      spread_ = std::max(spread(p->old_values), spread(p->new_values));
      values_[0] = {report_.good_value, threshold(report_.good_value)};
      values_[commits_.size() - 1] = {report_.bad_value,
                                      threshold(report_.bad_value)};
      return std::abs(report_.bad_value - report_.good_value) >
             threshold(report_.good_value);
    }
    for (int runs = o_.wall_runs;; runs += o_.wall_runs) {
      auto p = measure(good, bad, runs, "ends", runs > o_.wall_runs);
      if (!p) return ends_error(p.error());
      report_.benchmark = p->name;
      report_.good_value = mean(p->old_values);
      report_.bad_value = mean(p->new_values);
      const auto lr = log_ratio(*p);
      if (lr && std::abs(lr->estimate) > kWallZ * lr->std_error) {
        wall_direction_ = lr->estimate > 0 ? 1 : -1;
        values_[0] = {0, 0};
        values_[commits_.size() - 1] = {lr->estimate, lr->std_error};
        return true;
      }
      if (runs >= o_.wall_max_runs) return false;
    }
  }

  static Error ends_error(const Error& e) {
    if (e.kind == ErrorKind::kBenchmarkFailed) {
      return benchmark_error("measuring the good and the bad build: " +
                             e.message);
    }
    return e;
  }

  // The commit between lo and hi, neither skipped, nearest their middle.
  [[nodiscard]] std::optional<std::size_t> next_step(std::size_t lo,
                                                     std::size_t hi) const {
    std::optional<std::size_t> best;
    const double middle =
        (static_cast<double>(lo) + static_cast<double>(hi)) / 2;
    for (std::size_t i = lo + 1; i < hi; ++i) {
      if (skipped_.contains(i)) continue;
      if (!best || std::abs(static_cast<double>(i) - middle) <
                       std::abs(static_cast<double>(*best) - middle)) {
        best = i;
      }
    }
    return best;
  }

  void skip(std::size_t i, BisectStep& step, const std::string& reason) {
    skipped_.insert(i);
    step.verdict = BisectVerdict::kSkip;
    step.reason = reason;
    report_.skipped.push_back(label(i) + ": " + reason);
  }

  // The status and one line of the child's stderr: the last that says
  // "error" (a compiler's message, not the caret under it), else the last.
  static std::string short_reason(const std::string& text) {
    const std::size_t nl = text.find('\n');
    if (nl == std::string::npos) return text;
    std::string chosen;
    std::size_t start = nl + 1;
    while (start < text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string line = text.substr(start, end - start);
      if (!line.empty() && (chosen.find("error") == std::string::npos ||
                            line.find("error") != std::string::npos)) {
        chosen = line;
      }
      start = end + 1;
    }
    return text.substr(0, nl) + (chosen.empty() ? "" : ": " + chosen);
  }

  // Builds and measures commit i against the reference `lo` (counts) or the
  // good and the bad build (wall), and says which it is like.
  Result<BisectStep> step(std::size_t i, std::size_t lo) {
    BisectStep s;
    s.sha = commits_[i];
    auto info = bisect_detail::describe_commit(top_, s.sha);
    if (info) s.subject = info->subject;
    FPBENCH_ASSIGN_OR_RETURN(auto b, build(i));
    if (!b.ok) {
      skip(i, s, "build failed: " + short_reason(b.failure));
      return s;
    }
    worktrees_[i] = b.worktree;
    const std::size_t before = report_.samples;
    auto verdict = wall_ ? wall_step(i, s) : counted_step(i, lo, s);
    s.samples = report_.samples - before;
    // Whatever stops one commit's benchmark (a crash, a program its build
    // did not make) makes it a skip; the ends showed the setup works.
    if (!verdict) {
      skip(i, s, "benchmark failed: " + short_reason(verdict.error().message));
    }
    return s;
  }

  Result<void> counted_step(std::size_t i, std::size_t lo, BisectStep& s) {
    FPBENCH_ASSIGN_OR_RETURN(
        auto p, measure(worktrees_[lo], worktrees_[i], 1, "step", false));
    const double reference = mean(p.old_values);
    const double value = mean(p.new_values);
    s.value = value;
    values_[i] = {value, threshold(value)};
    const bool same = std::abs(value - reference) <= threshold(reference);
    s.verdict = same ? BisectVerdict::kGood : BisectVerdict::kBad;
    s.reason = same ? "same as " + commits_[lo].substr(0, 12)
                    : "differs from " + commits_[lo].substr(0, 12);
    return {};
  }

  Result<void> wall_step(std::size_t i, BisectStep& s) {
    const std::string& good = worktrees_[0];
    const std::string& bad = worktrees_[commits_.size() - 1];
    for (int runs = o_.wall_runs;; runs += o_.wall_runs) {
      const bool more = runs > o_.wall_runs;
      FPBENCH_ASSIGN_OR_RETURN(
          auto a, measure(good, worktrees_[i], runs, "good", more));
      FPBENCH_ASSIGN_OR_RETURN(auto b,
                               measure(worktrees_[i], bad, runs, "bad", more));
      const auto la = log_ratio(a);
      const auto lb = log_ratio(b);
      s.value = mean(a.new_values);
      if (la && lb) {
        // Closer to good: ln(step/good) small and ln(bad/step) the whole
        // change; their difference has the direction of good-to-bad.
        const double d = (lb->estimate - la->estimate) * wall_direction_;
        const double se = std::hypot(la->std_error, lb->std_error);
        values_[i] = {la->estimate, la->std_error};
        if (d - kWallZ * se > 0 || d + kWallZ * se < 0) {
          s.verdict = d > 0 ? BisectVerdict::kGood : BisectVerdict::kBad;
          s.reason = std::string(d > 0 ? "like good" : "like bad") + " after " +
                     std::to_string(runs) + " samples per side";
          return {};
        }
      }
      if (runs >= o_.wall_max_runs) {
        skip(i, s,
             "undecided after " + std::to_string(runs) +
                 " samples per side against good and bad");
        return {};
      }
    }
  }

  // The first commit after lo up to hi (known bad) unlike lo; none when
  // skipped commits hide it (their list is the report's candidates).
  Result<std::optional<std::size_t>> search(std::size_t lo, std::size_t hi) {
    while (const auto next = next_step(lo, hi)) {
      FPBENCH_ASSIGN_OR_RETURN(auto s, step(*next, lo));
      if (o_.progress) {
        std::fprintf(stderr, "fpbench: bisect: %s %s (%s)\n",
                     s.sha.substr(0, 12).c_str(),
                     reports::bisect_verdict_name(s.verdict), s.reason.c_str());
      }
      if (s.verdict == BisectVerdict::kGood) lo = *next;
      if (s.verdict == BisectVerdict::kBad) hi = *next;
      report_.steps.push_back(std::move(s));
    }
    if (hi == lo + 1) return std::optional<std::size_t>(hi);
    report_.candidates.clear();
    for (std::size_t i = lo + 1; i <= hi; ++i) {
      report_.candidates.push_back(label(i));
    }
    return std::optional<std::size_t>();
  }

  reports::BisectChange change_at(std::size_t lo, std::size_t i) {
    reports::BisectChange c;
    c.sha = commits_[i];
    if (auto info = bisect_detail::describe_commit(top_, c.sha)) {
      c.subject = info->subject;
      c.date = info->date;
    }
    const Measured before = values_[lo];
    const Measured after = values_[i];
    if (wall_) {
      // Each step's rate is known as its log ratio to good, measured beside
      // it; the change is the ratio of the two, in the good build's rate.
      const double d = after.value - before.value;
      const double half =
          1.96 * std::hypot(before.half_width, after.half_width);
      c.before = report_.good_value * std::exp(before.value);
      c.after = report_.good_value * std::exp(after.value);
      c.delta_low = c.before * std::expm1(d - half);
      c.delta_high = c.before * std::expm1(d + half);
      c.explained = d / values_[commits_.size() - 1].value;
      return c;
    }
    c.before = before.value;
    c.after = after.value;
    const double delta = after.value - before.value;
    const double half = threshold(before.value);
    c.delta_low = delta - half;
    c.delta_high = delta + half;
    c.explained = delta / (report_.bad_value - report_.good_value);
    return c;
  }

  // The found commit measured once more against the last build before it
  // with the samples' parts kept (instructions under callgrind), and its
  // change explained by them (reports/explain.hpp).
  void explain(std::size_t i, reports::BisectChange& c) {
    if (wall_ || !o_.explain || !reports::explainable(o_.metric)) return;
    std::optional<std::size_t> before;
    for (const auto& [j, worktree] : worktrees_) {
      if (j < i && values_.contains(j)) before = j;
    }
    if (!before) return;
    RunOptions r = o_.run;
    r.old_program = program_in(worktrees_[*before]);
    r.new_program = program_in(worktrees_[i]);
    r.old_working_dir = worktrees_[*before];
    r.new_working_dir = worktrees_[i];
    r.metrics = {o_.metric};
    r.runs = 1;
    r.counter_runs = 1;
    r.progress = false;
    r.explain = true;
    const std::string file = samples_file("explain");
    std::error_code ec;
    std::filesystem::remove(file, ec);
    r.output = file;
    auto summary = run_benchmarks(r);
    if (summary) report_.samples += summary->samples_written;
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    std::filesystem::remove(file, ec);
    auto records = reports::parse_sample_jsonl(text.str(), file);
    if (!summary || !summary->failures.empty() || !records ||
        summary->results.empty()) {
      report_.notes.push_back("the change of " + c.sha.substr(0, 12) +
                              " could not be explained: its explaining run "
                              "failed");
      return;
    }
    c.explanation = reports::explain_change(
        *records, summary->results.front().key, o_.metric);
  }

  Result<void> search_all() {
    const std::size_t last = commits_.size() - 1;
    std::size_t lo = 0;
    for (int n = 0; n < o_.max_changes; ++n) {
      FPBENCH_ASSIGN_OR_RETURN(auto found, search(lo, last));
      if (!found) return {};
      const std::size_t i = *found;
      if (!values_.contains(i)) values_[i] = values_[last];
      report_.changes.push_back(change_at(lo, i));
      explain(i, report_.changes.back());
      if (wall_ || i == last ||
          std::abs(values_[i].value - report_.bad_value) <=
              threshold(report_.bad_value)) {
        report_.complete = true;
        return {};
      }
      lo = i;
    }
    report_.notes.push_back("stopped after " + std::to_string(o_.max_changes) +
                            " changes");
    return {};
  }

  const BisectOptions& o_;
  std::string top_;
  BuildCache cache_;
  std::vector<std::string> commits_;  // good first, bad last
  bool wall_;
  double floor_ = 0;
  double spread_ = 0;
  double wall_direction_ = 1;
  std::map<std::size_t, std::string> worktrees_;
  std::map<std::size_t, Measured> values_;
  std::set<std::size_t> skipped_;
  BisectReport report_;
};

}  // namespace

Result<reports::BisectReport> run_bisect(const BisectOptions& o) {
  if (o.build_command.empty()) return usage_error("--build needs a command");
  if (o.program.empty()) return usage_error("no source to measure given");
  if (!reports::metric_info(o.metric)) {
    return usage_error("--metric '" + o.metric + "' is not one of " +
                       reports::metric_names_text());
  }
  FPBENCH_ASSIGN_OR_RETURN(auto top, bisect_detail::repository_top(o.repo));
  FPBENCH_ASSIGN_OR_RETURN(
      auto good, bisect_detail::resolve_commit(top, o.good, "--good"));
  FPBENCH_ASSIGN_OR_RETURN(auto bad,
                           bisect_detail::resolve_commit(top, o.bad, "--bad"));
  if (good == bad) {
    return bad_input_error("--good and --bad are the same commit (" + good +
                           "): there is nothing between them to search");
  }
  FPBENCH_ASSIGN_OR_RETURN(auto range,
                           bisect_detail::first_parent_range(top, good, bad));
  std::vector<std::string> commits = {good};
  commits.insert(commits.end(), range.begin(), range.end());
  BuildCache cache(top,
                   o.cache_dir.value_or(bisect_detail::default_cache_root()),
                   o.build_command);
  Bisector bisector(o, top, std::move(cache), std::move(commits));
  auto report = bisector.run();
  if (report && bisect_detail::has_uncommitted_changes(top)) {
    report->notes.push_back(
        "the work tree has uncommitted changes: bisect measured commits only, "
        "in worktrees of its own, and left them as they are");
  }
  return report;
}

}  // namespace fpbench::harness
