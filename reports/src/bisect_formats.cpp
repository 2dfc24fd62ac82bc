// fpbench bisect's text, Markdown and JSON: each a rendering of one
// BisectReport (bisect_report.hpp).

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "fpbench/reports/bisect_report.hpp"

namespace fpbench::reports {
namespace {

using nlohmann::json;

constexpr const char* kSearchedOn =
    "not the whole change: the rest of the range was searched too";

std::string num(double v) { return fmt::format("{:.6g}", v); }

std::string signed_num(double v) {
  return (v > 0 ? "+" : "") + fmt::format("{:.6g}", v);
}

std::string pct_of(double delta, double base) {
  if (base == 0 || !std::isfinite(delta / base)) return "n/a";
  return fmt::format("{:+.2f}%", 100 * delta / base);
}

std::string interval(const BisectChange& c) {
  if (c.delta_low == c.delta_high) return "exact";
  return fmt::format("95% interval [{}, {}]", signed_num(c.delta_low),
                     signed_num(c.delta_high));
}

std::string change_line(const BisectReport& r, const BisectChange& c) {
  return fmt::format("{} of {}: {} -> {} ({}, {}), {}", r.description,
                     r.benchmark, num(c.before), num(c.after),
                     signed_num(c.after - c.before),
                     pct_of(c.after - c.before, c.before), interval(c));
}

std::string explained_line(const BisectReport& r, const BisectChange& c) {
  return fmt::format("explains {:.0f}% of the good-to-bad change ({} -> {})",
                     100 * c.explained, num(r.good_value), num(r.bad_value));
}

std::string usage_line(const BisectReport& r) {
  return fmt::format(
      "{} commits in range; {} built, {} from the build cache; {} samples",
      r.commits_in_range, r.builds, r.builds_cached, r.samples);
}

std::string short_sha(const std::string& sha) { return sha.substr(0, 12); }

std::string value_text(const BisectStep& s) {
  return s.value ? num(*s.value) : "-";
}

std::string headline(const BisectReport& r) {
  if (!r.reproduced) {
    return fmt::format(
        "not reproduced: good {} and bad {} do not differ in {} of {} ({} "
        "and {})",
        short_sha(r.good_sha), short_sha(r.bad_sha), r.description, r.benchmark,
        num(r.good_value), num(r.bad_value));
  }
  if (const BisectChange* c = first_bad_change(r)) {
    return c->sha + " is the first bad commit";
  }
  if (r.candidates.empty()) {
    return "No first bad commit found: every change found moves the metric "
           "back towards good";
  }
  return "There are only 'skip'ped commits left to test.";
}

// The skipped commits among which the first bad one hides, when no change
// found moves towards bad.
bool lists_candidates(const BisectReport& r) {
  return r.reproduced && first_bad_change(r) == nullptr &&
         !r.candidates.empty();
}

bool is_improvement(const BisectChange& c) {
  return bisect_direction(c) == BisectDirection::kImprovement;
}

// "an improvement of 1.80% (instructions per operation), not the
// regression": a change back towards good, said so where it is listed.
std::string improvement_text(const BisectReport& r, const BisectChange& c) {
  const double pct = 100 * std::abs(c.after - c.before) / std::abs(c.before);
  const std::string size =
      std::isfinite(pct) ? fmt::format(" of {:.2f}%", pct) : "";
  return fmt::format("an improvement{} ({}), not the regression", size,
                     r.description);
}

// The line before a change's subject: none for the first bad commit (the
// headline names it); another regression and an improvement say which.
std::string change_title(const BisectReport& r, const BisectChange& c,
                         std::size_t rank) {
  if (is_improvement(c)) return c.sha + " is " + improvement_text(r, c);
  if (rank > 0) return c.sha + " is another bad commit";
  return "";
}

}  // namespace

const char* bisect_verdict_name(BisectVerdict verdict) {
  switch (verdict) {
    case BisectVerdict::kGood:
      return "good";
    case BisectVerdict::kBad:
      return "bad";
    case BisectVerdict::kSkip:
      return "skip";
  }
  return "skip";
}

std::string format_bisect_text(const BisectReport& r) {
  std::string out = headline(r) + "\n";
  if (lists_candidates(r)) {
    out += "The first bad commit could be any of:\n";
    for (const std::string& c : r.candidates) out += c + "\n";
  }
  const auto ranked = ranked_bisect_changes(r);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const BisectChange& c = *ranked[i];
    if (const std::string title = change_title(r, c, i); !title.empty()) {
      out += (i > 0 || lists_candidates(r) ? "\n" : "") + title + "\n";
    }
    out += "    " + c.subject + "\n";
    out += "Date: " + c.date + "\n";
    out += change_line(r, c) + "\n";
    out += explained_line(r, c) + "\n";
    if (c.explanation) out += format_explanation_text(*c.explanation);
    if (i == 0 && ranked.size() > 1) out += std::string(kSearchedOn) + "\n";
  }
  if (!r.changes.empty()) out += "\n";
  if (r.reproduced && !r.changes.empty() && !r.complete) {
    out +=
        "the changes found do not add up to the whole good-to-bad change; "
        "the rest of the range did not show where the remainder is\n";
  }
  for (const std::string& n : r.notes) out += "note: " + n + "\n";
  out += usage_line(r) + "\n";
  if (!r.skipped.empty()) {
    out += "skipped:\n";
    for (const std::string& s : r.skipped) out += "  " + s + "\n";
  }
  if (!r.steps.empty()) {
    out += fmt::format("\n{:<5} {:<12} {:>14} {:>7}  {}\n", "step", "commit",
                       "value", "samples", "verdict");
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
      const BisectStep& s = r.steps[i];
      out += fmt::format("{:<5} {:<12} {:>14} {:>7}  {} ({})\n", i + 1,
                         short_sha(s.sha), value_text(s), s.samples,
                         bisect_verdict_name(s.verdict), s.reason);
    }
  }
  return out;
}

std::string format_bisect_markdown(const BisectReport& r) {
  std::string out = "**" + headline(r) + "**\n\n";
  if (lists_candidates(r)) {
    out += "The first bad commit could be any of:\n\n";
    for (const std::string& c : r.candidates) out += "- `" + c + "`\n";
    out += "\n";
  }
  const auto ranked = ranked_bisect_changes(r);
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const BisectChange& c = *ranked[i];
    out += fmt::format("- `{}` {} ({})\n", short_sha(c.sha), c.subject, c.date);
    if (is_improvement(c)) out += "  - " + improvement_text(r, c) + "\n";
    out += fmt::format("  - {}\n  - {}\n", change_line(r, c),
                       explained_line(r, c));
    if (c.explanation) {
      out += "\n" + format_explanation_markdown(*c.explanation);
    }
    if (i == 0 && ranked.size() > 1) {
      out += "  - " + std::string(kSearchedOn) + "\n";
    }
  }
  if (r.reproduced && !r.changes.empty() && !r.complete) {
    out += "- the changes found do not add up to the whole change\n";
  }
  for (const std::string& n : r.notes) out += "- note: " + n + "\n";
  out += "\n" + usage_line(r) + "\n";
  if (!r.skipped.empty()) {
    out += "\nSkipped:\n\n";
    for (const std::string& s : r.skipped) out += "- " + s + "\n";
  }
  if (!r.steps.empty()) {
    out +=
        "\n| step | commit | value | samples | verdict |\n"
        "|---:|---|---:|---:|---|\n";
    for (std::size_t i = 0; i < r.steps.size(); ++i) {
      const BisectStep& s = r.steps[i];
      out += fmt::format("| {} | `{}` | {} | {} | {} ({}) |\n", i + 1,
                         short_sha(s.sha), value_text(s), s.samples,
                         bisect_verdict_name(s.verdict), s.reason);
    }
  }
  return out;
}

namespace {

json explanation_json(const Explanation& e) {
  json parts = json::array();
  for (const ExplainedPart& p : e.parts) {
    json part = {{"name", p.name}, {"old", p.old_value}, {"new", p.new_value}};
    if (p.old_inclusive && p.new_inclusive) {
      part["old_inclusive"] = *p.old_inclusive;
      part["new_inclusive"] = *p.new_inclusive;
    }
    parts.push_back(std::move(part));
  }
  json doc = {{"part_kind", e.part_kind},
              {"old", e.old_total},
              {"new", e.new_total},
              {"parts", parts},
              {"rest", {{"old", e.rest_old}, {"new", e.rest_new}}}};
  if (!e.unavailable.empty()) doc["unavailable"] = e.unavailable;
  return doc;
}

}  // namespace

std::string format_bisect_json(const BisectReport& r) {
  json changes = json::array();
  for (const BisectChange* change : ranked_bisect_changes(r)) {
    const BisectChange& c = *change;
    changes.push_back(
        {{"sha", c.sha},
         {"subject", c.subject},
         {"date", c.date},
         {"direction", bisect_direction_name(bisect_direction(c))},
         {"before", c.before},
         {"after", c.after},
         {"delta", c.after - c.before},
         {"delta_interval", {c.delta_low, c.delta_high}},
         {"explained", c.explained}});
    if (c.explanation)
      changes.back()["explanation"] = explanation_json(*c.explanation);
  }
  json steps = json::array();
  for (const BisectStep& s : r.steps) {
    steps.push_back({{"sha", s.sha},
                     {"subject", s.subject},
                     {"verdict", bisect_verdict_name(s.verdict)},
                     {"value", s.value ? json(*s.value) : json(nullptr)},
                     {"samples", s.samples},
                     {"reason", s.reason}});
  }
  const BisectChange* first_bad = first_bad_change(r);
  const json doc = {
      {"first_bad_commit", first_bad ? json(first_bad->sha) : json(nullptr)},
      {"reproduced", r.reproduced},
      {"complete", r.complete},
      {"metric", r.metric},
      {"benchmark", r.benchmark},
      {"good", {{"sha", r.good_sha}, {"value", r.good_value}}},
      {"bad", {{"sha", r.bad_sha}, {"value", r.bad_value}}},
      {"changes", changes},
      {"candidates", r.candidates},
      {"skipped", r.skipped},
      {"commits_in_range", r.commits_in_range},
      {"builds", r.builds},
      {"builds_cached", r.builds_cached},
      {"samples", r.samples},
      {"notes", r.notes},
      {"steps", steps}};
  return doc.dump(2) + "\n";
}

}  // namespace fpbench::reports
