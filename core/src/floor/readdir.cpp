// The floor of recursive readdir: the system calls fast makes (openat
// relative to the parent, getdents64, a stat or lstat only for links and
// DT_UNKNOWN) with nothing else: no sorting, no strings, no result vector,
// only a count.
// Depth-first, since a count does not care about order: the chain of open
// descriptors is the chain of ancestors, which makes the cycle rule free.

#include "fpbench/core/readdir.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "fpbench/base/try.hpp"
#include "fs_common.hpp"
#include "readdir_detail.hpp"

namespace fpbench::core::floor {
namespace {

constexpr std::size_t kBufferBytes = std::size_t{256} << 10;
constexpr std::size_t kMinReadBytes = std::size_t{32} << 10;

struct Level {
  std::vector<char> buffer;  // one per depth, reused across calls
  int fd = -1;
  bool id_known = false;
  dev_t dev = 0;
  ino_t ino = 0;
};

class Counter {
 public:
  Counter(const std::string& root, const ReaddirOptions& options)
      : root_(root),
        with_types_(options.with_file_types),
        ignore_d_type_(test_hooks::ignore_d_type()) {}

  Result<std::size_t> run() {
    int fd;
    do {
      fd = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return detail::fs_error(errno, "scandir", root_);
    const Result<void> walked = walk(fd, 0);
    ::close(fd);
    FPBENCH_TRY(walked);
    return count_;
  }

 private:
  static std::vector<Level>& levels() {
    thread_local std::vector<Level> l;
    return l;
  }

  [[nodiscard]] std::string node_path() const {
    return relative_.empty() ? root_
                             : detail::node_join_prefix(root_) + relative_;
  }

  bool on_chain(std::size_t depth, dev_t dev, ino_t ino) {
    for (std::size_t d = 0; d <= depth; ++d) {
      Level& l = levels()[d];
      if (!l.id_known) {
        struct stat st {};
        if (::fstat(l.fd, &st) != 0) continue;
        l.id_known = true;
        l.dev = st.st_dev;
        l.ino = st.st_ino;
      }
      if (l.dev == dev && l.ino == ino) return true;
    }
    return false;
  }

  // Reads the directory open as fd into this depth's buffer.
  Result<std::size_t> read_all(int fd, std::size_t depth) {
    std::vector<char>& buffer = levels()[depth].buffer;
    if (buffer.size() < kBufferBytes) buffer.resize(kBufferBytes);
    std::size_t used = 0;
    for (;;) {
      if (buffer.size() - used < kMinReadBytes)
        buffer.resize(2 * buffer.size());
      const ssize_t n =
          ::getdents64(fd, buffer.data() + used, buffer.size() - used);
      if (n < 0) {
        if (errno == EINTR) continue;
        return detail::fs_error(errno, "scandir", node_path());
      }
      if (n == 0) return used;
      const std::size_t start = used;
      used += static_cast<std::size_t>(n);
      if (detail::getdents_reached_end(buffer.data() + start,
                                       static_cast<std::size_t>(n))) {
        return used;
      }
    }
  }

  Result<void> walk(int fd, std::size_t depth) {
    if (levels().size() <= depth) levels().resize(depth + 1);
    levels()[depth].fd = fd;
    levels()[depth].id_known = false;
    FPBENCH_ASSIGN_OR_RETURN(const std::size_t used, read_all(fd, depth));
    for (std::size_t offset = 0; offset < used;) {
      const auto* d = reinterpret_cast<const struct dirent64*>(
          levels()[depth].buffer.data() + offset);
      offset += d->d_reclen;
      const char* name = d->d_name;
      if (name[0] == '.' &&
          (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
        continue;
      ++count_;
      const unsigned char d_type =
          ignore_d_type_ ? static_cast<unsigned char>(DT_UNKNOWN) : d->d_type;
      bool descend = d_type == DT_DIR;
      // Without file types a DT_UNKNOWN entry is simply followed; with
      // them its own type comes first, as fast's lstat gives it.
      bool follow = d_type == DT_LNK || (d_type == DT_UNKNOWN && !with_types_);
      if (d_type == DT_UNKNOWN && with_types_) {
        struct stat st {};
        if (::fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
          return detail::fs_error(errno, "lstat",
                                  detail::node_join(node_path(), name));
        }
        descend = S_ISDIR(st.st_mode);
        follow = S_ISLNK(st.st_mode);
      }
      if (follow) {
        struct stat st {};
        descend = ::fstatat(fd, name, &st, 0) == 0 && S_ISDIR(st.st_mode) &&
                  !on_chain(depth, st.st_dev, st.st_ino);
      }
      if (!descend) continue;
      FPBENCH_TRY(descend_into(fd, name, depth));
    }
    return {};
  }

  Result<void> descend_into(int fd, const char* name, std::size_t depth) {
    const std::size_t length = relative_.size();
    if (!relative_.empty()) relative_ += '/';
    relative_ += name;
    int child;
    do {
      child = ::openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    } while (child < 0 && errno == EINTR);
    Result<void> r;
    if (child >= 0) {
      r = walk(child, depth + 1);
      ::close(child);
    } else {
      const int error = errno;
      struct stat st {};
      const bool node_descends =
          with_types_ ||
          (::fstatat(fd, name, &st, 0) == 0 && S_ISDIR(st.st_mode));
      if (node_descends) r = detail::fs_error(error, "scandir", node_path());
    }
    relative_.resize(length);
    return r;
  }

  const std::string& root_;
  const bool with_types_;
  const bool ignore_d_type_;
  std::size_t count_ = 0;
  std::string relative_;  // of the directory being walked; only for errors
};

}  // namespace

Result<std::size_t> readdir_recursive(const std::string& path,
                                      const ReaddirOptions& options) {
  Counter counter(path, options);
  return counter.run();
}

}  // namespace fpbench::core::floor
