// Golden tests for the Markdown, JSON and CSV renderings of one small
// comparison, and the layout rules of the text table.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "fpbench/reports/compare_r_text.hpp"
#include "fpbench/reports/csv.hpp"
#include "fpbench/reports/json.hpp"
#include "fpbench/reports/markdown.hpp"

namespace fpbench::reports {
namespace {

// Expected numbers below are R's: t.test() and compare.R's formulas on the
// same samples (improvement, qt(1 - risk/2, df) * se / mean_old * 100).
Comparison small_comparison() {
  SampleSet s;
  for (double r : {100.0, 101.0, 99.0, 100.0})
    s.add(Binary::kOld, "fs/b.js", "n=1", r);
  for (double r : {120.0, 121.0, 119.0, 120.0})
    s.add(Binary::kNew, "fs/b.js", "n=1", r);
  for (double r : {50.0, 52.0, 48.0})
    s.add(Binary::kOld, "fs/a.js", "x='|*'", r);
  for (double r : {51.0, 49.0, 50.0})
    s.add(Binary::kNew, "fs/a.js", "x='|*'", r);
  s.add(Binary::kOld, "misc/c.js", "", 10.0);
  return build_comparison(s);
}

TEST(Comparison, RowsInCollationOrder) {
  const Comparison c = small_comparison();
  ASSERT_EQ(c.rows.size(), 3u);
  EXPECT_EQ(c.rows[0].name, "fs/a.js x='|*'");
  EXPECT_EQ(c.rows[1].name, "fs/b.js n=1");
  EXPECT_EQ(c.rows[2].name, "misc/c.js ");
}

TEST(Markdown, Golden) {
  const std::string expected =
      "| benchmark | confidence | improvement | accuracy \\(\\*\\) | "
      "\\(\\*\\*\\) | "
      "\\(\\*\\*\\*\\) |\n"
      "| :-- | --: | --: | --: | --: | --: |\n"
      "| fs/a.js x='\\|\\*' |  | 0.00 % | ±8.31% | ±15.38% | ±34.52% |\n"
      "| fs/b.js n=1 | \\*\\*\\* | 20.00 % | ±1.41% | ±2.14% | ±3.44% |\n"
      "| misc/c.js  | NA | NaN % | NA | NA | NA |\n"
      "\nRates are higher-is-better; improvement is (new - old) / old. \\* p "
      "< 0.05, \\*\\* p < 0.01, \\*\\*\\* p < 0.001 (Welch's t-test, "
      "two-sided); accuracy columns are the 95%, 99% and 99.9% confidence "
      "half-widths of the improvement. 3 comparisons: expect 0.15 false "
      "positives at 5%, 0.03 at 1%, 0.00 at 0.1%.\n";
  EXPECT_EQ(format_markdown(small_comparison()), expected);
}

TEST(Markdown, EscapeShowsMarkupAsWrittenAndKeepsACellOnOneLine) {
  EXPECT_EQ(markdown_escape("BM_copy/8 | *fast* [x](y) <b> #1 ~a~ `c` \\"),
            "BM\\_copy/8 \\| \\*fast\\* \\[x\\]\\(y\\) \\<b\\> \\#1 \\~a\\~ "
            "\\`c\\` \\\\");
  EXPECT_EQ(markdown_escape("first line\nsecond"), "first line second");
  // NUL and other control characters are shown, never passed through.
  EXPECT_EQ(markdown_escape(std::string_view("a\0b"
                                             "\x01"
                                             "c"
                                             "\x7f",
                                             6)),
            "a\\\\x00b\\\\x01c\\\\x7f");
  EXPECT_EQ(markdown_escape("fs/read-file-sync size=1024 useFd='true'"),
            "fs/read-file-sync size=1024 useFd='true'");
}

TEST(Markdown, OnlySignificantKeepsStarredRowsAndSaysSo) {
  const std::string md = format_markdown(
      small_comparison(), ReportOptions{.only_significant = true});
  EXPECT_NE(md.find("fs/b.js"), std::string::npos);
  EXPECT_EQ(md.find("fs/a.js"), std::string::npos);
  EXPECT_EQ(md.find("misc/c.js"), std::string::npos);
  EXPECT_NE(md.find("3 comparisons, 1 shown with a star"), std::string::npos);
}

TEST(Text, OnlySignificantKeepsTheFooterCountOfAllComparisons) {
  const std::string text = format_compare_r_text(
      small_comparison(), ReportOptions{.only_significant = true});
  EXPECT_EQ(text.find("fs/a.js"), std::string::npos);
  EXPECT_NE(text.find("fs/b.js n=1"), std::string::npos);
  EXPECT_NE(text.find("there are 3 comparisons"), std::string::npos);
}

TEST(Json, CarriesUnroundedNumbersAndNulls) {
  const auto doc = nlohmann::json::parse(format_json(small_comparison()));
  EXPECT_EQ(doc["comparisons"], 3);
  EXPECT_EQ(doc["higher_is_better"], true);
  const auto& b = doc["rows"][1];
  EXPECT_EQ(b["name"], "fs/b.js n=1");
  EXPECT_EQ(b["old"]["n"], 4);
  EXPECT_DOUBLE_EQ(b["old"]["mean"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(b["improvement_pct"].get<double>(), 20.0);
  EXPECT_EQ(b["stars"], 3);
  EXPECT_NEAR(b["welch"]["df"].get<double>(), 5.9999999999999982, 1e-12);
  EXPECT_NEAR(b["welch"]["t"].get<double>(), 34.641016151377549, 1e-9);
  EXPECT_NEAR(b["welch"]["p_value"].get<double>(), 3.855438394138477e-08,
              1e-17);
  EXPECT_EQ(b["confidence_intervals"].size(), 3u);
  EXPECT_DOUBLE_EQ(b["confidence_intervals"][2]["risk"].get<double>(), 0.001);
  const auto& c = doc["rows"][2];
  EXPECT_TRUE(c["welch"].is_null());
  EXPECT_TRUE(c["improvement_pct"].is_null());
  EXPECT_TRUE(c["new"]["mean"].is_null());
  EXPECT_TRUE(c["confidence_intervals"][0]["half_width_pct"].is_null());
}

TEST(Json, CarriesTheSamplesInInputOrder) {
  const auto doc = nlohmann::json::parse(format_json(small_comparison()));
  const auto& a = doc["rows"][0];
  EXPECT_EQ(a["old"]["samples"], nlohmann::json({50.0, 52.0, 48.0}));
  EXPECT_EQ(a["new"]["samples"], nlohmann::json({51.0, 49.0, 50.0}));
  const auto& b = doc["rows"][1];
  EXPECT_EQ(b["old"]["samples"], nlohmann::json({100.0, 101.0, 99.0, 100.0}));
  EXPECT_EQ(b["old"]["samples"].size(), b["old"]["n"].get<std::size_t>());
  const auto& c = doc["rows"][2];
  EXPECT_EQ(c["old"]["samples"], nlohmann::json({10.0}));
  EXPECT_TRUE(c["new"]["samples"].is_array());
  EXPECT_TRUE(c["new"]["samples"].empty());
}

TEST(Json, NamesThatAreNotUtf8DoNotAbort) {
  SampleSet s;
  s.add(Binary::kOld, "bad\xff", "", 1.0);
  const auto doc = nlohmann::json::parse(format_json(build_comparison(s)));
  EXPECT_EQ(doc["rows"][0]["filename"], "bad\xEF\xBF\xBD");
}

TEST(Csv, Golden) {
  const std::string csv = format_csv(small_comparison());
  const std::string header =
      "name,filename,configuration,n_old,n_new,mean_old,mean_new,"
      "improvement_pct,stars,t,df,p_value,accuracy_95_pct,accuracy_99_pct,"
      "accuracy_99_9_pct\n";
  ASSERT_EQ(csv.substr(0, header.size()), header);
  EXPECT_NE(
      csv.find(
          "\n\"fs/a.js "
          "x='|*'\",\"fs/a.js\",\"x='|*'\",3,3,50,50,0,0,0,2.94117647058823"),
      std::string::npos);
  EXPECT_NE(
      csv.find("\n\"misc/c.js "
               "\",\"misc/c.js\",\"\",1,0,10,NA,NA,NA,NA,NA,NA,NA,NA,NA\n"),
      std::string::npos);
}

TEST(Text, WideNamesSplitIntoColumnBlocks) {
  SampleSet s;
  const std::string long_config(190, 'x');
  for (double r : {1.0, 2.0, 3.0}) s.add(Binary::kOld, "f.js", long_config, r);
  for (double r : {2.0, 3.0, 4.0}) s.add(Binary::kNew, "f.js", long_config, r);
  const std::string text = format_compare_r_text(build_comparison(s));
  // 195 columns of name leave no room for a second column under 200.
  const std::string name = "f.js " + long_config;
  const std::string pad(name.size(), ' ');
  EXPECT_EQ(text.substr(0, text.find("\n\n") + 1),
            pad + " confidence\n" + name + "           \n" + pad +
                " improvement\n" + name + "     50.00 %\n" + pad +
                " accuracy (*)\n" + name + "     ±113.35%\n" + pad +
                "     (**)\n" + name + " ±187.96%\n" + pad + "    (***)\n" +
                name + " ±351.51%\n");
}

}  // namespace
}  // namespace fpbench::reports
