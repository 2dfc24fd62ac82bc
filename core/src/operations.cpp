// The table of operations (operations.hpp): each row's entries adapt its
// implementation's functions to the table's signatures, and nothing more.

#include "fpbench/core/operations.hpp"

#include <uv.h>

#include <array>
#include <utility>
#include <variant>

#include "fpbench/base/check.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/core/print.hpp"

namespace fpbench::core {
namespace {

using WriteText = Result<void> (*)(const PathOrFd&, const JsString&,
                                   const WriteOptions&);
using WriteBytes = Result<void> (*)(const PathOrFd&, std::string_view,
                                    const WriteOptions&);
using ReadContents = Result<FileContents> (*)(const PathOrFd&,
                                              std::optional<Encoding>);
using PrintValue = Result<void> (*)(int, const Value&);
using ListTree = Result<ReaddirResult> (*)(const std::string&,
                                           const ReaddirOptions&);
using ListTreeAsync = std::future<Result<ReaddirResult>> (*)(
    uv_loop_t*, const std::string&, const ReaddirOptions&, AsyncMode,
    ReaddirCallback);

template <WriteText write>
Result<void> write_text(const PathOrFd& file, const JsString& text,
                        std::string_view, const WriteOptions& options) {
  return write(file, text, options);
}

template <WriteBytes write>
Result<void> write_prepared(const PathOrFd& file, const JsString&,
                            std::string_view encoded,
                            const WriteOptions& options) {
  return write(file, encoded, options);
}

template <ReadContents read>
Result<void> read_into(const PathOrFd& file, std::optional<Encoding> encoding,
                       FileContents& contents) {
  // The last result goes before the read, as it would at the end of a
  // caller's scope, so a loop of reads reuses its allocation as before.
  contents.emplace<std::string>();
  FPBENCH_ASSIGN_OR_RETURN(contents, read(file, encoding));
  return {};
}

Result<void> floor_read(const PathOrFd& file, std::optional<Encoding>,
                        FileContents& contents) {
  auto* bytes = std::get_if<std::string>(&contents);
  if (bytes == nullptr) bytes = &contents.emplace<std::string>();
  return floor::read_file_sync(file, *bytes);
}

template <PrintValue print>
Result<void> print_value(int fd, const Value& value, std::string_view) {
  return print(fd, value);
}

Result<void> floor_print(int fd, const Value&, std::string_view line) {
  return floor::print_bytes(fd, line);
}

Result<std::size_t> count_of(Result<ReaddirResult> r) {
  FPBENCH_TRY(r);
  return std::visit([](const auto& list) { return list.size(); }, *r);
}

template <ListTree list>
Result<std::size_t> count(const std::string& path,
                          const ReaddirOptions& options) {
  return count_of(list(path, options));
}

Result<std::size_t> floor_count(const std::string& path,
                                const ReaddirOptions& options) {
  return floor::readdir_recursive(path, options);
}

template <ListTreeAsync start>
Result<std::size_t> count_on_loop(uv_loop_t* loop, const std::string& path,
                                  const ReaddirOptions& options,
                                  AsyncMode mode) {
  if (mode == AsyncMode::kCallback) {
    std::optional<Result<std::size_t>> got;
    (void)start(loop, path, options, AsyncMode::kCallback,
                [&got](Result<ReaddirResult> r) {
                  got.emplace(count_of(std::move(r)));
                });
    uv_run(loop, UV_RUN_DEFAULT);
    FPBENCH_CHECK(got.has_value());
    return std::move(*got);
  }
  auto future = start(loop, path, options, AsyncMode::kPromise, {});
  uv_run(loop, UV_RUN_DEFAULT);
  return count_of(future.get());
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

Result<std::size_t> floor_count_on_loop(uv_loop_t* loop,
                                        const std::string& path,
                                        const ReaddirOptions& options,
                                        AsyncMode mode) {
  auto* job = new FloorJob{};
  job->work.data = job;
  job->path = path;
  job->options = options;
  std::optional<Result<std::size_t>> slot;
  std::future<Result<std::size_t>> future;
  if (mode == AsyncMode::kCallback) {
    job->callback_slot = &slot;
  } else {
    future = job->promise.get_future();
  }
  uv_queue_work(
      loop, &job->work,
      [](uv_work_t* w) {
        auto* j = static_cast<FloorJob*>(w->data);
        j->result.emplace(floor::readdir_recursive(j->path, j->options));
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
  if (mode == AsyncMode::kCallback) return std::move(*slot);
  return future.get();
}

constexpr std::array<Operations, 3> kOperations = {{
    {
        .implementation = Implementation::kBaseline,
        .name = "baseline",
        .takes_prepared_input = false,
        .write_file_sync = write_text<baseline::write_file_sync>,
        .append_file_sync = write_text<baseline::append_file_sync>,
        .read_file_sync = read_into<baseline::read_file_sync>,
        .print = print_value<baseline::print>,
        .readdir_count = count<baseline::readdir_recursive>,
        .readdir_count_on_loop =
            count_on_loop<baseline::readdir_recursive_async>,
        .readdir_recursive = baseline::readdir_recursive,
        .readdir_recursive_async = baseline::readdir_recursive_async,
    },
    {
        .implementation = Implementation::kFast,
        .name = "fast",
        .takes_prepared_input = false,
        .write_file_sync = write_text<fast::write_file_sync>,
        .append_file_sync = write_text<fast::append_file_sync>,
        .read_file_sync = read_into<fast::read_file_sync>,
        .print = print_value<fast::print>,
        .readdir_count = count<fast::readdir_recursive>,
        .readdir_count_on_loop = count_on_loop<fast::readdir_recursive_async>,
        .readdir_recursive = fast::readdir_recursive,
        .readdir_recursive_async = fast::readdir_recursive_async,
    },
    {
        .implementation = Implementation::kFloor,
        .name = "floor",
        .takes_prepared_input = true,
        .write_file_sync = write_prepared<floor::write_file_sync>,
        .append_file_sync = write_prepared<floor::append_file_sync>,
        .read_file_sync = floor_read,
        .print = floor_print,
        .readdir_count = floor_count,
        .readdir_count_on_loop = floor_count_on_loop,
        .readdir_recursive = nullptr,
        .readdir_recursive_async = nullptr,
    },
}};

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < kOperations.size(); ++i) {
    if (kOperations[i].implementation != static_cast<Implementation>(i))
      return false;
  }
  return true;
}
static_assert(rows_in_enum_order(),
              "operations(impl) indexes the table by impl");

}  // namespace

std::span<const Operations> all_operations() { return kOperations; }

const Operations& operations(Implementation impl) {
  return kOperations.at(static_cast<std::size_t>(impl));
}

const Operations* find_operations(std::string_view name) {
  const std::optional<Implementation> impl = parse_implementation(name);
  return impl ? &operations(*impl) : nullptr;
}

}  // namespace fpbench::core
