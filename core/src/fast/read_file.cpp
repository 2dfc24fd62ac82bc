// readFileSync with one copy: the bytes are read straight into the storage
// of the result (sized by fstat, never zero-filled), and become the result
// as they are where the encoding allows: a Buffer, latin1, ASCII text as
// utf8, ascii after masking in place. Other encodings decode from there.
// For a regular file whose size holds still that is open, fstat, one read
// and close.

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include "fpbench/base/try.hpp"
#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fs_common.hpp"
#include "uninitialized_string.hpp"

namespace fpbench::core::fast {
namespace {

// What a file without a size (a pipe, a /proc file) is first read in;
// doubled while it keeps coming.
constexpr std::size_t kUnsizedReadBytes = std::size_t{64} << 10;

// Reads fd from its offset to the end into a string of exactly the stat
// size plus one byte: a read that does not fill that byte has met the end
// (a regular file reads short only there), one that does means the file
// grew, and reading goes on.
Result<std::string> read_bytes(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return detail::fs_error(errno, "fstat", "");
  const bool sized = S_ISREG(st.st_mode) && st.st_size > 0;
  const auto size = static_cast<std::size_t>(sized ? st.st_size : 0);
  if (size > kMaxReadBytes) return detail::file_too_large_error(size);
  test_hooks::after_size_hint(fd);

  std::string bytes;
  detail::resize_uninitialized(bytes, sized ? size + 1 : kUnsizedReadBytes);
  std::size_t total = 0;
  for (;;) {
    if (total == bytes.size()) detail::resize_uninitialized(bytes, 2 * total);
    const ssize_t n = ::read(fd, bytes.data() + total, bytes.size() - total);
    if (n < 0) {
      if (errno == EINTR) continue;
      return detail::fs_error(errno, "read", "");
    }
    if (n == 0) break;
    total += static_cast<std::size_t>(n);
    if (total > kMaxReadBytes) return detail::file_too_large_error(total);
    if (sized && total == size && total < bytes.size()) break;
  }
  bytes.resize(total);
  // Unsized reads and files that shrank may leave most of the storage idle.
  if (bytes.capacity() / 2 > total) bytes.shrink_to_fit();
  return bytes;
}

// Node's ascii decoding: each byte with its top bit cleared, here in place.
void clear_high_bits(std::string& bytes) {
  if (is_ascii(bytes)) return;
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7f;
  char* p = bytes.data();
  const std::size_t n = bytes.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, p + i, 8);
    word &= kLow7;
    std::memcpy(p + i, &word, 8);
  }
  for (; i < n; ++i) p[i] = static_cast<char>(p[i] & 0x7f);
}

Result<FileContents> contents_of(std::string bytes,
                                 std::optional<Encoding> encoding) {
  if (!encoding) return FileContents(std::move(bytes));
  const auto length = detail::decoded_length(bytes.size(), *encoding);
  if (length && *length > kMaxStringLength)
    return detail::string_too_long_error();
  switch (*encoding) {
    case Encoding::kLatin1:
      return FileContents(JsString(std::move(bytes)));
    case Encoding::kAscii:
      clear_high_bits(bytes);
      return FileContents(JsString(std::move(bytes)));
    case Encoding::kUtf8:
      // ASCII is its own Latin-1 form, so the bytes are the string.
      if (is_ascii(bytes)) {
        if (bytes.size() > kMaxStringLength)
          return detail::string_too_long_error();
        return FileContents(JsString(std::move(bytes)));
      }
      break;
    default:
      break;
  }
  JsString text = decode(bytes, *encoding);
  if (text.length() > kMaxStringLength) return detail::string_too_long_error();
  return FileContents(std::move(text));
}

}  // namespace

Result<FileContents> read_file_sync(const PathOrFd& file,
                                    std::optional<Encoding> encoding) {
  FPBENCH_ASSIGN_OR_RETURN(auto handle, detail::open_file(file, "r", 0666));
  FPBENCH_ASSIGN_OR_RETURN(std::string bytes, read_bytes(handle.fd()));
  FPBENCH_TRY(handle.close());
  return contents_of(std::move(bytes), encoding);
}

}  // namespace fpbench::core::fast
