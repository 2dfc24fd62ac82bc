#include "fpbench/reports/markdown.hpp"

#include <fmt/format.h>

#include <string_view>

#include "cells.hpp"
#include "r_strings.hpp"

namespace fpbench::reports {

std::string markdown_escape(std::string_view text) {
  constexpr std::string_view kSpecial = "\\`*_{}[]<>()#+!|~";
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    // A line break would end the table row; any other control character
    // but a tab (NUL) is invisible or cuts the text short in renderers, so
    // it is shown as \xHH.
    if (c == '\n') {
      out += ' ';
    } else if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') ||
               c == '\x7f') {
      out += fmt::format("\\\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      if (kSpecial.find(c) != std::string_view::npos) out += '\\';
      out += c;
    }
  }
  return out;
}

std::string format_markdown(const Comparison& comparison,
                            const ReportOptions& options) {
  const Comparison shown =
      options.only_significant ? comparison.only_significant() : comparison;
  std::string out = "| benchmark |";
  for (std::string_view header : detail::kColumnHeaders) {
    out += fmt::format(" {} |", markdown_escape(header));
  }
  out += "\n| :-- | --: | --: | --: | --: | --: |\n";
  for (const ComparisonRow& row : shown.rows) {
    out += fmt::format("| {} |", markdown_escape(detail::r_escape(row.name)));
    for (const std::string& cell : detail::row_cells(row.stats)) {
      out += fmt::format(" {} |", markdown_escape(cell));
    }
    out += '\n';
  }
  const auto n = static_cast<double>(comparison.rows.size());
  out += fmt::format(
      "\nRates are higher-is-better; improvement is (new - old) / old. "
      "\\* p < 0.05, \\*\\* p < 0.01, \\*\\*\\* p < 0.001 (Welch's t-test, "
      "two-sided); accuracy columns are the 95%, 99% and 99.9% confidence "
      "half-widths of the improvement. {} comparisons{}: expect {} false "
      "positives at 5%, {} at 1%, {} at 0.1%.\n",
      comparison.rows.size(),
      options.only_significant
          ? fmt::format(", {} shown with a star", shown.rows.size())
          : "",
      detail::r_fixed2(n * 0.05), detail::r_fixed2(n * 0.01),
      detail::r_fixed2(n * 0.001));
  return out;
}

}  // namespace fpbench::reports
