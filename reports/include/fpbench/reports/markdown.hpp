#pragma once

// A GitHub-flavoured Markdown table with compare.R's columns and a one-line
// legend, ready for a pull request or a changelog entry.

#include <string>

#include "fpbench/reports/comparison.hpp"

namespace fpbench::reports {

std::string format_markdown(const Comparison& comparison,
                            const ReportOptions& options = {});

}  // namespace fpbench::reports
