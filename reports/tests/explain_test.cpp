// A counted change explained: the parts listed and the rest add up to the
// measured change, for instructions by function, syscalls by name and
// allocs by call site, and the profile survives the JSON Lines.

#include "fpbench/reports/explain.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "fpbench/reports/metric_samples.hpp"

namespace fpbench::reports {
namespace {

const BenchmarkKey kKey{"BM_x", "8"};

SampleRecord sample(Binary side, double instructions,
                    std::vector<std::pair<std::string, FunctionCount>> fns) {
  SampleRecord r;
  r.binary = side;
  r.filename = kKey.filename;
  r.configuration = kKey.configuration;
  r.iterations = 5;
  r.metrics.emplace_back("instructions",
                         MetricReading{instructions, "valgrind", {}, {}});
  r.profile.functions = std::move(fns);
  return r;
}

double listed_change(const Explanation& e) {
  double sum = 0;
  for (const ExplainedPart& p : e.parts) sum += p.change();
  return sum;
}

TEST(Explain, TheChangedFunctionComesFirstAndPartsPlusRestAreTheChange) {
  std::vector<SampleRecord> records = {
      sample(Binary::kOld, 1000, {{"work", {900, 900}}, {"main", {95, 1000}}}),
      sample(Binary::kOld, 1000, {{"work", {900, 900}}, {"main", {95, 1000}}}),
      sample(Binary::kNew, 1032,
             {{"work", {930, 930}}, {"main", {96, 1032}}, {"new_fn", {1, 1}}}),
      sample(Binary::kNew, 1032,
             {{"work", {930, 930}}, {"main", {96, 1032}}, {"new_fn", {1, 1}}}),
  };
  const auto e = explain_change(records, kKey, "instructions");
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->unavailable.empty());
  EXPECT_DOUBLE_EQ(e->change(), 32);
  ASSERT_EQ(e->parts.size(), 3U);
  EXPECT_EQ(e->parts[0].name, "work");
  EXPECT_DOUBLE_EQ(e->parts[0].change(), 30);
  EXPECT_DOUBLE_EQ(*e->parts[0].old_inclusive, 900);
  EXPECT_EQ(e->parts[2].name, "new_fn");
  EXPECT_DOUBLE_EQ(e->parts[2].old_value, 0);
  EXPECT_DOUBLE_EQ(*e->parts[2].old_inclusive, 0);
  // 5 instructions per operation are in no listed function, on both sides.
  EXPECT_DOUBLE_EQ(e->rest_old, 5);
  EXPECT_DOUBLE_EQ(e->rest_change(), 0);
  EXPECT_DOUBLE_EQ(listed_change(*e) + e->rest_change(), e->change());
  const std::string text = format_explanation_text(*e);
  EXPECT_NE(text.find("93.8%"), std::string::npos) << text;
  EXPECT_NE(text.find("= measured change"), std::string::npos) << text;
  const std::string md = format_explanation_markdown(*e);
  EXPECT_NE(md.find("| work | +30 | 93.8% | 900 | 930 | 900 -\\> 930 |"),
            std::string::npos)
      << md;
  EXPECT_NE(md.find("**measured change**"), std::string::npos) << md;
}

TEST(Explain, PartsAndRestAddUpWhateverTheSamplesAndTheLimit) {
  std::mt19937_64 rng(20);
  std::uniform_real_distribution<double> count(0, 500);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<SampleRecord> records;
    for (Binary side : {Binary::kOld, Binary::kNew}) {
      for (int s = 0; s < 1 + trial % 4; ++s) {
        std::vector<std::pair<std::string, FunctionCount>> fns;
        double total = count(rng);  // what no listed function holds
        for (int f = 0; f < 12; ++f) {
          if (rng() % 3 == 0) continue;
          const double self = count(rng);
          total += self;
          fns.push_back({"f" + std::to_string(f), {self, self}});
        }
        records.push_back(sample(side, total, std::move(fns)));
      }
    }
    const auto limit = static_cast<std::size_t>(1 + trial % 6);
    const auto e = explain_change(records, kKey, "instructions", limit);
    ASSERT_TRUE(e);
    EXPECT_LE(e->parts.size(), limit);
    EXPECT_NEAR(listed_change(*e) + e->rest_change(), e->change(),
                1e-9 * (1 + std::abs(e->change())))
        << "trial " << trial;
    for (std::size_t i = 1; i < e->parts.size(); ++i) {
      EXPECT_GE(std::abs(e->parts[i - 1].change()),
                std::abs(e->parts[i].change()));
    }
  }
}

TEST(Explain, SystemCallsByNameAndAllocationsByCallSite) {
  std::vector<SampleRecord> records;
  for (Binary side : {Binary::kOld, Binary::kNew}) {
    const bool is_new = side == Binary::kNew;
    SampleRecord counted;
    counted.binary = side;
    counted.filename = kKey.filename;
    counted.configuration = kKey.configuration;
    MetricReading calls{is_new ? 4.0 : 3.0, "tracepoint", {}, {}};
    calls.by_name = {{"openat", 1}, {"read", 1}, {"close", 1}};
    if (is_new) calls.by_name.emplace_back("fstat", 1);
    counted.metrics.emplace_back("syscalls", calls);
    counted.metrics.emplace_back(
        "allocs", MetricReading{is_new ? 3.0 : 2.0, "preload", {}, {}});
    records.push_back(counted);
    SampleRecord profiled = sample(side, 100, {{"main", {100, 100}}});
    profiled.profile.alloc_sites = {{"load", 2}};
    if (is_new) profiled.profile.alloc_sites.emplace_back("parse", 1);
    records.push_back(profiled);
  }
  const auto calls = explain_change(records, kKey, "syscalls");
  ASSERT_TRUE(calls);
  ASSERT_EQ(calls->parts.size(), 1U);
  EXPECT_EQ(calls->parts[0].name, "fstat");
  EXPECT_DOUBLE_EQ(calls->rest_change(), 0);
  EXPECT_FALSE(calls->parts[0].old_inclusive);
  const auto allocs = explain_change(records, kKey, "allocs");
  ASSERT_TRUE(allocs);
  ASSERT_EQ(allocs->parts.size(), 1U);
  EXPECT_EQ(allocs->parts[0].name, "parse");
  EXPECT_EQ(allocs->part_kind, "call site");
  EXPECT_DOUBLE_EQ(listed_change(*allocs) + allocs->rest_change(),
                   allocs->change());
  EXPECT_FALSE(explain_change(records, kKey, "wall"));
}

TEST(Explain, WithoutProfilesItSaysWhereTheyComeFrom) {
  std::vector<SampleRecord> records = {sample(Binary::kOld, 10, {}),
                                       sample(Binary::kNew, 12, {})};
  const auto e = explain_change(records, kKey, "instructions");
  ASSERT_TRUE(e);
  EXPECT_NE(e->unavailable.find("--explain"), std::string::npos);
  EXPECT_DOUBLE_EQ(e->rest_change(), 2);
  EXPECT_NE(format_explanation_text(*e).find("callgrind"), std::string::npos);
}

TEST(Explain, TheProfileSurvivesTheJsonLines) {
  SampleRecord r = sample(
      Binary::kNew, 7, {{"work(unsigned long)", {6, 6.5}}, {"main", {1, 7}}});
  r.profile.alloc_sites = {{"work(unsigned long)", 0.5}};
  const auto back = parse_sample_jsonl(sample_jsonl_line(r), "s.jsonl");
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_EQ(back->size(), 1U);
  EXPECT_EQ((*back)[0].profile.functions, r.profile.functions);
  EXPECT_EQ((*back)[0].profile.alloc_sites, r.profile.alloc_sites);
  const auto bad = parse_sample_jsonl(
      R"({"binary":"old","filename":"a","configuration":"","metrics":{"instructions":{"value":1,"source":"valgrind"}},"profile":{"functions":{"f":[1]}}})"
      "\n",
      "s.jsonl");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("s.jsonl:1: profile: function 'f'"),
            std::string::npos)
      << bad.error().message;
}

}  // namespace
}  // namespace fpbench::reports
