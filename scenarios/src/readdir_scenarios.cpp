// fs/readdir-recursive and fs/readdir-chain: Node's readdir benchmark with
// {recursive: true} over trees shaped like Node's lib, test and
// test/parallel, and over chains of directories, with the baseline, fast and
// floor implementations, each counting the entries it lists.

#include <uv.h>

#include <optional>
#include <string>

#include "fixture_trees.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/readdir.hpp"
#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {
namespace {

using core::AsyncMode;
using core::Implementation;
using core::ReaddirOptions;

enum class Mode { kSync, kCallback, kPromise };

Result<std::size_t> walk_once(uv_loop_t* loop, const std::string& path,
                              const ReaddirOptions& options, Mode mode,
                              const core::Operations& ops) {
  if (mode == Mode::kSync) return ops.readdir_count(path, options);
  const AsyncMode async =
      mode == Mode::kCallback ? AsyncMode::kCallback : AsyncMode::kPromise;
  return ops.readdir_count_on_loop(loop, path, options, async);
}

void run_walks(benchmark::State& state, const std::string& path,
               const ReaddirOptions& options, Mode mode, Implementation impl) {
  const core::Operations& ops = core::operations(impl);
  uv_loop_t loop;
  if (const int rc = uv_loop_init(&loop); rc != 0) {
    fail(state, std::string("uv_loop_init: ") + uv_strerror(rc));
    return;
  }
  std::size_t entries = 0;
  for (auto _ : measured(state)) {
    const Result<std::size_t> n = walk_once(&loop, path, options, mode, ops);
    if (!n) {
      fail(state, n.error().message);
      break;
    }
    entries = *n;
    benchmark::DoNotOptimize(entries);
  }
  uv_loop_close(&loop);
  state.SetItemsProcessed(state.iterations());
  report_outcome(state, "entries", static_cast<double>(entries));
}

std::optional<Mode> parse_mode(const std::string& name) {
  if (name == "sync") return Mode::kSync;
  if (name == "callback") return Mode::kCallback;
  if (name == "promise") return Mode::kPromise;
  return std::nullopt;
}

void readdir_recursive(benchmark::State& state, const Config& config,
                       Implementation impl) {
  const Result<std::string> root = node_tree(config.text("dir"));
  if (!root) {
    fail(state, root.error().message);
    return;
  }
  const std::optional<Mode> mode = parse_mode(config.text("mode"));
  if (!mode) {
    fail(state, "unknown mode '" + config.text("mode") + "'");
    return;
  }
  run_walks(state, *root, {.with_file_types = config.flag("withFileTypes")},
            *mode, impl);
}

void readdir_chain(benchmark::State& state, const Config& config,
                   Implementation impl) {
  const Result<std::string> root =
      chain_tree(static_cast<int>(config.number("depth")),
                 static_cast<int>(config.number("files")));
  if (!root) {
    fail(state, root.error().message);
    return;
  }
  run_walks(state, *root, {}, Mode::kSync, impl);
}

// A chain's paths stay well within PATH_MAX, and its files (hard links)
// within what a --set should ask a disk for.
constexpr std::int64_t kMaxChainDepth = 256;
constexpr std::int64_t kMaxChainFiles = 10'000;

const bool kRegistered = [] {
  add_scenario(
      {"fs/readdir-recursive",
       Grid()
           .add(Parameter::choice("dir", {"lib", "test/parallel", "test"}),
                {"lib", "test/parallel", "test"})
           .add(Parameter::choice("mode", {"sync", "callback", "promise"}),
                {"sync", "callback", "promise"})
           .add(Parameter::boolean("withFileTypes"), {"true", "false"}),
       readdir_recursive});
  add_scenario(
      {"fs/readdir-chain",
       Grid()
           .add(Parameter::integer("depth", 0, kMaxChainDepth), {2, 16})
           .add(Parameter::integer("files", 0, kMaxChainFiles), {10, 150}),
       readdir_chain});
  return true;
}();

}  // namespace
}  // namespace fpbench::scenarios
