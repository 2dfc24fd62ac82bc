#pragma once

// Node's synchronous file operations, fs.writeFileSync, fs.appendFileSync and
// fs.readFileSync, in three implementations with identical signatures:
//
//   baseline  the multi-step path Node's JavaScript used to take: encode the
//             whole string into a fresh buffer, then open, write, close.
//   fast      one call: encode straight into a reused buffer (or write
//             one-byte ASCII text without any copy), read straight into the
//             result's own storage, as few system calls as the file allows.
//   floor     raw write(2) / read(2) of bytes that need no conversion: the
//             bound a fast path can approach.
//
// fast and floor replace a file given by path with the "w" flag by writing
// over it and cutting off what is left of the old content, instead of
// opening it with O_TRUNC: the file ends the same, without a truncation to
// zero that frees its blocks and, on ext4, makes close() start writing the
// data back (see detail::overwrite_bytes). A reader that opens the file
// meanwhile may see old bytes past those written so far, where O_TRUNC
// would show it shorter.
//
// Errors have Node's shape (code, errno, syscall, path and the message
// "ENOENT: no such file or directory, open '/tmp/x'") and never leak a file
// descriptor. A descriptor passed in is used at its current offset and left
// open.

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "fpbench/core/encoding.hpp"
#include "fpbench/core/fs_error.hpp"
#include "fpbench/core/js_string.hpp"

namespace fpbench::core {

// A path to open, or a file descriptor the caller owns.
class PathOrFd {
 public:
  PathOrFd(std::string path) : target_(std::move(path)) {}
  PathOrFd(const char* path) : target_(std::string(path)) {}
  static PathOrFd fd(int descriptor) { return PathOrFd(descriptor); }

  [[nodiscard]] bool is_fd() const { return target_.index() == 1; }
  [[nodiscard]] int fd() const { return std::get<1>(target_); }
  [[nodiscard]] const std::string& path() const { return std::get<0>(target_); }

 private:
  explicit PathOrFd(int descriptor) : target_(descriptor) {}
  std::variant<std::string, int> target_;
};

struct WriteOptions {
  Encoding encoding = Encoding::kUtf8;
  // Node's flags (w, wx, w+, a, ax, a+, as, r+, ...); unset means "w" for
  // write_file_sync and "a" for append_file_sync.
  std::optional<std::string> flag = std::nullopt;
  mode_t mode = 0666;
  bool flush = false;  // fsync before closing
};

// Node's limits: readFileSync refuses files over 2 GiB - 1 bytes
// (ERR_FS_FILE_TOO_LARGE), and V8 strings hold at most 0x1fffffe8 code
// units (ERR_STRING_TOO_LONG).
inline constexpr std::size_t kMaxReadBytes = 2147483647;
inline constexpr std::size_t kMaxStringLength = 0x1fffffe8;

// What readFileSync returns: bytes (a Buffer) without an encoding, a string
// with one.
using FileContents = std::variant<std::string, JsString>;

// Open flags for Node's flag strings; nullopt for an unknown flag.
std::optional<int> parse_open_flags(std::string_view flag);

namespace baseline {
Result<void> write_file_sync(const PathOrFd& file, const JsString& data,
                             const WriteOptions& options = {});
Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options = {});
Result<void> append_file_sync(const PathOrFd& file, const JsString& data,
                              const WriteOptions& options = {});
Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options = {});
Result<FileContents> read_file_sync(const PathOrFd& file,
                                    std::optional<Encoding> encoding = {});
}  // namespace baseline

namespace fast {
Result<void> write_file_sync(const PathOrFd& file, const JsString& data,
                             const WriteOptions& options = {});
Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options = {});
Result<void> append_file_sync(const PathOrFd& file, const JsString& data,
                              const WriteOptions& options = {});
Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options = {});
Result<FileContents> read_file_sync(const PathOrFd& file,
                                    std::optional<Encoding> encoding = {});
}  // namespace fast

namespace floor {
// write(2) of bytes already in their final encoding: open, write, close.
Result<void> write_file_sync(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options = {});
Result<void> append_file_sync(const PathOrFd& file, std::string_view bytes,
                              const WriteOptions& options = {});
// read(2) of the raw bytes into buffer (reused; resized to the content).
Result<void> read_file_sync(const PathOrFd& file, std::string& buffer);
}  // namespace floor

}  // namespace fpbench::core
