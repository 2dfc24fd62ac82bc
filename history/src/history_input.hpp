#pragma once

// What `history record` stores from its input: a compare.js CSV is one
// metric, wall from the clock; fpbench's JSON Lines (metric_samples.hpp)
// every metric each sample carries, each with its source, and a syscalls
// reading also its calls by name as syscalls:NAME. Private to fpbench_history.

#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/history/history_store.hpp"

namespace fpbench::history::detail {

struct RecordInput {
  // One entry per (metric, source): a metric read from two sources in one
  // run is stored as two series rather than mixed into one.
  std::vector<RecordedMetric> metrics;
  bool from_jsonl = false;
  // Metrics this fpbench does not know (from a newer one), left out.
  std::vector<std::string> skipped;
};

Result<RecordInput> parse_record_input(std::string_view text,
                                       const std::string& input_name);

}  // namespace fpbench::history::detail
