#include "run/merged_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

namespace fpbench::harness::detail {
namespace {

// One side of a merged pass: each job is handed to the source of the entry
// it came from.
class MergedSource : public SampleSource {
 public:
  struct Member {
    const SampleSource* source = nullptr;
    std::string entry;
    // Whether this entry's pass ran its samples at the warm-up's count.
    bool iterations_from_warmup = false;
  };

  Result<void> add(const Member& member, const std::vector<std::string>& jobs) {
    const std::size_t index = members_.size();
    members_.push_back(member);
    for (const std::string& job : jobs) {
      const auto [it, inserted] = owner_.emplace(job, index);
      if (!inserted) {
        return usage_error(fmt::format(
            "the benchmarks of {} and of {} are both named '{}'; name them "
            "apart (a filter, or another name for one entry)",
            members_[it->second].entry, member.entry, job));
      }
      jobs_.push_back(job);
    }
    return {};
  }

  [[nodiscard]] const std::vector<std::string>& jobs() const { return jobs_; }

  [[nodiscard]] std::string describe() const override {
    std::string out;
    for (const Member& m : members_) {
      out += (out.empty() ? "" : "; ") + m.source->describe();
    }
    return out;
  }
  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    return jobs_;
  }
  [[nodiscard]] std::vector<std::string> unlisted() const override {
    return gather(&SampleSource::unlisted);
  }
  [[nodiscard]] std::vector<std::string> skipped() const override {
    return gather(&SampleSource::skipped);
  }
  [[nodiscard]] Result<void> check() const override {
    for (const Member& m : members_) {
      if (auto ok = m.source->check(); !ok) return ok;
    }
    return {};
  }
  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    return member(job).source->measure(job, options);
  }
  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    return member(job).source->owns(job, filename, configuration);
  }
  [[nodiscard]] bool warms_up(const std::string& job) const override {
    return member(job).source->warms_up(job);
  }
  [[nodiscard]] std::string label(const std::string& job) const override {
    return member(job).source->label(job);
  }
  [[nodiscard]] bool takes_iterations() const override {
    return std::any_of(members_.begin(), members_.end(), [](const Member& m) {
      return m.iterations_from_warmup && m.source->takes_iterations();
    });
  }
  [[nodiscard]] Result<Measurements> measure_iterations(
      const std::string& job, const ProcessOptions& options,
      std::int64_t iterations) const override {
    const Member& m = member(job);
    if (m.iterations_from_warmup && m.source->takes_iterations())
      return m.source->measure_iterations(job, options, iterations);
    return m.source->measure(job, options);
  }

 private:
  [[nodiscard]] const Member& member(const std::string& job) const {
    return members_[owner_.at(job)];
  }
  [[nodiscard]] std::vector<std::string> gather(
      std::vector<std::string> (SampleSource::*what)() const) const {
    std::vector<std::string> out;
    for (const Member& m : members_) {
      for (std::string& line : (m.source->*what)()) {
        if (std::find(out.begin(), out.end(), line) == out.end())
          out.push_back(std::move(line));
      }
    }
    return out;
  }

  std::vector<Member> members_;
  std::map<std::string, std::size_t> owner_;
  std::vector<std::string> jobs_;
};

// The settings of a merged pass from its members': the strictest where
// they differ (normal priority, the longest timeout, the most warm-up).
void merge_settings(Pass& merged, const Pass& member, bool first) {
  if (first) {
    const auto sources = merged.sources;
    const auto jobs = merged.jobs;
    merged = member;
    merged.sources = sources;
    merged.jobs = jobs;
    return;
  }
  merged.runs = std::max(merged.runs, member.runs);
  merged.warmup = std::max(merged.warmup, member.warmup);
  merged.parallel = std::min(merged.parallel, member.parallel);
  merged.iterations_from_warmup =
      merged.iterations_from_warmup || member.iterations_from_warmup;
  if (merged.priority != member.priority) merged.priority = Priority::kNormal;
  if (member.sample_timeout &&
      (!merged.sample_timeout ||
       *member.sample_timeout > *merged.sample_timeout))
    merged.sample_timeout = member.sample_timeout;
  merged.budgeted = merged.budgeted && member.budgeted;
  merged.max_runs = std::max(merged.max_runs, member.max_runs);
  if (!merged.needs_more) merged.needs_more = member.needs_more;
}

}  // namespace

Result<Plan> merge_plans(std::vector<SelectedPlan> plans,
                         std::vector<std::string>& jobs) {
  Plan merged;
  std::vector<std::string> keys;
  for (const SelectedPlan& p : plans) {
    for (const Pass& pass : p.plan.passes) {
      if (std::find(keys.begin(), keys.end(), pass.key_metric) == keys.end())
        keys.push_back(pass.key_metric);
    }
  }
  jobs.clear();
  for (const std::string& key : keys) {
    std::array<std::unique_ptr<MergedSource>, 2> sides = {
        std::make_unique<MergedSource>(), std::make_unique<MergedSource>()};
    Pass pass;
    bool first = true;
    for (const SelectedPlan& p : plans) {
      for (const Pass& member : p.plan.passes) {
        if (member.key_metric != key) continue;
        const std::vector<std::string>& member_jobs =
            member.jobs.empty() ? p.jobs : member.jobs;
        for (std::size_t side = 0; side < 2; ++side) {
          MergedSource::Member m{member.sources[side], p.name,
                                 member.iterations_from_warmup};
          if (auto ok = sides[side]->add(m, member_jobs); !ok)
            return ok.error();
        }
        merge_settings(pass, member, first);
        first = false;
      }
    }
    pass.key_metric = key;
    pass.jobs = sides[0]->jobs();
    pass.sources = {sides[0].get(), sides[1].get()};
    merged.passes.push_back(std::move(pass));
    merged.sources.push_back(std::move(sides[0]));
    merged.sources.push_back(std::move(sides[1]));
  }
  for (SelectedPlan& p : plans) {
    for (const std::string& job : p.jobs) jobs.push_back(job);
    for (auto& source : p.plan.sources)
      merged.sources.push_back(std::move(source));
    for (std::string& note : p.plan.notes)
      merged.notes.push_back(std::move(note));
  }
  return merged;
}

}  // namespace fpbench::harness::detail
