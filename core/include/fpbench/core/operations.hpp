#pragma once

// One table of the core's operations: a row per implementation (baseline,
// fast, floor), every entry with the same signature in every row, so that
// tests, scenarios and tools choose an implementation once and call through
// its row.
//
// The floor is the bound of an operation: its system calls alone, on input
// already in its final form. Where baseline and fast convert their input
// (encode a string, format a value), an entry takes that input twice: as
// Node is given it, and prepared beforehand (the encoded bytes, the
// formatted line), outside whatever is measured. baseline and fast read only
// the first and the floor only the second; takes_prepared_input says which,
// for a caller that would otherwise prepare input for nothing.
//
// readdir's lists are the one thing the floor does not produce: it counts.
// The counted entries are in every row; the listing entries are null in the
// floor's.

#include <cstddef>
#include <future>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "fpbench/core/encoding.hpp"
#include "fpbench/core/fs.hpp"
#include "fpbench/core/fs_error.hpp"
#include "fpbench/core/implementation.hpp"
#include "fpbench/core/inspect.hpp"
#include "fpbench/core/js_string.hpp"
#include "fpbench/core/readdir.hpp"

namespace fpbench::core {

struct Operations {
  Implementation implementation;
  std::string_view name;  // "baseline", "fast" or "floor"
  bool takes_prepared_input;

  // fs.writeFileSync(file, text, options) and fs.appendFileSync; encoded is
  // text in options.encoding.
  Result<void> (*write_file_sync)(const PathOrFd& file, const JsString& text,
                                  std::string_view encoded,
                                  const WriteOptions& options);
  Result<void> (*append_file_sync)(const PathOrFd& file, const JsString& text,
                                   std::string_view encoded,
                                   const WriteOptions& options);
  // fs.readFileSync(file, encoding) into contents, whose storage the next
  // call may reuse. The floor reads the raw bytes into the std::string
  // alternative whatever the encoding.
  Result<void> (*read_file_sync)(const PathOrFd& file,
                                 std::optional<Encoding> encoding,
                                 FileContents& contents);

  // console.log(value) to fd (print.hpp); line is log_line(value).
  Result<void> (*print)(int fd, const Value& value, std::string_view line);

  // fs.readdirSync(path, {recursive: true}), counted: the number of entries
  // listed. baseline and fast build their list and drop it.
  Result<std::size_t> (*readdir_count)(const std::string& path,
                                       const ReaddirOptions& options);
  // The same through libuv in mode (callback or promise, as readdir.hpp
  // describes them), started on loop and run there to completion
  // (uv_run): what a program that awaits the walk waits for. The floor has
  // no libuv form of its own; its walk runs as one thread-pool job,
  // delivered as fast's is.
  Result<std::size_t> (*readdir_count_on_loop)(uv_loop_t* loop,
                                               const std::string& path,
                                               const ReaddirOptions& options,
                                               AsyncMode mode);

  // The lists themselves (readdir.hpp); null in the floor's row.
  Result<ReaddirResult> (*readdir_recursive)(const std::string& path,
                                             const ReaddirOptions& options);
  std::future<Result<ReaddirResult>> (*readdir_recursive_async)(
      uv_loop_t* loop, const std::string& path, const ReaddirOptions& options,
      AsyncMode mode, ReaddirCallback callback);
};

// Every row, in Implementation's order: baseline, fast, floor.
std::span<const Operations> all_operations();
const Operations& operations(Implementation impl);
// The row named "baseline", "fast" or "floor"; nullptr for any other name.
const Operations* find_operations(std::string_view name);

}  // namespace fpbench::core
