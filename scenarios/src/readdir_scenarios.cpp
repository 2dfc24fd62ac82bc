// fs/readdir-recursive and fs/readdir-chain: Node's readdir benchmark with
// {recursive: true} over trees shaped like Node's lib, test and
// test/parallel, and over chains of directories, with the baseline, fast and
// floor implementations. The floor has no libuv form of its own: in the
// callback and promise modes its walk runs as one thread-pool job, delivered
// the same way fast's is.

#include <uv.h>

#include <future>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "fixture_trees.hpp"
#include "fpbench/core/readdir.hpp"
#include "fpbench/scenarios/counters.hpp"
#include "fpbench/scenarios/registry.hpp"

namespace fpbench::scenarios {
namespace {

using core::AsyncMode;
using core::Implementation;
using core::ReaddirOptions;
using core::ReaddirResult;

enum class Mode { kSync, kCallback, kPromise };

std::size_t entry_count(const ReaddirResult& r) {
  return std::visit([](const auto& v) { return v.size(); }, r);
}

Result<std::size_t> count_of(Result<ReaddirResult> r) {
  if (!r) return r.error();
  return entry_count(*r);
}

// The floor walk as one thread-pool job, delivered by callback or promise.
struct FloorJob {
  uv_work_t work{};
  std::string path;
  ReaddirOptions options;
  std::optional<Result<std::size_t>> result;
  std::optional<Result<std::size_t>>* callback_slot = nullptr;
  std::promise<Result<std::size_t>> promise;
};

Result<std::size_t> floor_async(uv_loop_t* loop, const std::string& path,
                                const ReaddirOptions& options, Mode mode) {
  auto* job = new FloorJob{};
  job->work.data = job;
  job->path = path;
  job->options = options;
  std::optional<Result<std::size_t>> slot;
  std::future<Result<std::size_t>> future;
  if (mode == Mode::kCallback) {
    job->callback_slot = &slot;
  } else {
    future = job->promise.get_future();
  }
  uv_queue_work(
      loop, &job->work,
      [](uv_work_t* w) {
        auto* j = static_cast<FloorJob*>(w->data);
        j->result.emplace(core::floor::readdir_recursive(j->path, j->options));
      },
      [](uv_work_t* w, int) {
        auto* j = static_cast<FloorJob*>(w->data);
        if (j->callback_slot != nullptr) {
          *j->callback_slot = std::move(j->result);
        } else {
          j->promise.set_value(std::move(*j->result));
        }
        delete j;
      });
  uv_run(loop, UV_RUN_DEFAULT);
  if (mode == Mode::kCallback) return std::move(*slot);
  return future.get();
}

Result<std::size_t> walk_once(uv_loop_t* loop, const std::string& path,
                              const ReaddirOptions& options, Mode mode, Implementation impl) {
  if (impl == Implementation::kFloor) {
    if (mode == Mode::kSync) return core::floor::readdir_recursive(path, options);
    return floor_async(loop, path, options, mode);
  }
  const bool fast = impl == Implementation::kFast;
  if (mode == Mode::kSync) {
    return count_of(fast ? core::fast::readdir_recursive(path, options)
                         : core::baseline::readdir_recursive(path, options));
  }
  auto* const start =
      fast ? core::fast::readdir_recursive_async : core::baseline::readdir_recursive_async;
  if (mode == Mode::kCallback) {
    std::optional<Result<std::size_t>> got;
    (void)start(loop, path, options, AsyncMode::kCallback,
                [&got](Result<ReaddirResult> r) { got.emplace(count_of(std::move(r))); });
    uv_run(loop, UV_RUN_DEFAULT);
    return std::move(*got);
  }
  auto future = start(loop, path, options, AsyncMode::kPromise, {});
  uv_run(loop, UV_RUN_DEFAULT);
  return count_of(future.get());
}

void run_walks(benchmark::State& state, const std::string& path, const ReaddirOptions& options,
               Mode mode, Implementation impl) {
  uv_loop_t loop;
  if (const int rc = uv_loop_init(&loop); rc != 0) {
    fail(state, std::string("uv_loop_init: ") + uv_strerror(rc));
    return;
  }
  std::size_t entries = 0;
  for (auto _ : measured(state)) {
    const Result<std::size_t> n = walk_once(&loop, path, options, mode, impl);
    if (!n) {
      fail(state, n.error().message);
      break;
    }
    entries = *n;
    benchmark::DoNotOptimize(entries);
  }
  uv_loop_close(&loop);
  state.SetItemsProcessed(state.iterations());
  state.counters["entries"] = static_cast<double>(entries);
}

std::optional<Mode> parse_mode(const std::string& name) {
  if (name == "sync") return Mode::kSync;
  if (name == "callback") return Mode::kCallback;
  if (name == "promise") return Mode::kPromise;
  return std::nullopt;
}

void readdir_recursive(benchmark::State& state, const Config& config, Implementation impl) {
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
  run_walks(state, *root, {.with_file_types = config.flag("withFileTypes")}, *mode, impl);
}

void readdir_chain(benchmark::State& state, const Config& config, Implementation impl) {
  const Result<std::string> root = chain_tree(static_cast<int>(config.number("depth")),
                                              static_cast<int>(config.number("files")));
  if (!root) {
    fail(state, root.error().message);
    return;
  }
  run_walks(state, *root, {}, Mode::kSync, impl);
}

const bool kRegistered = [] {
  add_scenario({"fs/readdir-recursive",
                Grid()
                    .add("dir", {"lib", "test/parallel", "test"})
                    .add("mode", {"sync", "callback", "promise"})
                    .add("withFileTypes", {"true", "false"}),
                readdir_recursive});
  add_scenario(
      {"fs/readdir-chain", Grid().add("depth", {2, 16}).add("files", {10, 150}), readdir_chain});
  return true;
}();

}  // namespace
}  // namespace fpbench::scenarios
