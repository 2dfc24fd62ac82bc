// readFileSync as Node's JavaScript did it: open, fstat, read into a buffer
// of the stat size (8 KiB chunks concatenated when the size is unknown),
// close, then decode the whole buffer into a string.

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <vector>

#include "fpbench/base/try.hpp"
#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fs_common.hpp"

namespace fpbench::core::baseline {
namespace {

constexpr std::size_t kChunkBytes = 8192;

// Reads to the end of the file; a regular file that grows keeps being read.
Result<std::string> read_all(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return detail::fs_error(errno, "fstat", "");
  const bool sized = S_ISREG(st.st_mode) && st.st_size > 0;
  if (sized && static_cast<std::size_t>(st.st_size) > kMaxReadBytes) {
    return detail::file_too_large_error(static_cast<std::size_t>(st.st_size));
  }

  std::vector<std::string> chunks;
  std::size_t total = 0;
  std::size_t next_size =
      sized ? static_cast<std::size_t>(st.st_size) : kChunkBytes;
  for (;;) {
    std::string chunk(next_size, '\0');
    ssize_t n;
    do {
      n = ::read(fd, chunk.data(), chunk.size());
    } while (n < 0 && errno == EINTR);
    if (n < 0) return detail::fs_error(errno, "read", "");
    if (n == 0) break;
    chunk.resize(static_cast<std::size_t>(n));
    total += chunk.size();
    if (total > kMaxReadBytes) return detail::file_too_large_error(total);
    chunks.push_back(std::move(chunk));
    next_size = kChunkBytes;
  }
  std::string out;
  out.reserve(total);
  for (const std::string& c : chunks) out += c;
  return out;
}

}  // namespace

Result<FileContents> read_file_sync(const PathOrFd& file,
                                    std::optional<Encoding> encoding) {
  FPBENCH_ASSIGN_OR_RETURN(auto handle, detail::open_file(file, "r", 0666));
  FPBENCH_ASSIGN_OR_RETURN(std::string bytes, read_all(handle.fd()));
  FPBENCH_TRY(handle.close());
  if (!encoding) return FileContents(std::move(bytes));
  JsString text = decode(bytes, *encoding);
  if (text.length() > kMaxStringLength) return detail::string_too_long_error();
  return FileContents(std::move(text));
}

}  // namespace fpbench::core::baseline
