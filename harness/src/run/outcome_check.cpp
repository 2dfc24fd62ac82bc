#include "run/outcome_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "fpbench/reports/benchmark_key.hpp"

namespace fpbench::harness::detail {
namespace {

using reports::OutcomeValue;
using reports::SampleRecord;

// (benchmark name, side, outcome name)
using Key = std::tuple<std::string, int, std::string>;
// Per pass, the distinct values its samples reported.
using ValuesByPass = std::vector<std::vector<OutcomeValue>>;

std::optional<std::size_t> pass_of(const std::vector<Pass>& passes,
                                   const SampleRecord& r) {
  for (std::size_t p = 0; p < passes.size(); ++p) {
    if (r.find(passes[p].key_metric) != nullptr) return p;
  }
  return std::nullopt;
}

bool contains(const std::vector<OutcomeValue>& values, const OutcomeValue& v) {
  return std::any_of(values.begin(), values.end(), [&](const OutcomeValue& w) {
    return reports::same_outcome(v, w);
  });
}

void collect(const std::vector<Pass>& passes,
             const std::vector<SampleRecord>& records,
             std::map<Key, ValuesByPass>& seen) {
  for (const SampleRecord& r : records) {
    const auto pass = pass_of(passes, r);
    if (!pass) continue;
    const int side = r.binary == reports::Binary::kOld ? 0 : 1;
    // As messages name it: no space after a benchmark without a
    // configuration (a command's).
    const std::string benchmark =
        r.configuration.empty()
            ? r.filename
            : reports::BenchmarkKey{r.filename, r.configuration}.text();
    for (const auto& [name, value] : r.outcomes) {
      ValuesByPass& by_pass = seen[Key{benchmark, side, name}];
      by_pass.resize(passes.size());
      if (!contains(by_pass[*pass], value)) by_pass[*pass].push_back(value);
    }
  }
}

std::string either(const std::vector<OutcomeValue>& values) {
  std::string out;
  for (const OutcomeValue& v : values)
    out += (out.empty() ? "" : " or ") + reports::outcome_text(v);
  return out;
}

}  // namespace

std::vector<std::string> outcome_mismatches(
    const std::vector<Pass>& passes, const std::vector<SampleRecord>& resumed,
    const std::vector<SampleRecord>& measured) {
  std::map<Key, ValuesByPass> seen;
  collect(passes, resumed, seen);
  collect(passes, measured, seen);
  std::vector<std::string> out;
  for (const auto& [key, by_pass] : seen) {
    const auto& [name, side, outcome] = key;
    const auto reference =
        std::find_if(by_pass.begin(), by_pass.end(),
                     [](const auto& values) { return !values.empty(); });
    const std::size_t ref =
        static_cast<std::size_t>(reference - by_pass.begin());
    for (std::size_t p = ref + 1; p < by_pass.size(); ++p) {
      for (const OutcomeValue& v : by_pass[p]) {
        if (contains(*reference, v)) continue;
        out.push_back(fmt::format(
            "{} [{}]: outcome '{}' is {} in the {} pass but {} in the {} "
            "pass: its {} samples did not run the path its {} samples ran, "
            "so they do not measure it",
            name, side == 0 ? "old" : "new", outcome, reports::outcome_text(v),
            passes[p].key_metric, either(*reference), passes[ref].key_metric,
            passes[p].key_metric, passes[ref].key_metric));
        break;
      }
    }
  }
  return out;
}

}  // namespace fpbench::harness::detail
