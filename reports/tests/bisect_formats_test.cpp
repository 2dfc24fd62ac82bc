// fpbench bisect's report in every format: which change is the first bad
// commit and how a change back towards good is named. The reports are set
// by hand (the range: a -1.8% commit, then twenty commits later a
// +20.9% one), so these pin the rule and the formats alone; the search that
// finds the changes is harness's and tested there. The text and Markdown of
// that range are golden files in reports/tests/data/bisect/;
// FPBENCH_UPDATE_GOLDEN=1 writes them instead, for a change that means to
// alter a format.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "fpbench/reports/bisect_report.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench::reports {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::first_difference;
using fpbench::test_support::slurp;
using nlohmann::json;

const fs::path kGoldenDir =
    fs::path(FPBENCH_SOURCE_DIR) / "reports" / "tests" / "data" / "bisect";

void expect_golden(const std::string& file, const std::string& got) {
  const fs::path path = kGoldenDir / file;
  const char* update = std::getenv("FPBENCH_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << got;
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << path;
  const std::string want = slurp(path);
  EXPECT_TRUE(got == want) << path << ": " << first_difference(got, want);
}

const std::string kGood(40, 'a');
const std::string kImproved(40, 'b');   // 1000 -> 982
const std::string kRegressed(40, 'c');  // 982 -> 1187
const std::string kBad(40, 'd');

BisectChange change(const std::string& sha, const std::string& subject,
                    double before, double after, double good, double bad) {
  BisectChange c;
  c.sha = sha;
  c.subject = subject;
  c.date = "2026-12-02T06:03:09+00:00";
  c.before = before;
  c.after = after;
  c.delta_low = c.delta_high = after - before;
  c.explained = (after - before) / (bad - good);
  return c;
}

// Counted instructions per operation, good 1000 and bad 1187: a commit
// making it 1.8% cheaper, then one making it 20.9% dearer, in that order.
BisectReport improvement_then_regression() {
  BisectReport r;
  r.metric = "instructions";
  r.description = "instructions per operation";
  r.benchmark = "BM_parse 64";
  r.good_sha = kGood;
  r.bad_sha = kBad;
  r.good_value = 1000;
  r.bad_value = 1187;
  r.reproduced = true;
  r.complete = true;
  r.commits_in_range = 40;
  r.builds = 9;
  r.builds_cached = 2;
  r.samples = 22;
  r.changes = {
      change(kImproved, "parse: skip the copy", 1000, 982, 1000, 1187),
      change(kRegressed, "parse: validate every byte", 982, 1187, 1000, 1187)};
  BisectStep s;
  s.sha = kImproved;
  s.subject = "parse: skip the copy";
  s.verdict = BisectVerdict::kBad;
  s.value = 982;
  s.reason = "differs from " + kGood.substr(0, 12);
  s.samples = 2;
  r.steps = {s};
  return r;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

TEST(BisectFormats, TheRegressionIsTheFirstBadCommitNotAnEarlierImprovement) {
  const BisectReport r = improvement_then_regression();
  ASSERT_EQ(first_bad_change(r), &r.changes[1]);
  EXPECT_EQ(bisect_direction(r.changes[0]), BisectDirection::kImprovement);
  EXPECT_EQ(bisect_direction(r.changes[1]), BisectDirection::kRegression);

  const std::string text = format_bisect_text(r);
  EXPECT_EQ(first_line(text), kRegressed + " is the first bad commit");
  EXPECT_NE(text.find("\n" + kImproved +
                      " is an improvement of 1.80% (instructions per "
                      "operation), not the regression\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find(kImproved + " is the first bad commit"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("next change"), std::string::npos) << text;
  // The regression is listed before the improvement.
  EXPECT_LT(text.find("validate every byte"), text.find("skip the copy"));
  expect_golden("improvement_then_regression.txt", text);

  const std::string md = format_bisect_markdown(r);
  EXPECT_EQ(first_line(md), "**" + kRegressed + " is the first bad commit**");
  EXPECT_NE(md.find("  - an improvement of 1.80% (instructions per "
                    "operation), not the regression\n"),
            std::string::npos)
      << md;
  expect_golden("improvement_then_regression.md", md);
}

TEST(BisectFormats, JsonNamesTheFirstBadCommitAndEachChangesDirection) {
  const json doc =
      json::parse(format_bisect_json(improvement_then_regression()));
  EXPECT_EQ(doc["first_bad_commit"], kRegressed);
  ASSERT_EQ(doc["changes"].size(), 2U);
  // Listed as the text lists them: the first bad commit first.
  EXPECT_EQ(doc["changes"][0]["sha"], kRegressed);
  EXPECT_EQ(doc["changes"][0]["direction"], "regression");
  EXPECT_EQ(doc["changes"][1]["sha"], kImproved);
  EXPECT_EQ(doc["changes"][1]["direction"], "improvement");
  EXPECT_DOUBLE_EQ(doc["changes"][1]["delta"].get<double>(), -18);
  EXPECT_LT(doc["changes"][1]["explained"].get<double>(), 0);
  for (const char* field :
       {"reproduced", "complete", "metric", "benchmark", "good", "bad",
        "candidates", "skipped", "commits_in_range", "builds", "builds_cached",
        "samples", "notes", "steps"}) {
    EXPECT_TRUE(doc.contains(field)) << field;
  }
}

TEST(BisectFormats, RegressionsComeByTheShareTheyExplainThenImprovements) {
  // good 100, bad 130: +10 at the first commit, -5 later, +25 last.
  BisectReport r = improvement_then_regression();
  r.good_value = 100;
  r.bad_value = 130;
  const std::string small(40, '1'), back(40, '2'), large(40, '3');
  r.changes = {change(small, "small", 100, 110, 100, 130),
               change(back, "back", 110, 105, 100, 130),
               change(large, "large", 105, 130, 100, 130)};
  const auto ranked = ranked_bisect_changes(r);
  ASSERT_EQ(ranked.size(), 3U);
  EXPECT_EQ(ranked[0]->sha, large);
  EXPECT_EQ(ranked[1]->sha, small);
  EXPECT_EQ(ranked[2]->sha, back);

  const std::string text = format_bisect_text(r);
  EXPECT_EQ(first_line(text), large + " is the first bad commit");
  EXPECT_NE(text.find("\n" + small + " is another bad commit\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n" + back +
                      " is an improvement of 4.55% (instructions per "
                      "operation), not the regression\n"),
            std::string::npos)
      << text;
  // Said once, after the first bad commit.
  EXPECT_EQ(text.find("not the whole change"),
            text.rfind("not the whole change"));
}

TEST(BisectFormats, AnImprovementIsNeverTheFirstBadCommit) {
  // The only change found is back towards good and skipped commits hide the
  // rest: git's words for the hidden first bad commit, the improvement as
  // what it is.
  BisectReport r = improvement_then_regression();
  r.changes.resize(1);
  r.complete = false;
  r.candidates = {kRegressed.substr(0, 12) + " parse: validate every byte",
                  std::string(12, 'e') + " build: bump the compiler"};
  const std::string text = format_bisect_text(r);
  EXPECT_EQ(first_line(text), "There are only 'skip'ped commits left to test.");
  EXPECT_NE(text.find("The first bad commit could be any of:\n" +
                      r.candidates[0] + "\n" + r.candidates[1] + "\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(kImproved + " is an improvement of 1.80%"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("is the first bad commit"), std::string::npos) << text;
  EXPECT_EQ(first_line(format_bisect_markdown(r)),
            "**There are only 'skip'ped commits left to test.**");
  const json doc = json::parse(format_bisect_json(r));
  EXPECT_TRUE(doc["first_bad_commit"].is_null());
  EXPECT_EQ(doc["changes"][0]["direction"], "improvement");

  // Without candidates (the search stopped at its most changes).
  r.candidates.clear();
  EXPECT_EQ(first_line(format_bisect_text(r)),
            "No first bad commit found: every change found moves the metric "
            "back towards good");
}

TEST(BisectFormats, AFasterRateIsAnImprovementOfWallTime) {
  // Wall time: rates, higher is better. Good 1000 ops/s, bad 800: a commit
  // taking it to 1100 is an improvement, one to 800 the first bad commit.
  BisectReport r = improvement_then_regression();
  r.metric = "wall";
  r.description = "operations per second";
  r.good_value = 1000;
  r.bad_value = 800;
  r.changes = {change(kImproved, "faster", 1000, 1100, 1000, 800),
               change(kRegressed, "slower", 1100, 800, 1000, 800)};
  const std::string text = format_bisect_text(r);
  EXPECT_EQ(first_line(text), kRegressed + " is the first bad commit");
  EXPECT_NE(text.find(kImproved +
                      " is an improvement of 10.00% (operations per second), "
                      "not the regression"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace fpbench::reports
