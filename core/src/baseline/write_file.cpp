// writeFileSync / appendFileSync as Node's JavaScript did it before the fast
// path: Buffer.from(data, encoding) into a fresh allocation, then open, a
// write loop, fsync when asked, close.

#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fs_common.hpp"

namespace fpbench::core::baseline {

Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options) {
  return detail::write_bytes(file, bytes, options, "w");
}

Result<void> write_file_sync(const PathOrFd& file, const JsString& data,
                             const WriteOptions& options) {
  const std::string buffer = encode(data, options.encoding);
  return detail::write_bytes(file, buffer, options, "w");
}

Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options) {
  return detail::write_bytes(file, bytes, options, "a");
}

Result<void> append_file_sync(const PathOrFd& file, const JsString& data,
                              const WriteOptions& options) {
  const std::string buffer = encode(data, options.encoding);
  return detail::write_bytes(file, buffer, options, "a");
}

}  // namespace fpbench::core::baseline
