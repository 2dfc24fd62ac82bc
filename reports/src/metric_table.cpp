#include "fpbench/reports/metric_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "fpbench/reports/markdown.hpp"
#include "fpbench/stats/deterministic.hpp"
#include "r_strings.hpp"

namespace fpbench::reports {
namespace {

std::string value_cell(double v) {
  if (v == 0) return "0";
  if (std::fabs(v) >= 0.01) return fmt::format("{:.2f}", v);
  return fmt::format("{:.3g}", v);
}

struct Cells {
  std::string name;
  std::array<std::string, 5> values;  // old, new, change, confidence, accuracy
};

constexpr std::array<const char*, 5> kHeaders = {"old", "new", "change",
                                                 "confidence", "accuracy (*)"};

Cells row_cells(const ComparisonRow& row, double noise_floor) {
  Cells c;
  c.name = detail::r_escape(row.name);
  const auto& s = row.stats;
  c.values[0] = s.n_old > 0 ? value_cell(s.mean_old) : "NA";
  c.values[1] = s.n_new > 0 ? value_cell(s.mean_new) : "NA";
  const bool both = s.n_old > 0 && s.n_new > 0;
  if (!both) {
    c.values[2] = "NA";
    return c;
  }
  if (s.mean_old == 0) {
    c.values[2] = s.mean_new == 0 ? "0.00 %" : "+inf from 0";
  } else {
    c.values[2] = fmt::format("{:.2f} %", s.improvement_pct);
  }
  if (exact_samples(row.old_rates, noise_floor) &&
      exact_samples(row.new_rates, noise_floor)) {
    c.values[3] = "exact";
  } else if (s.test) {
    c.values[3] = std::string(static_cast<std::size_t>(s.stars), '*');
    c.values[4] = fmt::format("±{:.2f}%", s.half_width_pct[0]);
  } else {
    c.values[3] = "NA";
  }
  return c;
}

std::string header_line(const MetricSamples& samples) {
  return fmt::format("{}: {}, lower is better (source: {})\n", samples.metric,
                     samples.info.description, samples.source);
}

}  // namespace

bool exact_samples(const std::vector<double>& values, double noise_floor) {
  return stats::is_deterministic(values, noise_floor, /*allow_single=*/true);
}

std::string format_metric_text(const MetricSamples& samples,
                               const Comparison& comparison) {
  std::vector<Cells> rows;
  for (const ComparisonRow& row : comparison.rows) {
    rows.push_back(row_cells(row, samples.info.noise_floor));
  }
  std::size_t name_width = 0;
  std::array<std::size_t, 5> widths{};
  for (std::size_t i = 0; i < widths.size(); ++i)
    widths[i] = detail::display_width(kHeaders[i]);
  for (const Cells& c : rows) {
    name_width = std::max(name_width, detail::display_width(c.name));
    for (std::size_t i = 0; i < widths.size(); ++i) {
      widths[i] = std::max(widths[i], detail::display_width(c.values[i]));
    }
  }
  const auto pad_left = [](const std::string& s, std::size_t w) {
    const std::size_t have = detail::display_width(s);
    return std::string(w > have ? w - have : 0, ' ') + s;
  };
  std::string out = header_line(samples);
  out += std::string(name_width, ' ');
  for (std::size_t i = 0; i < widths.size(); ++i)
    out += " " + pad_left(kHeaders[i], widths[i]);
  out += '\n';
  for (const Cells& c : rows) {
    std::string line =
        c.name + std::string(name_width - detail::display_width(c.name), ' ');
    for (std::size_t i = 0; i < widths.size(); ++i)
      line += " " + pad_left(c.values[i], widths[i]);
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + '\n';
  }
  return out;
}

std::string format_metric_markdown(const MetricSamples& samples,
                                   const Comparison& comparison) {
  std::string out = "**" + header_line(samples);
  out.insert(out.size() - 1, "**");
  out += "\n| benchmark |";
  for (const char* h : kHeaders) out += fmt::format(" {} |", h);
  out += "\n| :-- | --: | --: | --: | --: | --: |\n";
  for (const ComparisonRow& row : comparison.rows) {
    const Cells c = row_cells(row, samples.info.noise_floor);
    out += "| " + markdown_escape(c.name) + " |";
    for (const std::string& v : c.values)
      out += " " + markdown_escape(v) + " |";
    out += '\n';
  }
  return out;
}

}  // namespace fpbench::reports
