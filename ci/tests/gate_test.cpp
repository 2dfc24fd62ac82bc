// The gate's decisions on constructed samples: each verdict, the exit codes,
// correction, per-pattern thresholds, lower-is-better values and the formats.

#include "fpbench/ci/gate.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fpbench/stats/welch.hpp"
#include "fpbench/test_support/normal_samples.hpp"

namespace fpbench::ci {
namespace {

using reports::Binary;
using reports::SampleSet;

using fpbench::test_support::normal_samples;

void add(SampleSet& set, const std::string& file, const std::string& config,
         const std::vector<double>& old_rates,
         const std::vector<double>& new_rates) {
  for (double r : old_rates) set.add(Binary::kOld, file, config, r);
  for (double r : new_rates) set.add(Binary::kNew, file, config, r);
}

// One benchmark: old at 1000 ops/s, new at 1000 * (1 + change), cv noise, n per
// side.
SampleSet one(double change, double cv, std::size_t n, std::uint64_t seed = 1) {
  SampleSet set;
  add(set, "fs/read-file-sync", "size=1024", normal_samples(seed, n, 1000, cv),
      normal_samples(seed + 1000, n, 1000 * (1 + change), cv));
  return set;
}

const GateDecision& only(const GateResult& r) {
  EXPECT_EQ(r.decisions.size(), 1u);
  return r.decisions.front();
}

TEST(Gate, ClearRegressionFailsWithExitOne) {
  const GateResult r = evaluate_gate(one(-0.10, 0.01, 30), {});
  EXPECT_EQ(only(r).verdict, Verdict::kRegression);
  EXPECT_LT(only(r).upper_pct, 0);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.verdict_line.rfind("FAIL: 1 of 1", 0), 0u) << r.verdict_line;
}

TEST(Gate, FivePercentSlowerTimeFailsAFivePercentThreshold) {
  // 5% more time per operation is a rate of 1/1.05: -4.76%. The interval
  // reaches past -5%, so the slowdown may exceed the threshold: fail.
  const GateResult r = evaluate_gate(one(1 / 1.05 - 1, 0.01, 30), {});
  EXPECT_EQ(only(r).verdict, Verdict::kRegression) << only(r).reason;
  EXPECT_LE(only(r).lower_pct, -5);
  EXPECT_GT(only(r).upper_pct, -5);
}

TEST(Gate, ASlowdownPastTheThresholdAtAnEarlyLookIsARegression) {
  // At the second of twenty looks, for a family of six, the level spent so
  // far is below what a double can tell from 1 - level, and the repeated
  // interval at it is undefined: a -38% change with p ~ 1e-30 must still
  // fail a 2% threshold, not pass as "within" it.
  GateOptions o;
  o.max_regression_pct = 2;
  o.sequential = reports::SequentialPlan{10, 10, 200};
  SampleSet set = one(-0.38, 0.02, 20);
  for (int i = 0; i < 5; ++i) {
    add(set, "fs/other", "n=" + std::to_string(i),
        normal_samples(10 + i, 20, 1000, 0.02),
        normal_samples(20 + i, 20, 1000, 0.02));
  }
  const GateResult r = evaluate_gate(set, o);
  const auto it = std::find_if(r.decisions.begin(), r.decisions.end(),
                               [](const GateDecision& x) {
                                 return x.row.filename == "fs/read-file-sync";
                               });
  ASSERT_NE(it, r.decisions.end());
  const GateDecision& d = *it;
  EXPECT_TRUE(std::isnan(d.lower_pct)) << d.reason;
  EXPECT_EQ(d.verdict, Verdict::kRegression) << d.reason;
  EXPECT_EQ(r.exit_code, 1);
}

TEST(Gate, SmallSignificantSlowdownIsMinorAndPasses) {
  const GateResult r = evaluate_gate(one(-0.01, 0.002, 30), {});
  EXPECT_EQ(only(r).verdict, Verdict::kMinorRegression) << only(r).reason;
  EXPECT_LT(only(r).p_adjusted, 0.01);
  EXPECT_EQ(r.exit_code, 0);
}

TEST(Gate, ImprovementPasses) {
  const GateResult r = evaluate_gate(one(0.2, 0.02, 30), {});
  EXPECT_EQ(only(r).verdict, Verdict::kImproved);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(
      r.verdict_line,
      "PASS: 0 of 1 benchmarks regressed beyond the threshold, 1 improved");
}

TEST(Gate, SameDistributionPasses) {
  const GateResult r = evaluate_gate(one(0, 0.01, 30), {});
  EXPECT_EQ(only(r).verdict, Verdict::kNoChange) << only(r).reason;
  EXPECT_GT(only(r).lower_pct, -5);
  EXPECT_EQ(r.exit_code, 0);
}

TEST(Gate, WideIntervalNeedsMoreRunsAndSaysHowMany) {
  // -2%, with a spread that leaves the 99% interval at about +-17%.
  SampleSet set;
  add(set, "fs/read-file-sync", "size=1024", {1000, 1100, 900, 1050, 950},
      {980, 1080, 880, 1030, 930});
  const GateResult r = evaluate_gate(set, {});
  const GateDecision& d = only(r);
  ASSERT_EQ(d.verdict, Verdict::kNeedMoreRuns) << d.reason;
  ASSERT_TRUE(d.runs_needed.has_value());
  EXPECT_GT(*d.runs_needed, 5u);
  EXPECT_NE(d.reason.find(std::to_string(*d.runs_needed) + " runs per side"),
            std::string::npos);
  EXPECT_EQ(r.exit_code, 0);

  GateOptions strict;
  strict.strict = true;
  EXPECT_EQ(evaluate_gate(set, strict).exit_code, 1);
}

TEST(Gate, MissingSamplesExitThreeUnlessSomethingRegressed) {
  SampleSet set;
  add(set, "a", "x=1", {1000, 1001, 999}, {1000});
  GateResult r = evaluate_gate(set, {});
  EXPECT_EQ(only(r).verdict, Verdict::kMissing);
  EXPECT_EQ(r.exit_code, 3);

  add(set, "b", "x=1", normal_samples(5, 30, 1000, 0.01),
      normal_samples(6, 30, 800, 0.01));
  r = evaluate_gate(set, {});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.verdict_line.find("1 missing samples"), std::string::npos)
      << r.verdict_line;
}

TEST(Gate, PatternThresholdOverridesTheDefault) {
  const SampleSet set = one(-0.08, 0.005, 30);
  EXPECT_EQ(only(evaluate_gate(set, {})).verdict, Verdict::kRegression);
  GateOptions lenient;
  lenient.thresholds.push_back(*parse_threshold_rule("fs/read-*=12%"));
  const GateResult r = evaluate_gate(set, lenient);
  EXPECT_EQ(only(r).verdict, Verdict::kMinorRegression) << only(r).reason;
  EXPECT_EQ(only(r).threshold_pct, 12);
  GateOptions other;
  other.thresholds.push_back(*parse_threshold_rule("write=12"));
  EXPECT_EQ(only(evaluate_gate(set, other)).verdict, Verdict::kRegression);
}

TEST(Gate, LowerIsBetterTurnsARiseIntoARegression) {
  GateOptions times;
  times.lower_is_better = true;
  const GateResult slower = evaluate_gate(one(0.08, 0.01, 30), times);
  EXPECT_EQ(only(slower).verdict, Verdict::kRegression);
  EXPECT_LT(only(slower).change_pct, 0);
  const GateResult faster = evaluate_gate(one(-0.08, 0.01, 30), times);
  EXPECT_EQ(only(faster).verdict, Verdict::kImproved);
}

TEST(Gate, HolmKeepsAFamilyOfNullsQuiet) {
  // Twenty unchanged benchmarks and one with a modest, noisy slowdown whose
  // raw p-value is significant at 0.01 but not after correcting for 21 tests.
  SampleSet set;
  for (int i = 0; i < 20; ++i) {
    add(set, "null", "i=" + std::to_string(i),
        normal_samples(static_cast<std::uint64_t>(100 + i), 20, 1000, 0.03),
        normal_samples(static_cast<std::uint64_t>(200 + i), 20, 1000, 0.03));
  }
  // About two seeds in five give such a p-value; a thousand without one means
  // the sampler or the t-test changed, not bad luck.
  constexpr std::uint64_t kMaxSeed = 2000;
  std::uint64_t seed = 1;
  std::vector<double> o, n;
  for (; seed < kMaxSeed; seed += 2) {
    o = normal_samples(seed, 20, 1000, 0.03);
    n = normal_samples(seed + 1, 20, 970, 0.03);
    const auto t = stats::welch_t_test(o, n);
    if (t && t->p_value < 0.01 && t->p_value > 0.01 / 21) break;
  }
  ASSERT_LT(seed, kMaxSeed)
      << "no seed below " << kMaxSeed << " gives 0.01/21 < p < 0.01";
  add(set, "suspect", "k=1", o, n);
  GateOptions none;
  none.correction = stats::Correction::kNone;
  const GateResult raw = evaluate_gate(set, none);
  const GateResult holm = evaluate_gate(set, {});
  const auto verdict_of = [](const GateResult& r) {
    for (const GateDecision& d : r.decisions) {
      if (d.row.filename == "suspect") return d.verdict;
    }
    return Verdict::kMissing;
  };
  EXPECT_TRUE(verdict_of(raw) == Verdict::kRegression ||
              verdict_of(raw) == Verdict::kMinorRegression);
  EXPECT_TRUE(verdict_of(holm) == Verdict::kNoChange ||
              verdict_of(holm) == Verdict::kNeedMoreRuns);
  EXPECT_GT(holm.interval_level, raw.interval_level);  // wider: 1 - 0.01/21
}

TEST(Gate, AFamilyOfUnchangedBenchmarksRarelyFails) {
  // 300 simulated A/A pull requests of 36 unchanged benchmarks each (10 runs
  // per side, 3% noise). Holm at alpha 0.01 bounds the chance that any
  // benchmark of a family is called significant by 1%; expect about 3 fails
  // in 300 at most, and allow 9 (3%) before calling the gate broken.
  int failed = 0;
  for (std::uint64_t family = 0; family < 300; ++family) {
    SampleSet set;
    for (std::uint64_t b = 0; b < 36; ++b) {
      const std::uint64_t seed = 1'000'000 + family * 100 + b * 2;
      add(set, "aa", "b=" + std::to_string(b),
          normal_samples(seed, 10, 1000, 0.03),
          normal_samples(seed + 1, 10, 1000, 0.03));
    }
    failed += evaluate_gate(set, {}).exit_code != 0;
  }
  EXPECT_LE(failed, 9);
}

TEST(Gate, PairedRunsSeeThroughAMachineThatDrifts) {
  // The host switches between a slow and a fast regime from pair to pair;
  // new is 5% slower than old within every pair. Unpaired, the regimes
  // swamp the change; paired, it is a clear regression.
  std::vector<double> o, n;
  const std::vector<double> noise = normal_samples(77, 60, 1, 0.005);
  for (std::size_t k = 0; k < 30; ++k) {
    const double level = (k * 7 % 5 < 2) ? 1450 : 1050;
    o.push_back(level * noise[2 * k]);
    n.push_back(level * 0.95 * noise[2 * k + 1]);
  }
  SampleSet set;
  add(set, "fs/write-file-sync", "length=1048576", o, n);
  const GateResult unpaired = evaluate_gate(set, {});
  EXPECT_EQ(only(unpaired).verdict, Verdict::kNeedMoreRuns)
      << only(unpaired).reason;
  GateOptions options;
  options.paired = true;
  const GateResult paired = evaluate_gate(set, options);
  EXPECT_EQ(only(paired).verdict, Verdict::kRegression) << only(paired).reason;
  EXPECT_NEAR(only(paired).change_pct, -5, 0.5);
  EXPECT_EQ(paired.exit_code, 1);
  EXPECT_NE(format_gate_text(gate_report({paired}, false))
                .find("paired t-test on log ratios"),
            std::string::npos);

  options.lower_is_better = true;
  EXPECT_EQ(only(evaluate_gate(set, options)).verdict, Verdict::kImproved);
}

TEST(Gate, PairedNeedsAsManyOldAsNewSamples) {
  SampleSet set;
  add(set, "a", "x=1", {100, 101, 99, 100}, {100, 101, 99});
  GateOptions options;
  options.paired = true;
  const GateResult r = evaluate_gate(set, options);
  EXPECT_EQ(only(r).verdict, Verdict::kMissing);
  EXPECT_NE(only(r).reason.find("old 4, new 3"), std::string::npos)
      << only(r).reason;
  EXPECT_EQ(r.exit_code, 3);
}

TEST(Gate, ZeroVarianceIsDecidedOnTheMeans) {
  SampleSet set;
  add(set, "const", "a=1", {100, 100, 100}, {90, 90, 90});
  add(set, "const", "a=2", {100, 100, 100}, {100, 100, 100});
  const GateResult r = evaluate_gate(set, {});
  ASSERT_EQ(r.decisions.size(), 2u);
  EXPECT_EQ(r.decisions[0].verdict, Verdict::kRegression);
  EXPECT_EQ(r.decisions[1].verdict, Verdict::kNoChange);
  EXPECT_NE(r.decisions[0].reason.find("no variance"), std::string::npos);
}

TEST(Gate, AnIntervalThatOverflowsIsCalledUndefinedInASentence) {
  // The ratio of the means overflows a double: no bounds, no percentage.
  SampleSet set;
  add(set, "fs/a", "n=1", {1e-300, 2e-300}, {1e300, 1.5e300});
  const GateResult r = evaluate_gate(set, {});
  const GateDecision& d = only(r);
  EXPECT_EQ(d.verdict, Verdict::kNeedMoreRuns) << d.reason;
  EXPECT_EQ(d.reason.rfind("the undefined interval is too wide", 0), 0u)
      << d.reason;
  for (const char* bad : {"nan", "inf", "interval undefined"}) {
    EXPECT_EQ(d.reason.find(bad), std::string::npos) << d.reason;
  }
}

TEST(Gate, AThresholdARateCanNeverCrossIsRefused) {
  GateOptions options;
  options.max_regression_pct = 99.9;
  EXPECT_TRUE(check_thresholds(options));
  options.max_regression_pct = 100;
  const Result<void> plain = check_thresholds(options);
  ASSERT_FALSE(plain);
  EXPECT_EQ(plain.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(plain.error().message.rfind(
                "--max-regression 100%: rate_ops_per_s is higher-is-better", 0),
            0u)
      << plain.error().message;
  options.max_regression_pct = 5;
  options.thresholds.push_back({"fs/*", 150});
  const Result<void> rule = check_thresholds(options);
  ASSERT_FALSE(rule);
  EXPECT_EQ(rule.error().message.rfind("--threshold fs/*=150%", 0), 0u)
      << rule.error().message;
  options.lower_is_better = true;
  options.max_regression_pct = 300;
  EXPECT_TRUE(check_thresholds(options));
}

TEST(Gate, ParsesPercentagesAndRejectsJunk) {
  EXPECT_EQ(*parse_percentage("5%", "--max-regression"), 5);
  EXPECT_EQ(*parse_percentage("0.5", "--max-regression"), 0.5);
  for (const char* bad : {"", "%", "five", "-1", "5%%", "nan", "1e999"}) {
    const Result<double> r = parse_percentage(bad, "--max-regression");
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().message.find("--max-regression"), std::string::npos);
  }
  EXPECT_FALSE(parse_threshold_rule("no-equals"));
  EXPECT_FALSE(parse_threshold_rule("=5"));
  EXPECT_FALSE(parse_threshold_rule("x=abc"));
  const Result<ThresholdRule> rule = parse_threshold_rule("a=b=7%");
  ASSERT_TRUE(rule);
  EXPECT_EQ(rule->pattern, "a=b");
  EXPECT_EQ(rule->max_regression_pct, 7);
}

TEST(Gate, ThresholdFlagsAreParsedOnceAndResolvedPerMetric) {
  const auto max_regressions =
      parse_max_regressions({"4", "wall=30", "instructions=3%", "rss=7", "2"});
  ASSERT_TRUE(max_regressions) << max_regressions.error().message;
  const auto rules = parse_threshold_rules(
      {"fs/*=8", "syscalls:fs/read*=1", "a:b=9", "wall:size=2=20"});
  ASSERT_TRUE(rules) << rules.error().message;
  // "a" is no metric's name: the colon is the pattern's.
  EXPECT_FALSE((*rules)[2].metric.has_value());
  EXPECT_EQ((*rules)[2].value.pattern, "a:b");
  const GateThresholds thresholds{*max_regressions, *rules};
  const auto pct_and_patterns = [&](std::string_view metric) {
    const Result<GateOptions> o = options_for_metric({}, thresholds, metric);
    EXPECT_TRUE(o) << metric;
    std::string patterns;
    for (const ThresholdRule& r : o->thresholds) patterns += r.pattern + " ";
    return std::make_pair(o->max_regression_pct, patterns);
  };
  // The rate of an input without metrics, and wall and cpu: the plain forms
  // and their own, the last that applies winning.
  EXPECT_EQ(pct_and_patterns(""),
            std::make_pair(2.0, std::string("fs/* a:b ")));
  EXPECT_EQ(pct_and_patterns("wall"),
            std::make_pair(2.0, std::string("fs/* a:b size=2 ")));
  EXPECT_EQ(pct_and_patterns("cpu"),
            std::make_pair(2.0, std::string("fs/* a:b ")));
  // Counts keep their own defaults against a plain value, not a named one.
  EXPECT_EQ(pct_and_patterns("instructions"),
            std::make_pair(3.0, std::string()));
  EXPECT_EQ(pct_and_patterns("syscalls"),
            std::make_pair(0.0, std::string("fs/read* ")));
  EXPECT_EQ(pct_and_patterns("faults"), std::make_pair(0.0, std::string()));
  EXPECT_EQ(pct_and_patterns("rss"), std::make_pair(7.0, std::string()));
  // allocs is a count too: any rise fails by default.
  EXPECT_EQ(pct_and_patterns("allocs"), std::make_pair(0.0, std::string()));

  EXPECT_FALSE(parse_max_regressions({"5", "instructions=lots"}));
  EXPECT_FALSE(parse_threshold_rules({"syscalls:nothing"}));
  const Result<GateOptions> never = options_for_metric(
      {}, GateThresholds{*parse_max_regressions({"wall=100"}), {}}, "wall");
  ASSERT_FALSE(never);
  EXPECT_EQ(never.error().kind, ErrorKind::kUsage);
}

TEST(Gate, AReportExitsWithTheWorstOfItsMetrics) {
  const auto exit_of = [](std::vector<int> codes) {
    std::vector<GateResult> results;
    for (int c : codes) {
      GateResult r;
      r.exit_code = c;
      results.push_back(r);
    }
    return gate_report(std::move(results), true).exit_code;
  };
  EXPECT_EQ(exit_of({}), 0);
  EXPECT_EQ(exit_of({0, 0}), 0);
  EXPECT_EQ(exit_of({0, 3, 0}), 3);
  EXPECT_EQ(exit_of({3, 1, 0}), 1);
  EXPECT_EQ(exit_of({1, 3}), 1);
}

TEST(Gate, MetricsOfJsonLinesAreOneReport) {
  // Wall time 10% slower, one more system call per operation: two metrics,
  // each with its own threshold and direction, in one report.
  reports::MetricInput wall{"wall", one(-0.10, 0.01, 30), "", false, {},
                            "clock"};
  reports::MetricInput syscalls{"syscalls", {}, "", true, 0.0, "tracepoint"};
  for (int i = 0; i < 3; ++i) {
    syscalls.samples.add(Binary::kOld, "fs/read-file-sync", "size=1024", 4);
    syscalls.samples.add(Binary::kNew, "fs/read-file-sync", "size=1024", 5);
  }
  const GateThresholds thresholds{*parse_max_regressions({"20"}), {}};
  const Result<GateReport> report =
      gate_metrics({wall, syscalls}, {}, thresholds);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(report->metrics.size(), 2u);
  EXPECT_TRUE(report->by_metric);
  EXPECT_EQ(report->metrics[0].options.metric, "rate_ops_per_s");
  EXPECT_EQ(report->metrics[0].options.max_regression_pct, 20);
  EXPECT_EQ(report->metrics[0].exit_code, 0);
  EXPECT_EQ(report->metrics[1].options.metric,
            "syscalls per operation (tracepoint)");
  EXPECT_EQ(report->metrics[1].options.max_regression_pct, 0);
  EXPECT_EQ(report->metrics[1].exit_code, 1);
  EXPECT_EQ(report->exit_code, 1);

  // The keys ci/pr-gate's gate.json is read by.
  const nlohmann::json j = nlohmann::json::parse(format_gate_json(*report));
  EXPECT_EQ(j["exit_code"], 1);
  ASSERT_EQ(j["metrics"].size(), 2u);
  EXPECT_EQ(j["metrics"][1]["metric"], "syscalls per operation (tracepoint)");
  EXPECT_EQ(j["metrics"][1]["decisions"][0]["verdict"], "regression");

  const Result<GateReport> rates = gate_rates(wall.samples, {}, thresholds);
  ASSERT_TRUE(rates) << rates.error().message;
  EXPECT_FALSE(rates->by_metric);
  EXPECT_EQ(nlohmann::json::parse(format_gate_json(*rates)), j["metrics"][0]);
}

TEST(Gate, FormatsCarryEveryDecision) {
  SampleSet set = one(-0.10, 0.01, 30);
  add(set, "fs/write-file-sync", "size=1", normal_samples(9, 30, 50, 0.01),
      normal_samples(10, 30, 50, 0.01));
  const GateResult r = evaluate_gate(set, {});
  const GateReport report = gate_report({r}, false);

  const nlohmann::json j = nlohmann::json::parse(format_gate_json(report));
  ASSERT_EQ(j["decisions"].size(), 2u);
  EXPECT_EQ(j["exit_code"], 1);
  EXPECT_EQ(j["correction"], "holm");
  EXPECT_EQ(j["higher_is_better"], true);
  for (const auto& d : j["decisions"]) {
    EXPECT_FALSE(d["reason"].get<std::string>().empty());
    EXPECT_TRUE(d["interval_pct"].is_array());
  }

  const std::string text = format_gate_text(report);
  EXPECT_NE(text.find("confidence improvement"), std::string::npos) << text;
  EXPECT_NE(text.find("regression: fs/read-file-sync size=1024"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("fs/write-file-sync"), std::string::npos)
      << text;  // unchanged rows stay out
  EXPECT_NE(text.find("FAIL: 1 of 2 benchmarks"), std::string::npos);

  const std::string md = format_gate_markdown(report);
  EXPECT_EQ(md.rfind("### fpbench gate: FAIL", 0), 0u) << md;
  EXPECT_NE(md.find("| fs/read-file-sync size=1024 | regression |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("<details><summary>1 showed no change beyond their "
                    "threshold</summary>"),
            std::string::npos)
      << md;
}

}  // namespace
}  // namespace fpbench::ci

namespace fpbench::ci {
namespace {

// Counts that rise from 0 have no percentage: the reasons and every format
// say so in words, never "+inf%", "-nan%" or an interval out of order.
TEST(Gate, AChangeFromZeroIsSaidInWordsInEveryFormat) {
  SampleSet set;
  for (int i = 0; i < 3; ++i) {
    set.add(reports::Binary::kOld, "f", "c", 0.0);
    set.add(reports::Binary::kNew, "f", "c", 2.0);
  }
  GateOptions counts;
  counts.lower_is_better = true;
  counts.exact_noise_floor = 0.0;
  counts.max_regression_pct = 0;
  const GateResult r = evaluate_gate(set, counts);
  EXPECT_EQ(only(r).verdict, Verdict::kRegression) << only(r).reason;
  EXPECT_EQ(only(r).reason,
            "exact undefined (old mean is 0) (0 to 2 per operation, +2): worse "
            "beyond the "
            "threshold +0%");
  const GateReport report = gate_report({r}, false);
  for (const std::string& text :
       {format_gate_text(report), format_gate_markdown(report)}) {
    for (const char* bad : {"inf%", "nan%", "inf %", "nan %"}) {
      EXPECT_EQ(text.find(bad), std::string::npos) << bad << " in:\n" << text;
    }
    EXPECT_NE(text.find("old mean is 0"), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace fpbench::ci
