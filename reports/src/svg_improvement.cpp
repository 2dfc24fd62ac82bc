// Changes as an inline SVG chart on a log axis (svg_chart.hpp).

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "fpbench/reports/dashboard.hpp"
#include "svg_chart.hpp"

namespace fpbench::reports {
namespace {

constexpr double kLabelWidth = 380;
constexpr double kPlotWidth = 420;
constexpr double kNoteWidth = 150;
constexpr double kRowHeight = 22;
constexpr double kTop = 34;
constexpr double kBottom = 40;
// The axis spans at least x0.5 .. x2, and at most x0.01 .. x1000.
constexpr double kMinLow = 0.5;
constexpr double kMinHigh = 2;
constexpr double kFloor = 0.01;
constexpr double kCeiling = 1000;
constexpr std::array<double, 17> kTicks = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5,
                                           0.8,  1,    1.25, 2,   5,   10,
                                           20,   50,   100,  200, 1000};

const char* tone_color(Tone t) {
  switch (t) {
    case Tone::kGood:
      return "#1a7f37";
    case Tone::kBad:
      return "#cf222e";
    case Tone::kNeutral:
      return "#57606a";
  }
  return "#57606a";
}

std::string tick_text(double v) { return fmt::format("\u00d7{:g}", v); }

}  // namespace

double change_factor(double change_pct, bool lower_is_better) {
  const double g = change_pct / 100;
  const double f = lower_is_better ? 1 / (1 - g) : 1 + g;
  return std::isfinite(f) && f > 0 ? f : NAN;
}

std::string svg_change_chart(const std::vector<ChangeBar>& rows,
                             const std::string& axis_label) {
  double lo = kMinLow;
  double hi = kMinHigh;
  for (const ChangeBar& r : rows) {
    for (const double v : {r.factor, r.lower, r.upper}) {
      if (std::isfinite(v) && v > 0) {
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
  }
  lo = std::max(lo / 1.1, kFloor);
  hi = std::min(hi * 1.1, kCeiling);
  const double x0 = kLabelWidth;
  const auto x_of = [&](double v) {
    const double c = std::clamp(std::isfinite(v) && v > 0 ? v : lo, lo, hi);
    return x0 + kPlotWidth * (std::log(c) - std::log(lo)) /
                    (std::log(hi) - std::log(lo));
  };
  const double height =
      kTop + kRowHeight * static_cast<double>(rows.size()) + kBottom;
  const double width = kLabelWidth + kPlotWidth + kNoteWidth;
  const double bottom = kTop + kRowHeight * static_cast<double>(rows.size());
  std::string out = fmt::format(
      "<svg class=\"changes-chart\" xmlns=\"http://www.w3.org/2000/svg\" "
      "viewBox=\"0 0 {0} {1}\" "
      "width=\"{0}\" height=\"{1}\" font-family=\"system-ui, sans-serif\" "
      "font-size=\"12\">\n",
      width, height);
  for (std::size_t i = 0; i < rows.size(); i += 2) {
    out += fmt::format(
        "<rect x=\"0\" y=\"{}\" width=\"{}\" height=\"{}\" "
        "fill=\"#f6f8fa\"/>\n",
        kTop + kRowHeight * static_cast<double>(i), width, kRowHeight);
  }
  for (const double t : kTicks) {
    if (t < lo || t > hi) continue;
    const double x = x_of(t);
    out += fmt::format(
        "<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"{1}\" y2=\"{2}\" "
        "stroke=\"{3}\" "
        "stroke-width=\"{4}\"/>\n<text x=\"{0:.1f}\" y=\"{5}\" "
        "text-anchor=\"middle\" "
        "fill=\"#57606a\">{6}</text>\n<text x=\"{0:.1f}\" y=\"{7}\" "
        "text-anchor=\"middle\" "
        "fill=\"#57606a\">{6}</text>\n",
        x, kTop, bottom, t == 1 ? "#1f2328" : "#d0d7de", t == 1 ? 1.2 : 0.8,
        kTop - 8, tick_text(t), bottom + 16);
  }
  out += fmt::format(
      "<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\" "
      "fill=\"#1f2328\">{}</text>\n",
      x0 + kPlotWidth / 2, bottom + 34, html_escape(axis_label));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ChangeBar& r = rows[i];
    const double y = kTop + kRowHeight * (static_cast<double>(i) + 0.5);
    const char* color = tone_color(r.tone);
    std::string label = r.label;
    // Benchmarks of one file differ at the end of their names: keep both ends.
    if (label.size() > 60)
      label = label.substr(0, 22) + "..." + label.substr(label.size() - 35);
    out += fmt::format(
        "<g><title>{}</title><text x=\"4\" y=\"{:.1f}\" "
        "dominant-baseline=\"middle\" "
        "fill=\"#1f2328\">{}</text>\n",
        html_escape(r.label), y, html_escape(label));
    if (std::isfinite(r.lower) && std::isfinite(r.upper)) {
      out += fmt::format(
          "<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" "
          "stroke=\"{}\" "
          "stroke-width=\"6\" stroke-opacity=\"0.45\"/>\n",
          x_of(r.lower), x_of(r.upper), y, y, color);
    }
    if (std::isfinite(r.factor)) {
      const bool off = r.factor < lo || r.factor > hi;
      out += fmt::format(
          "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{}\" fill=\"{}\"/>\n",
          x_of(r.factor), y, off ? 5 : 3.5, off ? "none" : color);
    }
    out += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" dominant-baseline=\"middle\" "
        "fill=\"{}\">{}</text></g>\n",
        x0 + kPlotWidth + 8, y, color, html_escape(r.note));
  }
  return out + "</svg>\n";
}

}  // namespace fpbench::reports
