#include "fs_common.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <utility>

#include "fpbench/base/try.hpp"

namespace fpbench::core {
namespace {

struct ErrnoText {
  int value;
  const char* code;
  const char* message;  // libuv's uv_strerror() wording, which Node prints
};

constexpr std::array<ErrnoText, 24> kErrnoTexts = {{
    {ENOENT, "ENOENT", "no such file or directory"},
    {EISDIR, "EISDIR", "illegal operation on a directory"},
    {EACCES, "EACCES", "permission denied"},
    {EPERM, "EPERM", "operation not permitted"},
    {EBADF, "EBADF", "bad file descriptor"},
    {EEXIST, "EEXIST", "file already exists"},
    {ENOTDIR, "ENOTDIR", "not a directory"},
    {EMFILE, "EMFILE", "too many open files"},
    {ENFILE, "ENFILE", "file table overflow"},
    {ENOSPC, "ENOSPC", "no space left on device"},
    {EINVAL, "EINVAL", "invalid argument"},
    {EPIPE, "EPIPE", "broken pipe"},
    {EAGAIN, "EAGAIN", "resource temporarily unavailable"},
    {EROFS, "EROFS", "read-only file system"},
    {ENAMETOOLONG, "ENAMETOOLONG", "name too long"},
    {ELOOP, "ELOOP", "too many symbolic links encountered"},
    {EIO, "EIO", "i/o error"},
    {EFBIG, "EFBIG", "file too large"},
    {ENOMEM, "ENOMEM", "not enough memory"},
    {ESPIPE, "ESPIPE", "invalid seek"},
    {EXDEV, "EXDEV", "cross-device link not permitted"},
    {EINTR, "EINTR", "interrupted system call"},
    {ETXTBSY, "ETXTBSY", "text file is busy"},
    {EDQUOT, "EDQUOT", "disk quota exceeded"},
}};

constexpr std::array<std::pair<std::string_view, int>, 21> kFlags = {{
    {"r", O_RDONLY},
    {"rs", O_RDONLY | O_SYNC},
    {"sr", O_RDONLY | O_SYNC},
    {"r+", O_RDWR},
    {"rs+", O_RDWR | O_SYNC},
    {"sr+", O_RDWR | O_SYNC},
    {"w", O_TRUNC | O_CREAT | O_WRONLY},
    {"wx", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
    {"xw", O_TRUNC | O_CREAT | O_WRONLY | O_EXCL},
    {"w+", O_TRUNC | O_CREAT | O_RDWR},
    {"a", O_APPEND | O_CREAT | O_WRONLY},
    {"ax", O_APPEND | O_CREAT | O_WRONLY | O_EXCL},
    {"a+", O_APPEND | O_CREAT | O_RDWR},
    {"xa", O_APPEND | O_CREAT | O_WRONLY | O_EXCL},
    {"as", O_APPEND | O_CREAT | O_WRONLY | O_SYNC},
    {"sa", O_APPEND | O_CREAT | O_WRONLY | O_SYNC},
    {"ax+", O_APPEND | O_CREAT | O_RDWR | O_EXCL},
    {"xa+", O_APPEND | O_CREAT | O_RDWR | O_EXCL},
    {"as+", O_APPEND | O_CREAT | O_RDWR | O_SYNC},
    {"sa+", O_APPEND | O_CREAT | O_RDWR | O_SYNC},
    {"wx+", O_TRUNC | O_CREAT | O_RDWR | O_EXCL},
}};

}  // namespace

std::optional<int> parse_open_flags(std::string_view flag) {
  for (const auto& [name, flags] : kFlags) {
    if (name == flag) return flags;
  }
  return std::nullopt;
}

namespace test_hooks {
namespace {
std::atomic<void (*)(int)> after_size_hint_hook{nullptr};
}  // namespace

void set_after_size_hint(void (*hook)(int fd)) {
  after_size_hint_hook.store(hook, std::memory_order_relaxed);
}

void after_size_hint(int fd) {
  if (auto* hook = after_size_hint_hook.load(std::memory_order_relaxed))
    hook(fd);
}
}  // namespace test_hooks

namespace detail {

FsError fs_error(int errno_value, std::string_view syscall,
                 std::string_view path) {
  std::string code = "UNKNOWN";
  std::string text = std::strerror(errno_value);
  for (const ErrnoText& e : kErrnoTexts) {
    if (e.value == errno_value) {
      code = e.code;
      text = e.message;
    }
  }
  std::string message = code + ": " + text + ", " + std::string(syscall);
  if (!path.empty()) message += " '" + std::string(path) + "'";
  FsError e = coded_error(ErrorKind::kSystem, code, std::move(message));
  e.errno_value = -errno_value;
  e.syscall = syscall;
  e.path = path;
  return e;
}

FsError file_too_large_error(std::size_t size) {
  return coded_error(
      ErrorKind::kBadInput, "ERR_FS_FILE_TOO_LARGE",
      "File size (" + std::to_string(size) + ") is greater than 2 GiB");
}

FsError string_too_long_error() {
  return coded_error(
      ErrorKind::kBadInput, "ERR_STRING_TOO_LONG",
      "Cannot create a string longer than 0x1fffffe8 characters");
}

FileHandle::~FileHandle() {
  if (owned_) ::close(fd_);
}

Result<void> FileHandle::close() {
  if (!owned_) return {};
  owned_ = false;
  // Linux releases the descriptor even when close fails: never retry.
  if (::close(fd_) != 0 && errno != EINTR) return fs_error(errno, "close", "");
  return {};
}

Result<FileHandle> open_file(const PathOrFd& file, std::string_view flag,
                             mode_t mode) {
  if (file.is_fd()) return FileHandle(file.fd(), /*owned=*/false);
  const std::optional<int> flags = parse_open_flags(flag);
  if (!flags) {
    return coded_error(ErrorKind::kUsage, "ERR_INVALID_ARG_VALUE",
                       "The argument 'flags' is invalid. Received '" +
                           std::string(flag) + "'");
  }
  int fd;
  do {
    fd = ::open(file.path().c_str(), *flags | O_CLOEXEC, mode);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return fs_error(errno, "open", file.path());
  return FileHandle(fd, /*owned=*/true);
}

Result<void> write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return fs_error(errno, "write", "");
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

Result<void> write_bytes(const PathOrFd& file, std::string_view bytes,
                         const WriteOptions& options,
                         std::string_view default_flag) {
  FPBENCH_ASSIGN_OR_RETURN(
      auto handle, open_file(file, options.flag ? *options.flag : default_flag,
                             options.mode));
  FPBENCH_TRY(write_all(handle.fd(), bytes));
  return finish_write(handle, options.flush);
}

Result<void> overwrite_bytes(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options) {
  if (file.is_fd() || (options.flag && *options.flag != "w")) {
    return write_bytes(file, bytes, options, "w");
  }
  int fd;
  do {
    fd = ::open(file.path().c_str(), O_CREAT | O_WRONLY | O_CLOEXEC,
                options.mode);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) return fs_error(errno, "open", file.path());
  FileHandle handle(fd, /*owned=*/true);
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fs_error(errno, "fstat", "");
  const std::size_t old_size =
      S_ISREG(st.st_mode) ? static_cast<std::size_t>(st.st_size) : 0;

  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n =
        ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      // What O_TRUNC would have left: the bytes written so far.
      if (old_size > written)
        (void)::ftruncate(fd, static_cast<off_t>(written));
      return fs_error(error, "write", "");
    }
    written += static_cast<std::size_t>(n);
  }
  if (old_size > written && ::ftruncate(fd, static_cast<off_t>(written)) != 0) {
    return fs_error(errno, "ftruncate", "");
  }
  return finish_write(handle, options.flush);
}

Result<std::size_t> read_to_end(int fd, std::string& buffer) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fs_error(errno, "fstat", "");
  // A regular file's size is a good first guess; one byte more lets the
  // first read show whether the file grew since.
  const bool sized = S_ISREG(st.st_mode) && st.st_size > 0;
  const auto size = static_cast<std::size_t>(sized ? st.st_size : 0);
  if (size > kMaxReadBytes) return file_too_large_error(size);
  const std::size_t first = sized ? size + 1 : std::size_t{64} << 10;
  if (buffer.size() < first) buffer.resize(first);

  std::size_t total = 0;
  for (;;) {
    if (total == buffer.size()) buffer.resize(2 * buffer.size());
    const ssize_t n = ::read(fd, buffer.data() + total, buffer.size() - total);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fs_error(errno, "read", "");
    }
    if (n == 0) break;
    total += static_cast<std::size_t>(n);
    if (total > kMaxReadBytes) return file_too_large_error(total);
    // A regular file that read short exactly at its stat size is at its end.
    if (sized && total == size && total < buffer.size()) break;
  }
  return total;
}

std::optional<std::size_t> decoded_length(std::size_t byte_count, Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
      return std::nullopt;
    case Encoding::kUtf16le:
      return byte_count / 2;
    case Encoding::kLatin1:
    case Encoding::kAscii:
      return byte_count;
    case Encoding::kBase64:
      return (byte_count + 2) / 3 * 4;
    case Encoding::kBase64Url:
      return (byte_count * 4 + 2) / 3;
    case Encoding::kHex:
      return byte_count * 2;
  }
  return std::nullopt;
}

Result<void> finish_write(FileHandle& handle, bool flush) {
  if (flush && ::fsync(handle.fd()) != 0) return fs_error(errno, "fsync", "");
  return handle.close();
}

}  // namespace detail
}  // namespace fpbench::core
