// The dashboard's overview page and the run table its pages share
// (dashboard.hpp); the series pages are in dashboard_pages.cpp.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>

#include "dashboard_common.hpp"
#include "fpbench/reports/dashboard.hpp"

namespace fpbench::reports {
namespace {

// A sparkline of this many points at most: enough to show a step, small
// enough that a thousand rows stay a light page.
constexpr std::size_t kSparkPoints = 80;
constexpr double kSparkWidth = 120;
constexpr double kSparkHeight = 26;

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

// Bucket means of the series, so a sparkline of 365 nights keeps its steps.
std::vector<double> bucketed(const std::vector<RunPoint>& points) {
  std::vector<double> out;
  const std::size_t n = points.size();
  const std::size_t buckets = std::min(n, kSparkPoints);
  for (std::size_t b = 0; b < buckets; ++b) {
    const std::size_t from = b * n / buckets;
    const std::size_t to = (b + 1) * n / buckets;
    double sum = 0;
    for (std::size_t i = from; i < to; ++i) sum += points[i].mean;
    out.push_back(sum / static_cast<double>(to - from));
  }
  return out;
}

std::string sparkline(const SeriesAnalysis& a) {
  const std::vector<double> values = bucketed(a.series.points);
  if (values.empty()) return "";
  const auto [lo_it, hi_it] = std::minmax_element(values.begin(), values.end());
  const double lo = *lo_it;
  const double span = *hi_it - lo;
  const double step = values.size() > 1
                          ? kSparkWidth / static_cast<double>(values.size() - 1)
                          : 0;
  std::string path;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const double y =
        span > 0 ? 2 + (kSparkHeight - 4) * (1 - (values[i] - lo) / span)
                 : kSparkHeight / 2;
    path += fmt::format("{}{:.1f},{:.1f}", i == 0 ? "" : " ",
                        static_cast<double>(i) * step, y);
  }
  std::string marks;
  const double n = static_cast<double>(a.series.points.size());
  for (const DetectedChange& c : a.changes) {
    const double x =
        n > 1 ? kSparkWidth * (static_cast<double>(c.index) - 0.5) / (n - 1)
              : 0;
    marks += fmt::format(
        R"(<line x1="{0:.1f}" x2="{0:.1f}" y1="0" y2="{1}" class="{2}"/>)", x,
        kSparkHeight, c.regression ? "bad" : "good");
  }
  return fmt::format(
      R"(<svg class="spark" viewBox="0 0 {0} {1}" width="{0}" height="{1}" role="img" )"
      R"(aria-label="trend of {2} runs">{3}<polyline points="{4}"/></svg>)",
      kSparkWidth, kSparkHeight, a.series.points.size(), marks, path);
}

// 31,220 as "31.2k": four digits at most, no exponent.
std::string compact_number(double v) {
  const double a = std::fabs(v);
  if (a >= 1e9) return fmt::format("{:.3g}G", v / 1e9);
  if (a >= 1e6) return fmt::format("{:.3g}M", v / 1e6);
  if (a >= 1e4) return fmt::format("{:.3g}k", v / 1e3);
  return fmt::format("{:.4g}", v);
}

std::string change_cell(const SeriesAnalysis& a,
                        const DashboardOptions& options) {
  if (a.changes.empty()) return R"(<td class="none">no change point</td>)";
  const DetectedChange& c = a.changes.back();
  return fmt::format(R"(<td class="{}">{} {} {}</td>)",
                     c.regression ? "bad" : "good",
                     html_escape(fmt::format("{:+.2f}%", c.magnitude_pct)),
                     html_escape(c.date.substr(0, 10)),
                     commit_anchor(options.commit_url, c.commit, ""));
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string commit_link(const std::string& url_template,
                        const std::string& commit) {
  if (url_template.empty()) return "";
  std::string out = url_template;
  for (std::size_t at = out.find("{sha}"); at != std::string::npos;
       at = out.find("{sha}", at + commit.size())) {
    out.replace(at, 5, commit);
  }
  return out;
}

std::string commit_anchor(const std::string& url_template,
                          const std::string& commit,
                          const std::string& css_class) {
  const std::string shown = html_escape(commit.substr(0, kShortCommit));
  const std::string cls =
      css_class.empty() ? "" : fmt::format(R"( class="{}")", css_class);
  if (url_template.empty()) {
    return fmt::format(R"(<code{} title="{}">{}</code>)", cls,
                       html_escape(commit), shown);
  }
  return fmt::format(R"(<a{} href="{}" title="{}"><code>{}</code></a>)", cls,
                     html_escape(commit_link(url_template, commit)),
                     html_escape(commit), shown);
}

std::string script_json(const nlohmann::json& value) {
  std::string text =
      value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // "</script>" inside a string would end the script element.
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

std::string page_head(const std::string& title, const std::string& root) {
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n"
      "<title>{0}</title>\n<link rel=\"icon\" href=\"data:,\">\n"
      "<link rel=\"stylesheet\" href=\"{1}assets/uPlot.min.css\">\n"
      "<link rel=\"stylesheet\" href=\"{1}assets/dashboard.css\">\n</head>\n",
      html_escape(title), root);
}

std::string page_footer(const DashboardOptions& options,
                        const std::string& root) {
  return fmt::format(
      "<footer>Written by fpbench history html{}{}. Charts: {} (MIT licence, "
      "<a href=\"{}assets/LICENSE-uPlot.txt\">text</a>).</footer>\n",
      options.generated_at.empty() ? "" : " at ",
      html_escape(options.generated_at),
      html_escape(options.chart_library.empty() ? "uPlot"
                                                : options.chart_library),
      root);
}

std::string dashboard_page_path(const Series& series) {
  std::string readable;
  for (const char c : series.benchmark) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      (c >= '0' && c <= '9');
    if (keep) {
      readable += c;
    } else if (!readable.empty() && readable.back() != '-') {
      readable += '-';
    }
    if (readable.size() >= 60) break;
  }
  while (!readable.empty() && readable.back() == '-') readable.pop_back();
  const std::uint64_t h =
      fnv1a(series.benchmark + '\0' + series.machine + '\0' + series.metric +
            '\0' + series.source + '\0' + series.side);
  return fmt::format("b/{}{}{:012x}.html", readable,
                     readable.empty() ? "" : "-", h & 0xffffffffffffULL);
}

std::vector<std::size_t> dashboard_order(
    const std::vector<SeriesAnalysis>& analyses) {
  std::vector<std::size_t> order(analyses.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  const auto rank = [&](std::size_t i) {
    const auto& changes = analyses[i].changes;
    if (changes.empty()) return 2;
    return changes.back().regression ? 0 : 1;
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) {
                     const int ra = rank(a);
                     const int rb = rank(b);
                     if (ra != rb) return ra < rb;
                     if (ra != 2) {
                       const std::string& da = analyses[a].changes.back().date;
                       const std::string& db = analyses[b].changes.back().date;
                       if (da != db) return da > db;
                     }
                     const Series& sa = analyses[a].series;
                     const Series& sb = analyses[b].series;
                     if (sa.benchmark != sb.benchmark)
                       return sa.benchmark < sb.benchmark;
                     return sa.machine < sb.machine;
                   });
  return order;
}

std::string render_dashboard_index(const std::vector<SeriesAnalysis>& analyses,
                                   const DashboardOptions& options) {
  std::size_t regressed = 0;
  std::map<std::string, std::size_t> machines;
  for (const SeriesAnalysis& a : analyses) {
    regressed += !a.changes.empty() && a.changes.back().regression;
    ++machines[a.series.machine];
  }
  std::string out = page_head(options.title, "");
  out += fmt::format(
      "<body class=\"overview\">\n<h1>{}</h1>\n<p class=\"meta\">{} series on "
      "{} machine(s); "
      "{} whose last change point is a regression. Newest regressions "
      "first.</p>\n"
      "<p class=\"tools\"><input id=\"filter\" type=\"search\" "
      "placeholder=\"filter by name "
      "or machine\" aria-label=\"filter\"> <span id=\"shown\"></span></p>\n"
      "<table "
      "id=\"series\">\n<thead><tr><th>benchmark</th><th>machine</"
      "th><th>metric</th>"
      "<th>trend</th><th>latest</th><th>last "
      "change</th><th>runs</th></tr></thead>\n<tbody>\n",
      html_escape(options.title), analyses.size(), machines.size(), regressed);
  for (const std::size_t i : dashboard_order(analyses)) {
    const SeriesAnalysis& a = analyses[i];
    const Series& s = a.series;
    const std::string latest =
        s.points.empty() ? "" : compact_number(s.points.back().mean);
    out += fmt::format(
        "<tr><td><a "
        "href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td "
        "class=\"num\">{}"
        "</td>{}<td class=\"num\">{}</td></tr>\n",
        html_escape(dashboard_page_path(s)), html_escape(s.benchmark),
        html_escape(s.machine), html_escape(s.metric), sparkline(a), latest,
        change_cell(a, options), s.points.size());
  }
  out += "</tbody>\n</table>\n";
  out += page_footer(options, "");
  out += "<script src=\"assets/dashboard.js\"></script>\n</body>\n</html>\n";
  return out;
}

std::string render_dashboard_runs(const std::vector<SeriesAnalysis>& analyses) {
  std::map<std::int64_t, const RunPoint*> runs;
  for (const SeriesAnalysis& a : analyses) {
    for (const RunPoint& p : a.series.points) runs.emplace(p.run_id, &p);
  }
  nlohmann::json table = nlohmann::json::object();
  for (const auto& [id, p] : runs) {
    table[std::to_string(id)] = nlohmann::json::array({p->commit, p->date});
  }
  return "window.FPB_RUNS = " + script_json(table) + ";\n";
}

}  // namespace fpbench::reports
