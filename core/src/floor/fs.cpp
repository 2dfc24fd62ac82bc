// The floor: the system calls alone, on bytes that need no conversion. What
// a fast path would cost if encoding and decoding were free. A file replaced
// by path is written over, not truncated first (detail::overwrite_bytes).

#include "fpbench/core/fs.hpp"

#include "fpbench/base/try.hpp"
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
  FPBENCH_ASSIGN_OR_RETURN(auto handle, detail::open_file(file, "r", 0666));
  FPBENCH_ASSIGN_OR_RETURN(const std::size_t n,
                           detail::read_to_end(handle.fd(), buffer));
  buffer.resize(n);
  return handle.close();
}

}  // namespace fpbench::core::floor
