#pragma once

// A GitHub-flavoured Markdown table with compare.R's columns and a one-line
// legend, ready for a pull request or a changelog entry.

#include <string>
#include <string_view>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

// Text for a Markdown table cell or line, shown as written: every character
// Markdown could read as markup or a cell boundary (\ ` * _ { } [ ] < > ( ) #
// + ! | ~) gets a backslash, and a line break becomes a space, since a table
// row is one line. Every Markdown fpbench writes goes through this.
std::string markdown_escape(std::string_view text);

std::string format_markdown(const Comparison& comparison,
                            const ReportOptions& options = {});

}  // namespace fpbench::reports
