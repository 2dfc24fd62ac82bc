#pragma once

// The values Node's benchmark/misc/print.js prints, the fixture of the
// misc/print scenarios and of fpbench-print.

#include <array>
#include <optional>
#include <string_view>

#include "fpbench/core/inspect.hpp"

namespace fpbench::scenarios {

// The CODE values of benchmark/misc/print.js, in its order.
inline constexpr std::array<std::string_view, 4> kPrintCodes = {
    "1", "\"string\"", "process.versions", "process"};

// The value `node -p CODE` evaluates for a CODE of kPrintCodes, built the
// same way on every call: 1, "string", Node v20.20.2's process.versions
// (its real keys and values, so the printed text equals `node -p
// process.versions` of that Node), and a deterministic process-like object
// (a few hundred entries: nested objects, arrays past 100 items, strings,
// numbers, booleans, null, undefined; no functions or getters). nullopt for
// any other CODE.
std::optional<core::Value> print_sample(std::string_view code);

}  // namespace fpbench::scenarios
