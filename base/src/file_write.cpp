#include "fpbench/base/file_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace fpbench {
namespace {

// 0 when all of text was written, else the errno of the write that failed.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

Result<void> write_in_place(const std::string& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) return file_write_error(path, errno);
  int error = write_all(fd, text);
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) return file_write_error(path, error);
  return {};
}

// A name beside `target` that no other writer uses: the process id keeps
// processes apart, the counter threads of one process.
std::string temporary_beside(const std::string& target) {
  static std::atomic<unsigned> counter{0};
  const std::size_t slash = target.rfind('/');
  const std::string dir =
      slash == std::string::npos ? "" : target.substr(0, slash + 1);
  const std::string name =
      slash == std::string::npos ? target : target.substr(slash + 1);
  return dir + "." + name + ".tmp-" + std::to_string(::getpid()) + "-" +
         std::to_string(counter.fetch_add(1));
}

// The file a symbolic link names, so that the link is not replaced by a
// file; the path itself when it is no link or cannot be resolved.
std::string resolved(const std::string& path) {
  char* real = ::realpath(path.c_str(), nullptr);
  if (real == nullptr) return path;
  std::string out(real);
  std::free(real);
  return out;
}

}  // namespace

Error file_write_error(const std::string& path, int error) {
  return io_error("cannot write '" + path + "': " + std::strerror(error));
}

Result<void> write_file_atomically(const std::string& path,
                                   std::string_view text,
                                   Durability durability) {
  struct stat st {};
  const bool exists = ::stat(path.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) return file_write_error(path, EISDIR);
  if (exists && !S_ISREG(st.st_mode)) return write_in_place(path, text);
  const std::string target = exists ? resolved(path) : path;
  const std::string temporary = temporary_beside(target);
  const int fd =
      ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    const int error = errno;
    if (exists && (error == EACCES || error == EPERM))
      return write_in_place(path, text);
    return file_write_error(path, error);
  }
  int error = write_all(fd, text);
  if (error == 0 && exists && ::fchmod(fd, st.st_mode & 07777) != 0)
    error = errno;
  if (error == 0 && durability == Durability::kSynced && ::fsync(fd) != 0)
    error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temporary.c_str(), target.c_str()) != 0)
    error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    return file_write_error(path, error);
  }
  return {};
}

}  // namespace fpbench
