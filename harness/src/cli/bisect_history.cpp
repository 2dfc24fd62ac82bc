#include "bisect_history.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::cli {
namespace {

std::string trimmed(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// The series of the detect document that bisect follows.
Result<std::vector<const nlohmann::json*>> chosen_series(
    const nlohmann::json& doc, const std::string& benchmark) {
  std::vector<const nlohmann::json*> exact;
  std::vector<const nlohmann::json*> any;
  for (const nlohmann::json& s : doc.at("series")) {
    any.push_back(&s);
    if (trimmed(s.at("benchmark").get<std::string>()) == trimmed(benchmark))
      exact.push_back(&s);
  }
  if (!exact.empty()) return exact;
  if (any.size() == 1) return any;
  return bad_input_error(fmt::format(
      "--from-history: {} series match --benchmark '{}'; name one exactly",
      any.size(), benchmark));
}

}  // namespace

Result<HistoryRange> range_from_history(const std::string& history_program,
                                        const std::string& db,
                                        const std::string& benchmark,
                                        const std::string& metric) {
  FPBENCH_ASSIGN_OR_RETURN(
      const auto p,
      run_process({history_program, "detect", "--db", db, "--filter", benchmark,
                   "--metric", metric, "--format", "json"}));
  // detect exits 1 when a change point is a regression in its last runs.
  if (p.exit_code != 0 && p.exit_code != 1) {
    Error e(p.exit_code == 2 ? ErrorKind::kBadInput : ErrorKind::kInternal,
            "--from-history: fpbench history detect: " + p.failure_text());
    return e;
  }
  const auto doc = nlohmann::json::parse(p.out, nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("series")) {
    return internal_error(
        "--from-history: fpbench history detect wrote no "
        "JSON document");
  }
  FPBENCH_ASSIGN_OR_RETURN(auto series, chosen_series(doc, benchmark));
  if (series.empty()) {
    return bad_input_error(
        fmt::format("--from-history: {} has no runs of '{}' with metric {}", db,
                    benchmark, metric));
  }
  const nlohmann::json* latest = nullptr;
  const nlohmann::json* of = nullptr;
  for (const nlohmann::json* s : series) {
    for (const nlohmann::json& c : s->at("change_points")) {
      if (latest == nullptr || c.at("date").get<std::string>() >
                                   latest->at("date").get<std::string>()) {
        latest = &c;
        of = s;
      }
    }
  }
  if (latest == nullptr) {
    return bad_input_error(fmt::format(
        "--from-history: history detect finds no change point in '{}' ({})",
        benchmark, metric));
  }
  const std::string good = latest->value("last_good_commit", "");
  if (good.empty()) {
    return bad_input_error(
        "--from-history: the change point has no run before it to start "
        "from");
  }
  HistoryRange r;
  r.good = good;
  r.bad = latest->at("commit").get<std::string>();
  r.benchmark = trimmed(of->at("benchmark").get<std::string>());
  r.summary = fmt::format(
      "the change point of {} in history detect: {:+.2f}% (p {:.2g})",
      latest->at("date").get<std::string>(),
      latest->at("magnitude_pct").get<double>(),
      latest->at("p_value").get<double>());
  return r;
}

}  // namespace fpbench::cli
