#pragma once

// A GitHub-flavoured Markdown table with compare.R's columns and a one-line
// legend, ready for a pull request or a changelog entry.

#include <string>
#include <string_view>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

// Escapes what Markdown would read as markup or a table cell's boundary.
std::string markdown_escape(std::string_view text);

std::string format_markdown(const Comparison& comparison,
                            const ReportOptions& options = {});

}  // namespace fpbench::reports
