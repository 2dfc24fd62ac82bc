// The dashboard's pages: order of the overview, escaping, stable page
// names, commit links, and the data a series page hands its chart.

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "fpbench/reports/dashboard.hpp"

namespace fpbench::reports {
namespace {

SeriesAnalysis series(const std::string& name, const std::string& machine,
                      int points) {
  SeriesAnalysis a;
  a.series.benchmark = name;
  a.series.machine = machine;
  a.series.side = "new";
  for (int i = 0; i < points; ++i) {
    RunPoint p;
    p.run_id = i + 1;
    p.commit = "c0ffee" + std::to_string(1000000 + i) + "abcdef";
    p.date = "2025-01-" + std::string(i + 1 < 10 ? "0" : "") +
             std::to_string(i + 1) + "T02:00:00Z";
    p.n = 3;
    p.mean = 100 + i;
    p.variance = 4;
    a.series.points.push_back(p);
  }
  return a;
}

DetectedChange change(const SeriesAnalysis& a, std::size_t index, double pct) {
  const RunPoint& p = a.series.points.at(index);
  return DetectedChange{index, p.commit, p.date,  100,  100 * (1 + pct / 100),
                        pct,   1e-5,     pct < 0, false};
}

// The JSON a series page assigns to window.FPB_SERIES.
nlohmann::json page_data(const std::string& page) {
  const std::string key = "window.FPB_SERIES = ";
  const std::size_t from = page.find(key);
  EXPECT_NE(from, std::string::npos);
  const std::size_t to = page.find(";</script>", from);
  return nlohmann::json::parse(
      page.substr(from + key.size(), to - from - key.size()));
}

TEST(Dashboard, OverviewPutsTheNewestRegressionFirst) {
  std::vector<SeriesAnalysis> all = {series("a steady", "m1", 10),
                                     series("b improved", "m1", 10),
                                     series("c old regression", "m1", 10),
                                     series("d new regression", "m1", 10)};
  all[1].changes.push_back(change(all[1], 8, 20));
  all[2].changes.push_back(change(all[2], 3, -10));
  all[3].changes.push_back(change(all[3], 7, -5));
  const std::vector<std::size_t> order = dashboard_order(all);
  EXPECT_EQ(order, (std::vector<std::size_t>{3, 2, 1, 0}));
  const std::string index = render_dashboard_index(all, {});
  const std::size_t d = index.find(">d new regression<");
  const std::size_t c = index.find(">c old regression<");
  const std::size_t a = index.find(">a steady<");
  ASSERT_NE(d, std::string::npos);
  EXPECT_LT(d, c);
  EXPECT_LT(c, a);
  EXPECT_NE(index.find("<svg class=\"spark\""), std::string::npos);
  EXPECT_NE(index.find("2 whose last change point is a regression"),
            std::string::npos);
}

TEST(Dashboard, NamesAreEscapedInHtmlAndInScripts) {
  SeriesAnalysis a = series("fs/x.js code='</script><b>\"&'", "m&1", 4);
  const std::string index = render_dashboard_index({a}, {});
  EXPECT_EQ(index.find("</script><b>"), std::string::npos);
  EXPECT_NE(index.find("code=&#39;&lt;/script&gt;&lt;b&gt;&quot;&amp;&#39;"),
            std::string::npos);
  const std::string page = render_dashboard_page(a, {});
  EXPECT_EQ(page.find("</script><b>"), std::string::npos);
  EXPECT_EQ(page_data(page)["benchmark"], a.series.benchmark);
  EXPECT_EQ(page_data(page)["machine"], "m&1");
}

TEST(Dashboard, PagePathsAreStableSafeAndTellSeriesApart) {
  const SeriesAnalysis a =
      series("fs/read-file-sync encoding='utf8' size=1024", "m1", 1);
  const SeriesAnalysis b =
      series("fs/read-file-sync encoding='utf8' size=1024", "m2", 1);
  SeriesAnalysis c = a;
  c.series.metric = "instructions";
  const std::string pa = dashboard_page_path(a.series);
  EXPECT_EQ(pa,
            dashboard_page_path(series(a.series.benchmark, "m1", 5).series));
  EXPECT_TRUE(pa.starts_with("b/fs-read-file-sync-encoding-utf8-size-1024-"))
      << pa;
  EXPECT_TRUE(pa.ends_with(".html"));
  for (const char ch : pa.substr(2)) {
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' ||
                ch == '.')
        << pa;
  }
  const std::set<std::string> paths = {pa, dashboard_page_path(b.series),
                                       dashboard_page_path(c.series)};
  EXPECT_EQ(paths.size(), 3u);
  // Nothing readable in the name: the hash alone.
  const std::string bare = dashboard_page_path(series("$$$", "m", 1).series);
  EXPECT_EQ(bare.size(),
            std::string("b/").size() + 12 + std::string(".html").size())
      << bare;
}

TEST(Dashboard, CommitLinksFollowTheTemplate) {
  EXPECT_EQ(commit_link("https://example.org/{sha}?x={sha}", "abc"),
            "https://example.org/abc?x=abc");
  EXPECT_EQ(commit_link("", "abc"), "");
  SeriesAnalysis a = series("s", "m", 12);
  a.changes.push_back(change(a, 6, -8));
  DashboardOptions o;
  o.commit_url = "https://github.com/org/repo/commit/{sha}";
  const std::string page = render_dashboard_page(a, o);
  const std::string url =
      "https://github.com/org/repo/commit/" + a.series.points[6].commit;
  EXPECT_NE(page.find("href=\"" + url + "\""), std::string::npos);
  EXPECT_EQ(page_data(page)["changes"][0]["url"], url);
  const std::string plain = render_dashboard_page(a, {});
  EXPECT_EQ(plain.find("href=\"https://"), std::string::npos);
}

TEST(Dashboard, SeriesDataCarriesRunsMeansAndIntervals) {
  SeriesAnalysis a = series("s", "m", 5);
  a.series.points[2].n = 1;  // no interval from one sample
  const nlohmann::json d = page_data(render_dashboard_page(a, {}));
  ASSERT_EQ(d["mean"].size(), 5u);
  EXPECT_EQ(d["runs"][4], 5);
  EXPECT_DOUBLE_EQ(d["mean"][1].get<double>(), 101);
  // t(0.975, 2) = 4.302653, sd/sqrt(n) = 2/sqrt(3): half width 4.968275,
  // written with six significant digits.
  EXPECT_NEAR(d["lower"][0].get<double>(), 100 - 4.968275, 1e-3);
  EXPECT_NEAR(d["upper"][0].get<double>(), 100 + 4.968275, 1e-3);
  EXPECT_TRUE(d["lower"][2].is_null());
  const std::string runs = render_dashboard_runs({a});
  EXPECT_NE(runs.find("\"5\":[\"" + a.series.points[4].commit +
                      "\",\"2025-01-05T02:00:00Z\"]"),
            std::string::npos)
      << runs;
}

}  // namespace
}  // namespace fpbench::reports
