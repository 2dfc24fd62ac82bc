#include "fpbench/harness/sample_writer.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>

#include "fpbench/base/file_write.hpp"

namespace fpbench::harness {
namespace {

// The end of a regular file, else -1: pipes and devices cannot be cut back.
long long regular_end(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
  return static_cast<long long>(::lseek(fd, 0, SEEK_END));
}

std::optional<struct stat> stat_of(const std::string& path) {
  struct stat st {};
  const int r =
      path == "-" ? ::fstat(STDOUT_FILENO, &st) : ::stat(path.c_str(), &st);
  if (r != 0) return std::nullopt;
  return st;
}

// "--json: " before the error, so that it says which option named the file.
Error flag_error(const std::string& flag, Error e) {
  e.message = flag + ": " + e.message;
  return e;
}

}  // namespace

Result<SampleWriter> SampleWriter::open(const std::string& path, bool append) {
  if (path == "-") return SampleWriter(STDOUT_FILENO, false, "<stdout>", -1);
  const int flags =
      O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) {
    return io_error("cannot open '" + path +
                    "' for writing: " + std::strerror(errno));
  }
  return SampleWriter(fd, true, "'" + path + "'", regular_end(fd));
}

SampleWriter::SampleWriter(SampleWriter&& other) noexcept
    : fd_(other.fd_),
      owned_(other.owned_),
      name_(std::move(other.name_)),
      end_(other.end_) {
  other.owned_ = false;
}

SampleWriter::~SampleWriter() {
  if (owned_) ::close(fd_);
}

Result<void> SampleWriter::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      const int e = errno;
      std::string message =
          "cannot write to " + name_ + ": " + std::strerror(e);
      if (end_ >= 0) {
        // A partial row would be read as a sample, or glued to the next one.
        if (::ftruncate(fd_, static_cast<off_t>(end_)) == 0) {
          message +=
              "; it ends at its last whole row, so --resume can continue it";
        } else {
          message += std::string(
                         "; cutting off the incomplete last row failed too: ") +
                     std::strerror(errno) +
                     ", so delete that row before resuming";
        }
      }
      return io_error(message);
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  if (end_ >= 0) end_ = static_cast<long long>(::lseek(fd_, 0, SEEK_CUR));
  return {};
}

Result<void> SampleWriter::close() {
  if (!owned_) return {};
  owned_ = false;
  if (::close(fd_) != 0) {
    return io_error("cannot write to " + name_ + ": " + std::strerror(errno));
  }
  return {};
}

Result<void> write_document(const std::string& flag, const std::string& path,
                            std::string_view text) {
  if (auto written = write_file_atomically(path, text); !written)
    return flag_error(flag, written.error());
  return {};
}

bool same_output_file(const std::string& a, const std::string& b) {
  const auto sa = stat_of(a);
  const auto sb = stat_of(b);
  if (sa && sb) {
    return S_ISREG(sa->st_mode) && sa->st_dev == sb->st_dev &&
           sa->st_ino == sb->st_ino;
  }
  if (sa || sb || a == "-" || b == "-") return false;
  // Made absolute first: weakly_canonical leaves a relative path relative
  // when none of it exists yet, so "X" and "./X" would differ.
  std::error_code ea;
  std::error_code eb;
  const auto ca =
      std::filesystem::weakly_canonical(std::filesystem::absolute(a, ea), ea);
  const auto cb =
      std::filesystem::weakly_canonical(std::filesystem::absolute(b, eb), eb);
  return !ea && !eb && ca == cb;
}

Result<void> check_writable(const std::string& flag, const std::string& path) {
  if (path == "-") return {};
  const auto fail = [&](int e) {
    return flag_error(flag, file_write_error(path, e));
  };
  if (const auto st = stat_of(path)) {
    if (S_ISDIR(st->st_mode)) return fail(EISDIR);
    // A FIFO without a reader would block here; a device says at the write.
    if (!S_ISREG(st->st_mode)) return {};
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return fail(errno);
    ::close(fd);
    return {};
  }
  const int fd =
      ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return fail(errno);
  ::close(fd);
  ::unlink(path.c_str());
  return {};
}

}  // namespace fpbench::harness
