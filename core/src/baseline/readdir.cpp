// Recursive readdir as Node's JavaScript walks it: a queue of directory
// paths; each directory listed whole and sorted (scandir); every entry joined
// into a fresh path string, made relative to the root again and stat()ed to
// decide whether to descend (with withFileTypes only the symbolic links are,
// as Node's JavaScript does after nodejs/node#55714). Kept obviously correct
// and never optimised: it is the reference fast is tested against.

#include "fpbench/core/readdir.hpp"

#include <dirent.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fs_common.hpp"
#include "readdir_detail.hpp"

namespace fpbench::core {

std::string_view dirent_type_name(DirentType type) {
  switch (type) {
    case DirentType::kFile:
      return "file";
    case DirentType::kDirectory:
      return "directory";
    case DirentType::kSymlink:
      return "symlink";
    case DirentType::kFifo:
      return "fifo";
    case DirentType::kSocket:
      return "socket";
    case DirentType::kBlockDevice:
      return "block_device";
    case DirentType::kCharacterDevice:
      return "character_device";
    case DirentType::kUnknown:
      return "unknown";
  }
  return "unknown";
}

namespace {

// Node's path.relative(from, to) for a `to` that lies below `from`, as it
// always does here; lexical, like Node's.
std::string node_relative(std::string_view from, std::string_view to) {
  const std::string base = detail::node_normalize(from);
  const std::string target = detail::node_normalize(to);
  if (base == ".") return target;
  if (base == "/") return target.substr(1);
  if (target.size() > base.size() &&
      target.compare(0, base.size(), base) == 0 && target[base.size()] == '/') {
    return target.substr(base.size() + 1);
  }
  return target;
}

// libuv's uv__fs_scandir_filter and uv__fs_scandir_sort.
int not_dot_or_dot_dot(const struct dirent* ent) {
  return std::strcmp(ent->d_name, ".") != 0 &&
         std::strcmp(ent->d_name, "..") != 0;
}
int by_strcmp(const struct dirent** a, const struct dirent** b) {
  return std::strcmp((*a)->d_name, (*b)->d_name);
}

// scandir(3) exactly as libuv's uv_fs_scandir calls it (opendir, readdir
// copying each entry, qsort by strcmp), each name then copied out as Node
// copies it into a JavaScript string, and the entries freed.
Result<std::vector<detail::BaselineWalk::Entry>> scan_directory(
    const std::string& path) {
  struct dirent** list = nullptr;
  const int n = ::scandir(path.c_str(), &list, not_dot_or_dot_dot, by_strcmp);
  if (n < 0) return detail::fs_error(errno, "scandir", path);
  std::vector<detail::BaselineWalk::Entry> entries;
  entries.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    entries.push_back(
        {list[i]->d_name, detail::type_from_d_type(list[i]->d_type)});
    std::free(list[i]);
  }
  std::free(list);
  return entries;
}

}  // namespace

namespace detail {

DirentType type_from_d_type(unsigned char d_type) {
  switch (d_type) {
    case DT_REG:
      return DirentType::kFile;
    case DT_DIR:
      return DirentType::kDirectory;
    case DT_LNK:
      return DirentType::kSymlink;
    case DT_FIFO:
      return DirentType::kFifo;
    case DT_SOCK:
      return DirentType::kSocket;
    case DT_BLK:
      return DirentType::kBlockDevice;
    case DT_CHR:
      return DirentType::kCharacterDevice;
    default:
      return DirentType::kUnknown;
  }
}

DirentType type_from_mode(mode_t mode) {
  if (S_ISREG(mode)) return DirentType::kFile;
  if (S_ISDIR(mode)) return DirentType::kDirectory;
  if (S_ISLNK(mode)) return DirentType::kSymlink;
  if (S_ISFIFO(mode)) return DirentType::kFifo;
  if (S_ISSOCK(mode)) return DirentType::kSocket;
  if (S_ISBLK(mode)) return DirentType::kBlockDevice;
  if (S_ISCHR(mode)) return DirentType::kCharacterDevice;
  return DirentType::kUnknown;
}

std::string node_normalize(std::string_view path) {
  if (path.empty()) return ".";
  const bool absolute = path.front() == '/';
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    const std::string_view part = path.substr(start, end - start);
    if (part.empty() || part == ".") {
      // dropped
    } else if (part == "..") {
      if (!parts.empty() && parts.back() != "..") {
        parts.pop_back();
      } else if (!absolute) {
        parts.push_back(part);
      }
    } else {
      parts.push_back(part);
    }
    start = end + 1;
  }
  if (parts.empty()) return std::string(absolute ? "/" : ".");
  std::string out;
  for (const std::string_view part : parts) {
    if (absolute || !out.empty()) out += '/';
    out += part;
  }
  return out;
}

std::string node_join(std::string_view parent, std::string_view name) {
  std::string joined(parent);
  joined += '/';
  joined += name;
  return node_normalize(joined);
}

std::string node_join_prefix(std::string_view root) {
  std::string prefix = node_normalize(root);
  if (prefix == ".") return "";
  if (prefix != "/") prefix += '/';
  return prefix;
}

BaselineWalk::BaselineWalk(std::string root, ReaddirOptions options)
    : root_(std::move(root)), options_(options) {
  queue_.push_back({root_, 0, 0, 0, false, false});
}

const std::string* BaselineWalk::next_directory() const {
  return next_ < queue_.size() ? &queue_[next_].path : nullptr;
}

bool BaselineWalk::on_chain(std::size_t parent, dev_t dev, ino_t ino) {
  for (std::size_t i = parent;; i = queue_[i].parent) {
    Queued& q = queue_[i];
    if (!q.looked_up) {
      struct stat st {};
      q.looked_up = true;
      q.known = ::stat(q.path.c_str(), &st) == 0;
      q.dev = st.st_dev;
      q.ino = st.st_ino;
    }
    if (q.known && q.dev == dev && q.ino == ino) return true;
    if (i == 0) return false;
  }
}

// Queues path when stat() says it leads to a directory that is not the
// root or an ancestor of the directory at index parent.
void BaselineWalk::queue_if_directory(std::string path, std::size_t parent) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode) &&
      !on_chain(parent, st.st_dev, st.st_ino)) {
    queue_.push_back(
        {std::move(path), parent, st.st_dev, st.st_ino, true, true});
  }
}

Result<void> BaselineWalk::add_listing(std::vector<Entry> entries) {
  const std::size_t index = next_++;
  const std::string dir = queue_[index].path;
  for (Entry& e : entries) {
    if (!options_.with_file_types) {
      std::string result_path = node_join(dir, e.name);
      names_.push_back(node_relative(root_, result_path));
      queue_if_directory(std::move(result_path), index);
      continue;
    }
    DirentType type = e.type;
    if (type == DirentType::kUnknown) {
      const std::string full = node_join(dir, e.name);
      struct stat st {};
      if (::lstat(full.c_str(), &st) != 0)
        return fs_error(errno, "lstat", full);
      type = type_from_mode(st.st_mode);
    }
    dirents_.push_back({e.name, dir, type});
    if (type == DirentType::kDirectory) {
      queue_.push_back({node_join(dir, e.name), index, 0, 0, false, false});
    } else if (type == DirentType::kSymlink) {
      queue_if_directory(node_join(dir, e.name), index);
    }
  }
  return {};
}

ReaddirResult BaselineWalk::take_result() && {
  if (options_.with_file_types) return std::move(dirents_);
  return std::move(names_);
}

}  // namespace detail

namespace baseline {

Result<ReaddirResult> readdir_recursive(const std::string& path,
                                        const ReaddirOptions& options) {
  detail::BaselineWalk walk(path, options);
  while (const std::string* dir = walk.next_directory()) {
    FPBENCH_ASSIGN_OR_RETURN(auto listing, scan_directory(*dir));
    FPBENCH_TRY(walk.add_listing(std::move(listing)));
  }
  return std::move(walk).take_result();
}

}  // namespace baseline
}  // namespace fpbench::core
