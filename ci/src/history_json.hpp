#pragma once

// JSON of one detected change point, shared by detect, report and plot so the
// three agree on field names. Private to fpbench_ci.

#include <nlohmann/json.hpp>

#include "fpbench/ci/history_commands.hpp"

namespace fpbench::ci::detail {

nlohmann::json change_json(const DetectedChange& c);

}  // namespace fpbench::ci::detail
