// A kind of source of its own: "script-dir" measures the executables of two
// folders against each other, each file one benchmark, a fresh process per
// sample, the wall time from exec to exit.
//
//   fpbench-example-source OLD_DIR NEW_DIR SAMPLES.csv
//
// registers the kind, runs `fpbench run`'s runner over it (3 runs a side)
// and writes compare.js CSV that `fpbench compare` reads.

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "fpbench/base/try.hpp"
#include "fpbench/harness/run_benchmarks.hpp"
#include "fpbench/harness/source_type.hpp"

namespace {

using fpbench::ProcessOptions;
using fpbench::Result;
using fpbench::harness::Measurements;
using fpbench::harness::RunOptions;

// One side: the executables of a folder.
class ScriptDirSource : public fpbench::harness::SampleSource {
 public:
  explicit ScriptDirSource(std::string dir) : dir_(std::move(dir)) {}

  [[nodiscard]] std::string describe() const override { return dir_; }

  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    DIR* d = ::opendir(dir_.c_str());
    if (d == nullptr) return fpbench::usage_error(dir_ + ": not a folder");
    std::vector<std::string> names;
    while (const dirent* e = ::readdir(d)) {
      const std::string name = e->d_name;
      const std::string path = dir_ + "/" + name;
      if (name.front() != '.' && ::access(path.c_str(), X_OK) == 0)
        names.push_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    return names;
  }

  // A job is a file name; its samples have no configuration.
  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    return job == filename && configuration.empty();
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    FPBENCH_ASSIGN_OR_RETURN(const fpbench::ProcessResult p,
                             fpbench::run_process({dir_ + "/" + job}, options));
    if (!p.ok()) return fpbench::benchmark_error(p.failure_text());
    const double wall_s = std::chrono::duration<double>(p.elapsed).count();
    fpbench::reports::SampleRecord r;
    r.filename = job;
    r.iterations = 1;
    r.metrics.emplace_back("wall", fpbench::reports::MetricReading{
                                       1 / wall_s, "clock", wall_s, {}});
    return Measurements{r};
  }

 private:
  std::string dir_;
};

// The kind: --old and --new are folders; wall time is all it measures.
class ScriptDirType : public fpbench::harness::SourceType {
 public:
  [[nodiscard]] std::string_view name() const override { return "script-dir"; }

  [[nodiscard]] Result<void> check_options(const RunOptions& o) const override {
    if (!o.old_program || !o.new_program)
      return fpbench::usage_error("script-dir needs --old DIR and --new DIR");
    if (o.metrics != std::vector<std::string>{"wall"})
      return fpbench::usage_error("script-dir measures wall time only");
    return {};
  }

  [[nodiscard]] Result<fpbench::harness::Plan> plan(
      const RunOptions& o) const override {
    fpbench::harness::Plan plan;
    const std::string dirs[2] = {*o.old_program, *o.new_program};
    add_pass(plan, o, "wall", /*many=*/false, [&](std::size_t side) {
      return std::make_unique<ScriptDirSource>(dirs[side]);
    });
    return plan;
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s OLD_DIR NEW_DIR SAMPLES.csv\n", argv[0]);
    return 2;
  }
  static const ScriptDirType kind;
  fpbench::harness::register_source_type(kind);
  RunOptions o;
  o.source = "script-dir";
  o.old_program = argv[1];
  o.new_program = argv[2];
  o.output = argv[3];
  o.runs = 3;
  o.warmup = 0;
  o.progress = false;
  o.priority = fpbench::Priority::kNormal;
  const auto summary = fpbench::harness::run_benchmarks(o);
  if (!summary) {
    std::fprintf(stderr, "error: %s\n", summary.error().message.c_str());
    return 2;
  }
  for (const std::string& failure : summary->failures)
    std::fprintf(stderr, "failed: %s\n", failure.c_str());
  return summary->failures.empty() ? 0 : 3;
}
