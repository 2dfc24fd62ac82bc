#pragma once

// The nightly history as a static web site (fpbench history html): pure
// functions from the analysed series to the text of each file. The site is
//   index.html        every series, newest regressions first, with a
//                     sparkline of its trend and its last change point
//   runs.js           every run's commit and date, shared by the pages
//   b/NAME.html       one page per series: an interactive chart (uPlot) of
//                     the run means with their 95% intervals and the change
//                     points, linked to their commits
//   assets/           uPlot, its licence, the dashboard's script and styles
//                     (web_assets.hpp)
// Every reference is relative, so the site works from file:// and fetches
// nothing; the commit links (--commit-url) are the only addresses outside it.

#include <cstddef>
#include <string>
#include <vector>

#include "fpbench/reports/history_report.hpp"

namespace fpbench::reports {

struct DashboardOptions {
  std::string title = "fpbench history";
  // A commit's address with {sha} where the commit goes, e.g.
  // https://github.com/ORG/REPO/commit/{sha}; empty: commits are plain text.
  std::string commit_url;
  std::string generated_at;   // shown in the footer
  std::string chart_library;  // "uPlot 1.6.32", shown in the footer
};

// The page of a series, relative to the site's root: "b/" + a readable part
// of the benchmark name + a hash of everything that tells series apart
// (benchmark, machine, metric, source, side), so names stay put from one
// night to the next.
std::string dashboard_page_path(const Series& series);

// {sha} of the template replaced by the commit; empty without a template.
std::string commit_link(const std::string& url_template,
                        const std::string& commit);

// The order of the overview: series whose last change point is a
// regression first, newest first; then those whose last change improved,
// newest first; then the rest; ties by benchmark name and machine.
std::vector<std::size_t> dashboard_order(
    const std::vector<SeriesAnalysis>& analyses);

std::string render_dashboard_index(const std::vector<SeriesAnalysis>& analyses,
                                   const DashboardOptions& options);
std::string render_dashboard_runs(const std::vector<SeriesAnalysis>& analyses);
std::string render_dashboard_page(const SeriesAnalysis& analysis,
                                  const DashboardOptions& options);

// Shared by the renderings (and the gate's page): text safe in HTML
// content and in quoted attributes.
std::string html_escape(const std::string& text);

}  // namespace fpbench::reports
