#pragma once

// `fpbench history html --db DB OUTDIR`: the history as a static web site
// (reports/dashboard.hpp) for one metric: every series the options select,
// with the change points `history detect` finds with the same options.
// Writes OUTDIR/index.html, OUTDIR/runs.js, OUTDIR/b/*.html and
// OUTDIR/assets/*, creating the folders; files already there with those
// names are replaced, others are left alone.

#include <string>

#include "fpbench/base/result.hpp"
#include "fpbench/history/history_commands.hpp"

namespace fpbench::history {

struct HtmlOptions {
  SeriesOptions series;
  std::string out_dir;
  std::string commit_url;  // with {sha}; empty: no commit links
  std::string title = "fpbench history";
};

// One line on success: "wrote N series pages and the overview to
// OUTDIR/index.html".
Result<CommandOutput> history_html(const HtmlOptions& options);

}  // namespace fpbench::history
