#pragma once

// `fpbench run --shard K/N`: the selected configurations split into N parts,
// so that N machines measure one run between them.
//
// The split depends on nothing but its inputs: the configuration names
// (sorted bytewise first, so the order a program lists them in does not
// matter), N, and the costs. Every machine computes the same parts, and the
// parts are disjoint and cover every configuration.
//
// Balance: with costs (seconds a configuration's samples took in an earlier
// run, read by read_shard_costs), the longest-processing-time rule: the
// configurations by cost, largest first (name breaks ties), each to the part
// with the least cost so far (the lowest index breaks ties). A configuration
// the costs do not name counts as their mean. Without costs every
// configuration counts 1, which deals them out like cards. The rule's
// largest part is at most 4/3 of the best possible (Graham 1969).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

struct ShardSpec {
  int index = 1;  // 1 .. count
  int count = 1;  // 1: the whole run
};

// "K/N" with 1 <= K <= N <= 10000; anything else is a usage error.
Result<ShardSpec> parse_shard(std::string_view text);

// Seconds per configuration ("filename configuration"), summed over its
// samples of both sides: compare.js CSV by its time column, fpbench's JSON
// Lines by each sample's wall time (a sample without one counts 1 s).
using ShardCosts = std::map<std::string, double>;
Result<ShardCosts> read_shard_costs(const std::string& path);

// The configurations of part `spec.index`, in the order `jobs` has them.
std::vector<std::string> shard_jobs(const std::vector<std::string>& jobs,
                                    const ShardSpec& spec,
                                    const ShardCosts& costs);

// Which part (1 .. count) each configuration falls in.
std::map<std::string, int> shard_assignment(
    const std::vector<std::string>& jobs, int count, const ShardCosts& costs);

}  // namespace fpbench::harness
