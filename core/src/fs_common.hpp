#pragma once

// What every implementation of the fs operations shares: Node-shaped errors,
// opening by flag string, complete writes, and descriptors that close
// themselves when they were opened here. Private to core.

#include <string>
#include <string_view>

#include "fpbench/core/fs.hpp"

namespace fpbench::core {

// Seams for tests; not for production use.
namespace test_hooks {
// While set, fast's readFileSync calls hook(fd) between its fstat and its
// first read, so that a test can change the file the size hint came from.
void set_after_size_hint(void (*hook)(int fd));
void after_size_hint(int fd);
}  // namespace test_hooks

namespace detail {

// Node's error for a failed system call: code "ENOENT", the message
// "ENOENT: no such file or directory, open '/tmp/x'" (libuv's wording), and
// errno, syscall and path as fields. Like Node, only calls that take a path
// (open) name one: read, write, fstat, fsync and close errors do not.
FsError fs_error(int errno_value, std::string_view syscall,
                 std::string_view path);

// ERR_FS_FILE_TOO_LARGE / ERR_STRING_TOO_LONG, with Node's messages.
FsError file_too_large_error(std::size_t size);
FsError string_too_long_error();

// A descriptor from open() that closes itself, or a borrowed one that does not.
class FileHandle {
 public:
  FileHandle() = default;
  FileHandle(int fd, bool owned) : fd_(fd), owned_(owned) {}
  FileHandle(FileHandle&& other) noexcept
      : fd_(other.fd_), owned_(other.owned_) {
    other.owned_ = false;
  }
  FileHandle& operator=(FileHandle&&) = delete;
  FileHandle(const FileHandle&) = delete;
  ~FileHandle();

  [[nodiscard]] int fd() const { return fd_; }
  // Closes now when owned, reporting a failed close.
  Result<void> close();

 private:
  int fd_ = -1;
  bool owned_ = false;
};

// Opens file.path() with the flag string (or borrows file.fd()).
Result<FileHandle> open_file(const PathOrFd& file, std::string_view flag,
                             mode_t mode);

// write(2) until all bytes are written, through partial writes and EINTR.
Result<void> write_all(int fd, std::string_view bytes);

// fsync(2) when asked to, then close when owned.
Result<void> finish_write(FileHandle& handle, bool flush);

// Open (with options.flag, else default_flag), write every byte, fsync when
// options.flush, close what was opened.
Result<void> write_bytes(const PathOrFd& file, std::string_view bytes,
                         const WriteOptions& options,
                         std::string_view default_flag);

// write_bytes with the "w" flag (options.flag unset or "w") for a path,
// without truncating the file when it is opened: the bytes are written over
// the old content and only an old tail that is left is cut off (ftruncate),
// as it is when a write fails part way. The file ends as O_TRUNC would leave
// it, but its blocks and cached pages stay in place: a truncation to zero
// frees them, and on ext4 (auto_da_alloc) makes close() start writing the
// new data back, which the next truncation then waits for, costing some
// hundred microseconds of CPU and milliseconds of waiting per 1 MiB
// rewritten. That early writeback is also all the durability O_TRUNC adds;
// options.flush (fsync) is what promises any. Any other flag, or a
// descriptor, is write_bytes.
Result<void> overwrite_bytes(const PathOrFd& file, std::string_view bytes,
                             const WriteOptions& options);

// Reads from fd's current offset to the end into buffer, which is grown as
// needed and never shrunk; returns the byte count. Works on anything read(2)
// works on: regular files (one read when the size holds still), pipes,
// FIFOs, /proc files, character devices, files that grow or shrink meanwhile.
// Fails with ERR_FS_FILE_TOO_LARGE past kMaxReadBytes.
Result<std::size_t> read_to_end(int fd, std::string& buffer);

// The length of decode(bytes, e) computed from the byte count alone, or
// nullopt for utf8, whose length depends on the content.
std::optional<std::size_t> decoded_length(std::size_t byte_count, Encoding e);

}  // namespace detail
}  // namespace fpbench::core
