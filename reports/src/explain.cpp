#include "fpbench/reports/explain.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace fpbench::reports {
namespace {

// Sums of one part over a side's samples.
struct Sums {
  double value = 0;
  double inclusive = 0;
  bool has_inclusive = false;
};

struct Side {
  double total = 0;          // sum of the metric over samples
  std::size_t samples = 0;   // samples with the metric
  std::size_t profiled = 0;  // samples that carry the parts
  std::map<std::string, Sums> parts;
};

bool of(const SampleRecord& r, const BenchmarkKey& key) {
  return r.filename == key.filename && r.configuration == key.configuration;
}

// Adds the parts one sample carries; false when it carries none.
bool add_parts(const SampleRecord& r, std::string_view metric, Side& side) {
  if (metric == "instructions") {
    if (r.profile.functions.empty() || r.find("instructions") == nullptr)
      return false;
    for (const auto& [name, c] : r.profile.functions) {
      Sums& s = side.parts[name];
      s.value += c.self;
      s.inclusive += c.inclusive;
      s.has_inclusive = true;
    }
    return true;
  }
  if (metric == "allocs") {
    // The profile of a callgrind sample lists every allocating caller, so
    // a sample with a profile and no sites allocated nothing in its loop.
    if (r.profile.functions.empty()) return false;
    for (const auto& [name, calls] : r.profile.alloc_sites)
      side.parts[name].value += calls;
    return true;
  }
  const MetricReading* m = r.find("syscalls");
  if (m == nullptr || m->by_name.empty()) return false;
  for (const auto& [name, calls] : m->by_name) side.parts[name].value += calls;
  return true;
}

ExplainedPart mean_part(const std::string& name, const Side& old_side,
                        const Side& new_side) {
  ExplainedPart p;
  p.name = name;
  const auto mean = [&](const Side& s,
                        bool inclusive) -> std::optional<double> {
    const auto it = s.parts.find(name);
    if (it == s.parts.end())
      return inclusive ? std::nullopt : std::optional(0.0);
    if (inclusive && !it->second.has_inclusive) return std::nullopt;
    const double sum = inclusive ? it->second.inclusive : it->second.value;
    return sum / static_cast<double>(s.profiled);
  };
  p.old_value = *mean(old_side, false);
  p.new_value = *mean(new_side, false);
  p.old_inclusive = mean(old_side, true);
  p.new_inclusive = mean(new_side, true);
  if (p.old_inclusive && !p.new_inclusive) p.new_inclusive = 0.0;
  if (p.new_inclusive && !p.old_inclusive) p.old_inclusive = 0.0;
  return p;
}

const char* part_kind(std::string_view metric) {
  if (metric == "instructions") return "function (self)";
  if (metric == "allocs") return "call site";
  return "system call";
}

const char* unavailable_text(std::string_view metric) {
  if (metric == "instructions" || metric == "allocs") {
    return "no per-function counts in these samples: they come from "
           "instructions counted under callgrind (fpbench run --explain)";
  }
  return "no counts by system call name in these samples";
}

}  // namespace

bool explainable(std::string_view metric) {
  return metric == "instructions" || metric == "syscalls" || metric == "allocs";
}

std::optional<Explanation> explain_change(
    const std::vector<SampleRecord>& records, const BenchmarkKey& key,
    std::string_view metric, std::size_t max_parts) {
  if (!explainable(metric)) return std::nullopt;
  Side sides[2];
  for (const SampleRecord& r : records) {
    if (!of(r, key)) continue;
    Side& side = sides[r.binary == Binary::kOld ? 0 : 1];
    if (const MetricReading* m = r.find(metric)) {
      side.total += m->value;
      ++side.samples;
    }
    if (add_parts(r, metric, side)) ++side.profiled;
  }
  if (sides[0].samples == 0 || sides[1].samples == 0) return std::nullopt;
  Explanation e;
  e.metric = std::string(metric);
  e.benchmark = key.text();
  while (!e.benchmark.empty() && e.benchmark.back() == ' ')
    e.benchmark.pop_back();
  e.part_kind = part_kind(metric);
  e.old_total = sides[0].total / static_cast<double>(sides[0].samples);
  e.new_total = sides[1].total / static_cast<double>(sides[1].samples);
  e.rest_old = e.old_total;
  e.rest_new = e.new_total;
  if (sides[0].profiled == 0 || sides[1].profiled == 0) {
    e.unavailable = unavailable_text(metric);
    return e;
  }
  std::map<std::string, bool> names;
  for (const Side& s : sides) {
    for (const auto& [name, sums] : s.parts) names[name] = true;
  }
  std::vector<ExplainedPart> parts;
  // Parts that moved by less than kSmallestShare of the change stay in the
  // rest: the loop's fixed overhead spread over another iteration count.
  constexpr double kSmallestShare = 0.01;
  const double least = std::abs(e.change()) * kSmallestShare;
  for (const auto& [name, unused] : names) {
    ExplainedPart p = mean_part(name, sides[0], sides[1]);
    if (p.change() != 0 && std::abs(p.change()) >= least)
      parts.push_back(std::move(p));
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const ExplainedPart& a, const ExplainedPart& b) {
                     return std::abs(a.change()) > std::abs(b.change());
                   });
  if (parts.size() > max_parts) parts.resize(max_parts);
  for (const ExplainedPart& p : parts) {
    e.rest_old -= p.old_value;
    e.rest_new -= p.new_value;
  }
  e.parts = std::move(parts);
  return e;
}

}  // namespace fpbench::reports
