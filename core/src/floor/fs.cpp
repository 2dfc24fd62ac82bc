// The floor: the system calls alone, on bytes that need no conversion. What
// a fast path would cost if encoding and decoding were free. A file replaced
// by path is written over, not truncated first (detail::overwrite_bytes).

#include "fpbench/core/fs.hpp"

#include "fs_common.hpp"

namespace fpbench::core::floor {

Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options) {
  return detail::overwrite_bytes(file, bytes, options);
}

Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options) {
  return detail::write_bytes(file, bytes, options, "a");
}

Result<void> read_file_sync(const PathOrFd& file, std::string& buffer) {
  auto handle = detail::open_file(file, "r", 0666);
  if (!handle) return handle.error();
  const Result<std::size_t> n = detail::read_to_end(handle->fd(), buffer);
  if (!n) return n.error();
  buffer.resize(*n);
  return handle->close();
}

}  // namespace fpbench::core::floor
