#pragma once

// What the readdir implementations share beyond the public API, and the
// seams the tests use. Private to core and its tests.

#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/readdir.hpp"

namespace fpbench::core {

// Seams for tests; not for production use.
namespace test_hooks {
// While set, fast and floor treat every d_type as DT_UNKNOWN, as on file
// systems that never fill it in, and so stat() every entry.
void set_ignore_d_type(bool ignore);
[[nodiscard]] bool ignore_d_type();
// The stat calls fast has made, process-wide.
[[nodiscard]] std::size_t stat_calls();
}  // namespace test_hooks

namespace detail {
// Node's path.posix.normalize: "." and empty components dropped, ".."
// resolved lexically, no trailing slash; "." for an empty result.
std::string node_normalize(std::string_view path);
// Node's path.posix.join(parent, name) for one name without a slash.
std::string node_join(std::string_view parent, std::string_view name);
// The prefix fast puts before a relative path to make Node's
// path.join(root, relative): "" for ".", "/" for "/", else normalised + "/".
std::string node_join_prefix(std::string_view root);
// Whether a getdents64(2) read that returned these records reached the end
// of the directory: its last record's d_off is INT64_MAX, ext4's end
// marker (no file position lies past it). Saves the second getdents64 that
// would return 0; other file systems simply read until 0.
bool getdents_reached_end(const char* records, std::size_t length);
// The type a dirent's d_type (DT_REG, ...) or a stat's st_mode names.
DirentType type_from_d_type(unsigned char d_type);
DirentType type_from_mode(mode_t mode);

// The walk of Node's JavaScript, one directory listing at a time, shared by
// baseline's sync and libuv modes: the caller lists next_directory() and
// hands the sorted entries to add_listing().
class BaselineWalk {
 public:
  struct Entry {
    std::string name;
    DirentType type;  // from d_type; kUnknown when the file system did not say
  };

  BaselineWalk(std::string root, ReaddirOptions options);

  // The path of the next directory to list, or nullptr when the walk is done.
  [[nodiscard]] const std::string* next_directory() const;
  // The listing of next_directory(), sorted by strcmp, "." and ".." dropped.
  Result<void> add_listing(std::vector<Entry> entries);
  [[nodiscard]] ReaddirResult take_result() &&;

 private:
  struct Queued {
    std::string path;
    std::size_t parent;  // index in queue_; the root is its own parent
    dev_t dev;
    ino_t ino;
    bool looked_up;  // stat() has been tried; directories queued without one
                     // are looked up only when a link needs the cycle check
    bool known;      // dev and ino are set
  };
  [[nodiscard]] bool on_chain(std::size_t parent, dev_t dev, ino_t ino);
  void queue_if_directory(std::string path, std::size_t parent);

  std::string root_;
  ReaddirOptions options_;
  std::vector<Queued> queue_;
  std::size_t next_ = 0;
  std::vector<std::string> names_;
  std::vector<Dirent> dirents_;
};
}  // namespace detail

}  // namespace fpbench::core
