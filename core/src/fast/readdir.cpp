// Recursive readdir in one breadth-first walk: each directory is opened with
// openat(2) relative to its parent's descriptor (kept open until the
// parent's last subdirectory is opened), read with getdents64(2) into one
// large per-thread buffer (one call per directory on ext4, whose end marker
// makes the final empty read unnecessary), indexed and sorted by 16-byte
// integer keys, and emitted straight into the result vector; paths are built
// in one growing buffer. d_type is trusted: only symbolic links and
// DT_UNKNOWN entries cost a stat (with withFileTypes, an lstat for the type
// of a DT_UNKNOWN entry and a stat for each link, to follow it).

#include "fpbench/core/readdir.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "fpbench/base/try.hpp"
#include "fs_common.hpp"
#include "readdir_detail.hpp"

namespace fpbench::core {

namespace test_hooks {
namespace {
std::atomic<bool> ignore_d_type_flag{false};
std::atomic<std::size_t> stat_call_count{0};
}  // namespace

void set_ignore_d_type(bool ignore) {
  ignore_d_type_flag.store(ignore, std::memory_order_relaxed);
}
bool ignore_d_type() {
  return ignore_d_type_flag.load(std::memory_order_relaxed);
}
std::size_t stat_calls() {
  return stat_call_count.load(std::memory_order_relaxed);
}
}  // namespace test_hooks

namespace detail {

bool getdents_reached_end(const char* records, std::size_t length) {
  // The position ext4 gives the last entry of a directory: no file
  // position lies past it, so there is nothing more to read.
  constexpr off64_t kEndOfDirectory = INT64_MAX;
  if (length == 0) return false;
  std::size_t last = 0;
  for (std::size_t offset = 0; offset < length;) {
    last = offset;
    offset +=
        reinterpret_cast<const struct dirent64*>(records + offset)->d_reclen;
  }
  return reinterpret_cast<const struct dirent64*>(records + last)->d_off ==
         kEndOfDirectory;
}

}  // namespace detail

namespace fast {
namespace {

constexpr std::size_t kInitialBufferBytes = std::size_t{256} << 10;
// getdents64 fails with EINVAL when not even one record fits in what is
// left; this keeps room for many.
constexpr std::size_t kMinReadBytes = std::size_t{32} << 10;
// Descriptors of listed directories kept open for their subdirectories'
// openat; past this many, subdirectories are opened from the root instead.
constexpr std::size_t kMaxKeptDescriptors = 128;
// Bytes past the buffer's capacity that a 16-byte key load may touch.
constexpr std::size_t kBufferSlack = 16;
// ext4's position after the last entry (EXT4_HTREE_EOF_64BIT).
constexpr off64_t kEndOfDirectory = INT64_MAX;
// Directories with at least this many entries are radix sorted.
constexpr std::size_t kRadixSortMin = 256;
// A walk reserves room for as many entries as the thread's last walk
// listed, up to this many: one allocation instead of a growing vector's
// copies, and none of the large requests that make malloc consolidate the
// small chunks the last result freed.
constexpr std::size_t kMaxReservedEntries = std::size_t{1} << 16;

std::size_t& last_walk_entries() {
  thread_local std::size_t n = 0;
  return n;
}

// A name to sort: its first 16 bytes as two big-endian integers (zero
// padded), so most comparisons are two integer compares instead of strcmp.
struct SortKey {
  std::uint64_t key_high;
  std::uint64_t key_low;
  std::uint32_t
      name_offset;  // into the buffer; the name is NUL-terminated there
  std::uint32_t name_length;
  unsigned char d_type;
};

// Reads 16 bytes at name, which may run past the name's record: the buffer
// has kBufferSlack bytes beyond its capacity for that.
SortKey make_entry(const char* base, const char* name, std::size_t length,
                   unsigned char d_type) {
  std::uint64_t high;
  std::uint64_t low;
  std::memcpy(&high, name, 8);
  std::memcpy(&low, name + 8, 8);
  high = __builtin_bswap64(high);
  low = __builtin_bswap64(low);
  if (length < 8) {
    high &= ~std::uint64_t{0} << (8 * (8 - length));
    low = 0;
  } else if (length < 16) {
    low = length == 8 ? 0 : low & ~std::uint64_t{0} << (8 * (16 - length));
  }
  return {high, low, static_cast<std::uint32_t>(name - base),
          static_cast<std::uint32_t>(length), d_type};
}

// strcmp order. Equal keys mean equal first 16 bytes with no NUL among
// them (two names of one directory differ), so the rest decides.
bool name_less(const char* base, const SortKey& a, const SortKey& b) {
  if (a.key_high != b.key_high) return a.key_high < b.key_high;
  if (a.key_low != b.key_low) return a.key_low < b.key_low;
  return std::strcmp(base + a.name_offset + 16, base + b.name_offset + 16) < 0;
}

// The getdents64 buffer and the entry index of one directory, reused by
// every walk on this thread.
struct DirScratch {
  std::unique_ptr<char[]> buffer;
  std::size_t capacity = 0;
  std::vector<SortKey> entries;
  std::vector<SortKey> sorted;  // radix sort's second array
};

DirScratch& dir_scratch() {
  thread_local DirScratch s;
  return s;
}

int stat_at(int dir_fd, const char* name, struct stat* st, int flags) {
  test_hooks::stat_call_count.fetch_add(1, std::memory_order_relaxed);
  return ::fstatat(dir_fd, name, st, flags);
}

// Reads every record of the open directory into s.buffer and indexes them
// in s.entries, "." and ".." left out; 0 or an errno. Stops without the
// final empty getdents64 when a record carries ext4's end marker.
int read_directory(int fd, DirScratch& s) {
  s.entries.clear();
  std::size_t used = 0;
  for (;;) {
    if (s.capacity - used < kMinReadBytes) {
      const std::size_t capacity =
          std::max(kInitialBufferBytes, 2 * s.capacity);
      auto grown =
          std::make_unique_for_overwrite<char[]>(capacity + kBufferSlack);
      if (used > 0) std::memcpy(grown.get(), s.buffer.get(), used);
      std::memset(grown.get() + capacity, 0, kBufferSlack);
      s.buffer = std::move(grown);
      s.capacity = capacity;
    }
    const ssize_t n =
        ::getdents64(fd, s.buffer.get() + used, s.capacity - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (n == 0) return 0;
    const char* base = s.buffer.get();
    const std::size_t end = used + static_cast<std::size_t>(n);
    off64_t last_position = 0;
    while (used < end) {
      const auto* d = reinterpret_cast<const struct dirent64*>(base + used);
      used += d->d_reclen;
      last_position = d->d_off;
      const char* name = d->d_name;
      if (name[0] == '.' &&
          (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
        continue;
      s.entries.push_back(make_entry(base, name, std::strlen(name), d->d_type));
    }
    if (last_position == kEndOfDirectory) return 0;
  }
}

unsigned key_byte(const SortKey& e, int position) {
  return static_cast<unsigned>(position < 8
                                   ? e.key_high >> (8 * (7 - position))
                                   : e.key_low >> (8 * (15 - position))) &
         0xffu;
}

// Sorts large directories: a least-significant-byte-first radix sort over
// the 16-byte keys (skipping byte positions where every name agrees, such
// as a shared "test-" prefix), then strcmp among names whose keys tie.
void radix_sort(const char* base, std::vector<SortKey>& entries,
                std::vector<SortKey>& sorted) {
  const std::size_t n = entries.size();
  std::uint32_t counts[16][256] = {};
  for (const SortKey& e : entries) {
    for (int position = 0; position < 16; ++position)
      ++counts[position][key_byte(e, position)];
  }
  sorted.resize(n);
  for (int position = 15; position >= 0; --position) {
    std::uint32_t* count = counts[position];
    if (count[key_byte(entries[0], position)] == n) continue;
    std::uint32_t total = 0;
    for (int b = 0; b < 256; ++b) {
      const std::uint32_t c = count[b];
      count[b] = total;
      total += c;
    }
    for (const SortKey& e : entries) sorted[count[key_byte(e, position)]++] = e;
    entries.swap(sorted);
  }
  const auto less = [base](const SortKey& a, const SortKey& b) {
    return name_less(base, a, b);
  };
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && entries[j].key_high == entries[i].key_high &&
           entries[j].key_low == entries[i].key_low) {
      ++j;
    }
    if (j - i > 1)
      std::sort(entries.begin() + static_cast<std::ptrdiff_t>(i),
                entries.begin() + static_cast<std::ptrdiff_t>(j), less);
    i = j;
  }
}

// Sorts the entries by strcmp, as scandir sorts.
void sort_entries(DirScratch& s) {
  const char* base = s.buffer.get();
  if (s.entries.size() >= kRadixSortMin) {
    radix_sort(base, s.entries, s.sorted);
  } else {
    std::sort(s.entries.begin(), s.entries.end(),
              [base](const SortKey& a, const SortKey& b) {
                return name_less(base, a, b);
              });
  }
}

class Walker {
 public:
  Walker(const std::string& root, const ReaddirOptions& options)
      : root_(root),
        with_types_(options.with_file_types),
        ignore_d_type_(test_hooks::ignore_d_type()) {}
  Walker(const Walker&) = delete;
  Walker& operator=(const Walker&) = delete;
  ~Walker();

  Result<ReaddirResult> run();

 private:
  // A directory to list. Its path relative to the root is stored, with a
  // NUL after it, in relative_paths_; its name is the tail of that path.
  struct Dir {
    std::size_t parent;
    std::size_t path_offset;
    std::size_t path_length;
    std::size_t name_length;
    int fd = -1;  // while kept open for its subdirectories
    bool id_known = false;
    bool id_valid = false;
    dev_t dev = 0;
    ino_t ino = 0;
  };

  [[nodiscard]] const char* relative_path(std::size_t i) const {
    return relative_paths_.c_str() + dirs_[i].path_offset;
  }
  [[nodiscard]] std::string node_path(std::size_t i) const {
    return i == 0 ? root_ : prefix_ + relative_path(i);
  }
  int open_child(std::size_t i) const;
  [[nodiscard]] bool stat_says_directory(std::size_t i) const;
  void release(std::size_t i);
  Result<void> list(std::size_t i, int fd);
  bool on_chain(std::size_t i, int fd, dev_t dev, ino_t ino);
  void enqueue(std::size_t parent, std::size_t name_length,
               const struct stat* st);
  void follow(std::size_t i, int fd, const char* name, std::size_t name_length);

  const std::string& root_;
  const bool with_types_;
  const bool ignore_d_type_;
  std::string
      prefix_;  // Node's path.join(root, relative) is prefix_ + relative
  int root_fd_ = -1;
  std::size_t kept_ = 0;
  std::vector<Dir> dirs_;
  std::string relative_paths_;
  std::string path_;         // relative path of the entry at hand
  std::string parent_path_;  // Dirent.parent_path of the directory at hand
  std::vector<std::string> names_;
  std::vector<Dirent> dirents_;
};

Walker::~Walker() {
  for (std::size_t i = 1; i < dirs_.size(); ++i) {
    if (dirs_[i].fd >= 0) ::close(dirs_[i].fd);
  }
  if (root_fd_ >= 0) ::close(root_fd_);
}

int Walker::open_child(std::size_t i) const {
  const Dir& d = dirs_[i];
  const int parent_fd = dirs_[d.parent].fd;
  int fd;
  do {
    fd = parent_fd >= 0
             ? ::openat(parent_fd,
                        relative_path(i) + d.path_length - d.name_length,
                        O_RDONLY | O_DIRECTORY | O_CLOEXEC)
             : ::openat(root_fd_, relative_path(i),
                        O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

// Whether Node's stat() would have sent the walk into directory i: fast
// skipped that stat for DT_DIR entries and makes it only when opening fails.
bool Walker::stat_says_directory(std::size_t i) const {
  struct stat st {};
  return stat_at(root_fd_, relative_path(i), &st, 0) == 0 &&
         S_ISDIR(st.st_mode);
}

void Walker::release(std::size_t i) {
  if (i != 0 && dirs_[i].fd >= 0) {
    ::close(dirs_[i].fd);
    dirs_[i].fd = -1;
    --kept_;
  }
}

// Whether (dev, ino) is directory i (open as fd) or one of its ancestors.
// Identities of directories reached without a stat are looked up lazily.
bool Walker::on_chain(std::size_t i, int fd, dev_t dev, ino_t ino) {
  for (std::size_t j = i;; j = dirs_[j].parent) {
    Dir& d = dirs_[j];
    if (!d.id_known) {
      struct stat st {};
      const int rc = j == i      ? ::fstat(fd, &st)
                     : d.fd >= 0 ? ::fstat(d.fd, &st)
                                 : stat_at(root_fd_, relative_path(j), &st, 0);
      d.id_known = true;
      d.id_valid = rc == 0;
      d.dev = st.st_dev;
      d.ino = st.st_ino;
    }
    if (d.id_valid && d.dev == dev && d.ino == ino) return true;
    if (j == 0) return false;
  }
}

void Walker::enqueue(std::size_t parent, std::size_t name_length,
                     const struct stat* st) {
  Dir d{parent, relative_paths_.size(), path_.size(), name_length};
  if (st != nullptr) {
    d.id_known = d.id_valid = true;
    d.dev = st->st_dev;
    d.ino = st->st_ino;
  }
  relative_paths_.append(path_);
  relative_paths_.push_back('\0');
  dirs_.push_back(d);
}

// Queues the entry whose relative path is in path_ when stat() says it
// leads to a directory that is not directory i (open as fd) or an ancestor.
void Walker::follow(std::size_t i, int fd, const char* name,
                    std::size_t name_length) {
  struct stat st {};
  if (stat_at(fd, name, &st, 0) == 0 && S_ISDIR(st.st_mode) &&
      !on_chain(i, fd, st.st_dev, st.st_ino)) {
    enqueue(i, name_length, &st);
  }
}

Result<void> Walker::list(std::size_t i, int fd) {
  DirScratch& s = dir_scratch();
  if (const int error = read_directory(fd, s); error != 0) {
    return detail::fs_error(error, "scandir", node_path(i));
  }
  sort_entries(s);
  const char* base = s.buffer.get();

  path_.clear();
  if (i != 0)
    path_.append(relative_path(i), dirs_[i].path_length).push_back('/');
  const std::size_t dir_length = path_.size();
  if (with_types_) {
    if (i == 0) {
      parent_path_.assign(root_);
    } else {
      parent_path_.assign(prefix_).append(relative_path(i),
                                          dirs_[i].path_length);
    }
  }

  for (const SortKey& e : s.entries) {
    const char* name = base + e.name_offset;
    const unsigned char d_type =
        ignore_d_type_ ? static_cast<unsigned char>(DT_UNKNOWN) : e.d_type;
    if (!with_types_) {
      path_.resize(dir_length);
      path_.append(name, e.name_length);
      names_.push_back(path_);
      if (d_type == DT_DIR) {
        enqueue(i, e.name_length, nullptr);
      } else if (d_type == DT_LNK || d_type == DT_UNKNOWN) {
        follow(i, fd, name, e.name_length);
      }
      continue;
    }
    DirentType type = detail::type_from_d_type(d_type);
    if (type == DirentType::kUnknown) {
      struct stat st {};
      if (stat_at(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
        return detail::fs_error(
            errno, "lstat",
            detail::node_join(parent_path_, {name, e.name_length}));
      }
      type = detail::type_from_mode(st.st_mode);
    }
    Dirent& dirent = dirents_.emplace_back();
    dirent.name.assign(name, e.name_length);
    dirent.parent_path = parent_path_;
    dirent.type = type;
    if (type != DirentType::kDirectory && type != DirentType::kSymlink)
      continue;
    path_.resize(dir_length);
    path_.append(name, e.name_length);
    if (type == DirentType::kDirectory) {
      enqueue(i, e.name_length, nullptr);
    } else {
      follow(i, fd, name, e.name_length);
    }
  }
  return {};
}

Result<ReaddirResult> Walker::run() {
  do {
    root_fd_ = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  } while (root_fd_ < 0 && errno == EINTR);
  if (root_fd_ < 0) return detail::fs_error(errno, "scandir", root_);
  prefix_ = detail::node_join_prefix(root_);
  const std::size_t expected =
      std::min(last_walk_entries(), kMaxReservedEntries);
  if (with_types_) {
    dirents_.reserve(expected);
  } else {
    names_.reserve(expected);
  }
  dirs_.push_back(Dir{0, 0, 0, 0, root_fd_});
  relative_paths_.push_back('\0');

  std::size_t current_parent = 0;
  for (std::size_t i = 0; i < dirs_.size(); ++i) {
    int fd = root_fd_;
    if (i != 0) {
      // Children of one parent are queued together, so a parent whose
      // children have all been opened is never needed again.
      if (dirs_[i].parent != current_parent) {
        release(current_parent);
        current_parent = dirs_[i].parent;
      }
      fd = open_child(i);
      if (fd < 0) {
        const int error = errno;
        // Without file types Node descends only where stat() succeeds.
        if (!with_types_ && !stat_says_directory(i)) continue;
        return detail::fs_error(error, "scandir", node_path(i));
      }
    }
    const std::size_t queued = dirs_.size();
    const Result<void> listed = list(i, fd);
    if (i == 0) {
      FPBENCH_TRY(listed);
      continue;
    }
    if (listed && dirs_.size() > queued && kept_ < kMaxKeptDescriptors) {
      dirs_[i].fd = fd;
      ++kept_;
    } else {
      ::close(fd);
    }
    FPBENCH_TRY(listed);
  }
  last_walk_entries() = with_types_ ? dirents_.size() : names_.size();
  if (with_types_) return ReaddirResult(std::move(dirents_));
  return ReaddirResult(std::move(names_));
}

}  // namespace

Result<ReaddirResult> readdir_recursive(const std::string& path,
                                        const ReaddirOptions& options) {
  Walker walker(path, options);
  return walker.run();
}

}  // namespace fast
}  // namespace fpbench::core
