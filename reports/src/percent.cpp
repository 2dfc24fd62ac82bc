#include "fpbench/reports/percent.hpp"

#include <fmt/format.h>

#include <cmath>

namespace fpbench::reports {

std::string undefined_change_reason(double mean_old, double mean_new) {
  if (std::isnan(mean_old)) return "no old samples";
  if (std::isnan(mean_new)) return "no new samples";
  if (mean_old == 0) {
    return mean_new == 0 ? "old and new means are 0" : "old mean is 0";
  }
  if (!std::isfinite(mean_old) || !std::isfinite(mean_new))
    return "a mean is not finite";
  return "";
}

std::string signed_percent(double pct) {
  return std::isfinite(pct) ? fmt::format("{:+.2f}%", pct)
                            : std::string("undefined");
}

std::string signed_percent(double pct, double mean_old, double mean_new) {
  if (std::isfinite(pct)) return signed_percent(pct);
  const std::string why = undefined_change_reason(mean_old, mean_new);
  return why.empty() ? std::string("undefined")
                     : fmt::format("undefined ({})", why);
}

std::string percent_interval(double lower_pct, double upper_pct) {
  if (!std::isfinite(lower_pct) || !std::isfinite(upper_pct) ||
      lower_pct > upper_pct) {
    return "undefined";
  }
  return fmt::format("{:+.2f}% .. {:+.2f}%", lower_pct, upper_pct);
}

}  // namespace fpbench::reports
