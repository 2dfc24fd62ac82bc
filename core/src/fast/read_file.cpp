// readFileSync with as few system calls and copies as the file allows: one
// read(2) into a buffer kept between calls (for a regular file whose size
// holds still), then one pass that decodes straight into the result.

#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fs_common.hpp"

namespace fpbench::core::fast {
namespace {

constexpr std::size_t kKeptBufferBytes = std::size_t{64} << 20;

Result<FileContents> contents_of(std::string_view bytes,
                                 std::optional<Encoding> encoding) {
  if (!encoding) return FileContents(std::string(bytes));
  const auto length = detail::decoded_length(bytes.size(), *encoding);
  if (length && *length > kMaxStringLength) return detail::string_too_long_error();
  JsString text = decode(bytes, *encoding);
  if (text.length() > kMaxStringLength) return detail::string_too_long_error();
  return FileContents(std::move(text));
}

}  // namespace

Result<FileContents> read_file_sync(const PathOrFd& file,
                                    std::optional<Encoding> encoding) {
  auto handle = detail::open_file(file, "r", 0666);
  if (!handle) return handle.error();
  thread_local std::string buffer;
  const Result<std::size_t> n = detail::read_to_end(handle->fd(), buffer);
  if (!n) return n.error();
  if (auto closed = handle->close(); !closed) return closed.error();
  Result<FileContents> result =
      contents_of(std::string_view(buffer.data(), *n), encoding);
  if (buffer.size() > kKeptBufferBytes) std::string().swap(buffer);
  return result;
}

}  // namespace fpbench::core::fast
