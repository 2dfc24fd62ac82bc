#pragma once

// Node.js benchmark scripts (benchmark/CATEGORY/NAME.js, written against
// Node's benchmark/common.js) as a sample source, the way
// benchmark/compare.js runs them: the scripts of the categories named, each
// configuration of a script its own job, run as common.js forks it (the
// script with that configuration's KEY=VALUE arguments and
// NODE_RUN_BENCHMARK_FN set), named as compare.js names it.

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {

// A script and its name in samples: "fs/readFileSync.js", the path from the
// benchmark folder as compare.js writes it.
struct NodeScript {
  std::string path;
  std::string filename;
};

// The scripts compare.js would run for `selectors` (categories, "all" for
// every category, or script paths) under `benchmark_dir`: a category is a
// folder of it other than fixtures, its scripts the *.js files whose names
// start with neither '.' nor '_', in name order. --filter keeps and
// --exclude drops a script whose file name contains the text, as
// compare.js's shouldSkip does. A category or script that is not there is
// a usage error.
Result<std::vector<NodeScript>> discover_node_scripts(
    const std::string& benchmark_dir, const std::vector<std::string>& selectors,
    const std::vector<std::string>& filters,
    const std::vector<std::string>& excludes);

// Whether compare.js skips a script of this file name.
bool compare_js_skips(const std::string& file_name,
                      const std::vector<std::string>& filters,
                      const std::vector<std::string>& excludes);

// One configuration of a script, as common.js queued it.
struct NodeConfiguration {
  std::string script;              // the path run
  std::string filename;            // as samples name it
  std::string configuration;       // as compare.js names it: "n=10 type='a'"
  std::vector<std::string> args;   // KEY=VALUE, as common.js forks it
  std::vector<std::string> flags;  // node options the script asks for
  bool first_of_script = false;    // the script's first in its queue
};

// Every configuration of some scripts under one node binary, listed once
// (each script is run with fpbench's --require hooks, which print its
// queue instead of running it) and shared by every source of that side.
class NodeSuite {
 public:
  NodeSuite(std::string node, std::vector<NodeScript> scripts,
            std::vector<std::string> sets);
  ~NodeSuite();
  NodeSuite(const NodeSuite&) = delete;
  NodeSuite& operator=(const NodeSuite&) = delete;

  [[nodiscard]] const std::string& node() const { return node_; }
  // The hooks module's path (written to a temporary folder).
  [[nodiscard]] Result<std::string> hooks() const;
  [[nodiscard]] Result<const std::vector<NodeConfiguration>*> configurations()
      const;
  // The configuration a job ("filename configuration") names, or nullptr.
  [[nodiscard]] Result<const NodeConfiguration*> configuration(
      const std::string& job) const;
  // The scripts that could not be listed (a module missing from this node,
  // a throw while loading), each with why; the others' configurations are
  // listed, and only when no script can be is listing an error.
  [[nodiscard]] std::vector<std::string> unlisted() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return unlisted_;
  }
  // The scripts listed with no configuration (their combinationFilter,
  // --set or an empty list of values leaves none): nothing to run, as with
  // compare.js.
  [[nodiscard]] std::vector<std::string> without_configurations() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return without_configurations_;
  }

 private:
  Result<void> list() const;
  Result<std::vector<NodeConfiguration>> list_script(
      const NodeScript& script, const std::string& hooks_path) const;

  std::string node_;
  std::vector<NodeScript> scripts_;
  std::vector<std::string> sets_;
  mutable std::mutex mutex_;
  mutable bool listed_ = false;
  mutable std::optional<Error> error_;
  mutable std::vector<NodeConfiguration> configurations_;
  mutable std::map<std::string, std::size_t> by_job_;
  mutable std::vector<std::string> unlisted_;
  mutable std::vector<std::string> without_configurations_;
  mutable std::string dir_;
};

// How the configurations are measured. Timed: wall (the rate and the time
// of the configuration's own timed section, as compare.js reports them)
// and rss (the process's peak, from wait4). Counting: the counters
// between bench.start() and bench.end(n), per operation, read by the
// hooks from groups fpbench-counted-exec opens (`counted_exec`).
// Callgrind: instructions per operation, node run under `valgrind` with
// instrumentation off until the hooks' `callgrind_addon` turns it on at
// bench.start(); the section's count is its dump at bench.end(n).
struct NodeMeasure {
  MeasureMode mode = MeasureMode::kTimed;
  bool rss = false;
  // Counting: "syscalls", "cpu,faults", "instructions".
  std::string counters;
  std::string counted_exec = "fpbench-counted-exec";
  std::string valgrind = "valgrind";
  std::string callgrind_addon = "fpbench-callgrind.node";
};

std::unique_ptr<SampleSource> make_node_source(
    std::shared_ptr<const NodeSuite> suite, NodeMeasure how);

// "NAME --version" ran and printed a version: refuses a binary that is
// not there or does not run before any script does.
Result<std::string> check_node_binary(const std::string& option,
                                      const std::string& node);

}  // namespace fpbench::harness
