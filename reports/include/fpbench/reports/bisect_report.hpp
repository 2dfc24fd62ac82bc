#pragma once

// What `fpbench bisect` found, in git bisect's words, and its formats: one
// model, one pure function per format.
//
// The first line of the text is git's own: "SHA is the first bad commit"
// (the full sha). Then the commit's subject and date, the change it makes on
// the metric (its value before and after, with an interval), the share of
// the good-to-bad change it explains, the builds and samples used and the
// steps taken. When one commit does not explain the whole change, the rest
// of the range was searched too and every change found is listed.
//
// The first bad commit is the change that moves the metric from good towards
// bad and explains the most of the good-to-bad change, wherever it lies in
// the range: a range whose -1.8% is followed by a +20.9% names the +20.9%.
// A change the other way is listed after the regressions as what it is,
// "SHA is an improvement of 1.80% (...), not the regression", never as the
// first bad commit. Every format takes this rule from ranked_bisect_changes.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/reports/explain.hpp"

namespace fpbench::reports {

enum class BisectVerdict { kGood, kBad, kSkip };
// "good", "bad", "skip": git bisect's words.
const char* bisect_verdict_name(BisectVerdict verdict);

struct BisectStep {
  std::string sha;
  std::string subject;
  BisectVerdict verdict = BisectVerdict::kSkip;
  std::optional<double> value;  // the metric's value per operation
  std::string reason;           // why: "like good", "build failed: ..."
  std::size_t samples = 0;
};

struct BisectChange {
  std::string sha;
  std::string subject;
  std::string date;  // the commit's author date, ISO 8601
  double before = 0;
  double after = 0;
  // The interval of after - before (equal bounds where counts are exact).
  double delta_low = 0;
  double delta_high = 0;
  // (after - before) / (bad - good): above 1 when another commit moved the
  // other way.
  double explained = 0;
  // Where the change went (by function, system call or call site).
  std::optional<Explanation> explanation;
};

struct BisectReport {
  std::string metric;       // "syscalls"
  std::string description;  // "system calls per operation"
  std::string benchmark;    // "filename configuration"
  std::string good_sha;
  std::string bad_sha;
  double good_value = 0;
  double bad_value = 0;
  bool reproduced = false;
  // In range order (ranked_bisect_changes orders them for the formats);
  // empty when not reproduced or when skipped commits leave the first change
  // among `candidates`.
  std::vector<BisectChange> changes;
  std::vector<std::string> candidates;  // "sha subject", git's "could be any"
  std::vector<BisectStep> steps;
  std::vector<std::string> skipped;  // "sha subject: reason"
  std::size_t commits_in_range = 0;
  int builds = 0;         // built by this bisect
  int builds_cached = 0;  // taken from the build cache
  std::size_t samples = 0;
  // The changes found add up to the whole good-to-bad change (within the
  // noise floor); false when the search stopped short of it.
  bool complete = false;
  std::vector<std::string> notes;
};

// Which way a change moves the metric, in the terms of --good and --bad as
// git's words are: a regression moves it from good towards bad (it explains
// a positive share of the good-to-bad change), an improvement back towards
// good. Where bad measures better than good by the metric's own direction
// (someone bisecting a speed-up), these words follow --good and --bad still;
// bisect says so in a note.
enum class BisectDirection { kRegression, kImprovement };
BisectDirection bisect_direction(const BisectChange& change);
// "regression", "improvement".
const char* bisect_direction_name(BisectDirection direction);

// The report's changes in the order every format lists them: the
// regressions, the one explaining the largest share of the good-to-bad
// change first, then the improvements, the largest first; ties keep range
// order. The pointers point into report.changes.
std::vector<const BisectChange*> ranked_bisect_changes(
    const BisectReport& report);
// The first bad commit: the first of ranked_bisect_changes when it is a
// regression; nullptr when no change found moves towards bad.
const BisectChange* first_bad_change(const BisectReport& report);

std::string format_bisect_text(const BisectReport& report);
std::string format_bisect_markdown(const BisectReport& report);
std::string format_bisect_json(const BisectReport& report);

}  // namespace fpbench::reports
