#include "fpbench/reports/compare_r_text.hpp"

#include <algorithm>
#include <vector>

#include "cells.hpp"
#include "r_strings.hpp"

namespace fpbench::reports {
namespace {

constexpr std::size_t kLineWidth = 200;  // compare.R: options(width = 200)

struct Cell {
  std::string text;
  std::size_t width;
};

Cell make_cell(std::string text) {
  const std::size_t width = detail::display_width(text);
  return Cell{std::move(text), width};
}

void pad_left(std::string& out, const Cell& cell, std::size_t width) {
  out.append(width - cell.width, ' ');
  out += cell.text;
}

void pad_right(std::string& out, const Cell& cell, std::size_t width) {
  out += cell.text;
  out.append(width - cell.width, ' ');
}

}  // namespace

std::string format_compare_r_text(const Comparison& comparison,
                                  const ReportOptions& options) {
  const Comparison shown =
      options.only_significant ? comparison.only_significant() : comparison;
  constexpr std::size_t kColumns = detail::kColumnHeaders.size();

  std::vector<Cell> names;
  std::vector<std::array<Cell, kColumns>> cells;
  std::array<std::size_t, kColumns> widths{};
  std::array<Cell, kColumns> headers;
  for (std::size_t j = 0; j < kColumns; ++j) {
    headers[j] = make_cell(std::string(detail::kColumnHeaders[j]));
    widths[j] = headers[j].width;
  }
  std::size_t name_width = 0;
  for (const ComparisonRow& row : shown.rows) {
    names.push_back(make_cell(detail::r_escape(row.name)));
    name_width = std::max(name_width, names.back().width);
    auto texts = detail::row_cells(row.stats);
    auto& row_cells = cells.emplace_back();
    for (std::size_t j = 0; j < kColumns; ++j) {
      row_cells[j] = make_cell(std::move(texts[j]));
      widths[j] = std::max(widths[j], row_cells[j].width);
    }
  }

  std::string out;
  if (shown.rows.empty()) {
    out += "No benchmark has a significant change.\n";
  }
  // Column blocks: take columns while the line stays under the width.
  for (std::size_t first = 0; first < kColumns && !shown.rows.empty();) {
    std::size_t line = name_width;
    std::size_t last = first;
    do {
      line += widths[last] + 1;
      ++last;
    } while (last < kColumns && line + widths[last] + 1 < kLineWidth);

    out.append(name_width, ' ');
    for (std::size_t j = first; j < last; ++j) {
      out += ' ';
      pad_left(out, headers[j], widths[j]);
    }
    out += '\n';
    for (std::size_t i = 0; i < names.size(); ++i) {
      pad_right(out, names[i], name_width);
      for (std::size_t j = first; j < last; ++j) {
        out += ' ';
        pad_left(out, cells[i][j], widths[j]);
      }
      out += '\n';
    }
    first = last;
  }
  out += '\n';
  out += detail::false_positive_footer(comparison.rows.size());
  return out;
}

}  // namespace fpbench::reports
