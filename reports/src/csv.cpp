#include "fpbench/reports/csv.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string_view>

namespace fpbench::reports {
namespace {

void append_quoted(std::string& out, std::string_view text) {
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_number(std::string& out, double x) {
  out += ',';
  if (std::isnan(x)) {
    out += "NA";
  } else if (std::isinf(x)) {
    out += x > 0 ? "Inf" : "-Inf";
  } else {
    out += fmt::format("{}", x);
  }
}

}  // namespace

std::string format_csv(const Comparison& comparison) {
  std::string out =
      "name,filename,configuration,n_old,n_new,mean_old,mean_new,"
      "improvement_pct,stars,t,df,p_value,accuracy_95_pct,accuracy_99_pct,"
      "accuracy_99_9_pct\n";
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  for (const ComparisonRow& row : comparison.rows) {
    const stats::RateComparison& c = row.stats;
    append_quoted(out, row.name);
    out += ',';
    append_quoted(out, row.filename);
    out += ',';
    append_quoted(out, row.configuration);
    out += fmt::format(",{},{}", c.n_old, c.n_new);
    append_number(out, c.mean_old);
    append_number(out, c.mean_new);
    append_number(out, c.improvement_pct);
    out += c.test ? fmt::format(",{}", c.stars) : std::string(",NA");
    append_number(out, c.test ? c.test->t : kNaN);
    append_number(out, c.test ? c.test->df : kNaN);
    append_number(out, c.test ? c.test->p_value : kNaN);
    for (double hw : c.half_width_pct) append_number(out, hw);
    out += '\n';
  }
  return out;
}

}  // namespace fpbench::reports
