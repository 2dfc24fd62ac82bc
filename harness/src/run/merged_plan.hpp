#pragma once

// Several entries' plans as one (run_benchmarks over several RunOptions):
// the passes of each metric become one pass over a source per side that
// hands every job to the entry's own source, so that a round of that pass is
// one random permutation of all the entries' samples.

#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/source_type.hpp"

namespace fpbench::harness::detail {

// One entry's plan after selection and batching: its passes' jobs are set
// (`jobs` where a pass has none of its own).
struct SelectedPlan {
  Plan plan;
  std::vector<std::string> jobs;
  std::string name;  // for messages: the entry's program
};

// The plans merged, taking ownership of their sources. A job two entries
// both have is a usage error naming them: its samples could not be told
// apart. Returns the merged plan; `jobs` gets every entry's jobs.
Result<Plan> merge_plans(std::vector<SelectedPlan> plans,
                         std::vector<std::string>& jobs);

}  // namespace fpbench::harness::detail
