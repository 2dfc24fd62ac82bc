// The explanation of a counted change as text and as Markdown: one row per
// part, then the rest, then the measured change they add up to.

#include <fmt/format.h>

#include <cmath>

#include "fpbench/reports/explain.hpp"
#include "fpbench/reports/markdown.hpp"

namespace fpbench::reports {
namespace {

std::string count(double v) { return fmt::format("{:.6g}", v); }

std::string signed_count(double v) {
  return (v > 0 ? "+" : "") + fmt::format("{:.6g}", v);
}

// The part's share of the measured change; blank when nothing changed.
std::string share(double part, double whole) {
  if (whole == 0) return "";
  return fmt::format("{:.1f}%", 100 * part / whole);
}

std::string heading(const Explanation& e) {
  const double pct =
      e.old_total == 0 ? NAN : 100 * (e.new_total - e.old_total) / e.old_total;
  return fmt::format("{} per operation of {}: {} -> {} ({}{})", e.metric,
                     e.benchmark, count(e.old_total), count(e.new_total),
                     signed_count(e.change()),
                     std::isnan(pct) ? "" : fmt::format(", {:+.2f}%", pct));
}

std::string inclusive(const ExplainedPart& p) {
  if (!p.old_inclusive || !p.new_inclusive) return "";
  return fmt::format("{} -> {}", count(*p.old_inclusive),
                     count(*p.new_inclusive));
}

struct Row {
  std::string change, share, old_value, new_value, inclusive, name;
};

std::vector<Row> rows(const Explanation& e) {
  std::vector<Row> out;
  for (const ExplainedPart& p : e.parts) {
    out.push_back({signed_count(p.change()), share(p.change(), e.change()),
                   count(p.old_value), count(p.new_value), inclusive(p),
                   p.name});
  }
  out.push_back(
      {signed_count(e.rest_change()), share(e.rest_change(), e.change()),
       count(e.rest_old), count(e.rest_new), "",
       e.parts.empty() ? "rest (no part counted by name changed)" : "rest"});
  out.push_back({signed_count(e.change()), e.change() == 0 ? "" : "100.0%",
                 count(e.old_total), count(e.new_total), "",
                 "= measured change"});
  return out;
}

}  // namespace

std::string format_explanation_text(const Explanation& e) {
  std::string out = heading(e) + "\n";
  if (!e.unavailable.empty()) return out + "  " + e.unavailable + "\n";
  const bool functions = e.metric == "instructions";
  std::vector<Row> all = rows(e);
  Row header{"change",   "share", "old", "new", "inclusive old -> new",
             e.part_kind};
  all.insert(all.begin(), header);
  std::size_t w[5] = {0, 0, 0, 0, 0};
  for (const Row& r : all) {
    w[0] = std::max(w[0], r.change.size());
    w[1] = std::max(w[1], r.share.size());
    w[2] = std::max(w[2], r.old_value.size());
    w[3] = std::max(w[3], r.new_value.size());
    w[4] = std::max(w[4], r.inclusive.size());
  }
  for (const Row& r : all) {
    std::string line =
        fmt::format("  {:>{}}  {:>{}}  {:>{}}  {:>{}}  ", r.change, w[0],
                    r.share, w[1], r.old_value, w[2], r.new_value, w[3]);
    if (functions) line += fmt::format("{:<{}}  ", r.inclusive, w[4]);
    line += r.name;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string format_explanation_markdown(const Explanation& e) {
  std::string out = "**" + markdown_escape(heading(e)) + "**\n\n";
  if (!e.unavailable.empty())
    return out + markdown_escape(e.unavailable) + "\n";
  const bool functions = e.metric == "instructions";
  out += fmt::format("| {} | change | share | old | new |{}\n",
                     markdown_escape(e.part_kind),
                     functions ? " inclusive old → new |" : "");
  out += fmt::format("| :-- | --: | --: | --: | --: |{}\n",
                     functions ? " --: |" : "");
  const std::vector<Row> all = rows(e);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Row& r = all[i];
    const bool total = i + 1 == all.size();
    out +=
        fmt::format("| {} | {} | {} | {} | {} |{}\n",
                    total ? "**measured change**" : markdown_escape(r.name),
                    r.change, r.share, r.old_value, r.new_value,
                    functions ? " " + markdown_escape(r.inclusive) + " |" : "");
  }
  return out + "\n";
}

}  // namespace fpbench::reports
