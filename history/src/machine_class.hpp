#pragma once

// A run's machine fingerprint and the machine class it puts the run in.
// Private to fpbench_history.
//
// The fingerprint says what makes one run's numbers comparable with
// another's: the CPU model, core count and kernel, the compiler and flags of
// each side's measured program (their --build-info, never the commit, which
// changes every night), and which source each metric was read from. The
// class is a digest of all but the sources: a series already keeps each
// source apart (history_store.hpp), and a machine that measured fewer
// metrics one night is still the same machine.
//
// Stored with each run (runs.fingerprint, canonical JSON; runs.machine_class,
// 16 hex digits of FNV-1a 64 over the class part). history record refuses a
// run whose fingerprint differs from its machine's latest run unless told
// that the machine class is new; detection keeps classes apart.

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/history_store.hpp"

namespace fpbench::history::detail {

struct Fingerprint {
  // cpu_model, cores, kernel, and programs: {old|new: {compiler, flags}}.
  nlohmann::json machine = nlohmann::json::object();
  std::map<std::string, std::string> counter_sources;  // metric -> source

  [[nodiscard]] std::string canonical() const;
  [[nodiscard]] std::string machine_class() const;
};

// From the "context" object `fpbench run --json` writes; a missing field is
// null (a context from an older fpbench), which is part of the class too.
Fingerprint fingerprint_from_context(
    const nlohmann::json& context, const std::vector<RecordedMetric>& metrics);
// This host's CPU, cores and kernel; the programs unknown (null).
Fingerprint local_fingerprint(const std::vector<RecordedMetric>& metrics);
// What canonical() wrote; bad input otherwise.
Result<Fingerprint> parse_fingerprint(std::string_view canonical);

// What differs, one phrase each ("cpu_model 'A' -> 'B'"): every field of the
// class part, and the source of each metric both fingerprints measured.
std::vector<std::string> fingerprint_differences(const Fingerprint& before,
                                                 const Fingerprint& now);

}  // namespace fpbench::history::detail
