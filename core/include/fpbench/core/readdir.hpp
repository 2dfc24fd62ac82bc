#pragma once

// Node's fs.readdirSync(path, {recursive: true}) and its callback and promise
// forms, in three implementations:
//
//   baseline  the walk Node's JavaScript takes: a queue of directories, each
//             listed whole by scandir(3) as libuv calls it (opendir, readdir,
//             qsort by strcmp), every entry joined into a path string and
//             stat()ed to decide whether to descend (with withFileTypes,
//             only the symbolic links: d_type settles the rest). Its libuv
//             modes queue one thread-pool uv_fs_scandir per directory from
//             the loop, one after another.
//   fast      one walk with openat(2) relative to the parent's descriptor and
//             getdents64(2) into one large reused buffer, names sorted by
//             16-byte integer keys (radix sort for large directories); d_type
//             is trusted, and only symbolic links and DT_UNKNOWN entries are
//             stat()ed. Its libuv modes run the whole walk as one thread-pool
//             job.
//   floor     the same getdents64 walk, counting entries without sorting or
//             building a single string: the bound fast can approach.
//
// Semantics, checked against Node v20.20 except where noted (see
// core/tests/readdir_test.cpp):
//
// - Order: breadth-first. The root's entries come first, sorted byte-wise
//   (strcmp, as libuv's scandir sorts), then the entries of each directory
//   found, in the order they were found. "." and ".." are never listed.
//   Node's fs.promises.readdir pops its queue instead and so lists
//   directories in another order; every mode here gives the sync order.
// - Names (with_file_types = false) are relative to the root, joined with
//   "/" ("a/b/c.js"), raw bytes as the file system returned them.
// - Descent follows symbolic links in both modes. Without with_file_types
//   an entry is descended into when stat() (which follows links) says it
//   is a directory, as Node's internalModuleStat does; an entry stat()
//   cannot reach (dangling link, link loop, no search permission) is
//   listed, not descended. With with_file_types an entry is descended into
//   when its own type is directory (no stat: one that cannot be listed
//   fails the call) or when it is a symbolic link that stat() says leads
//   to a directory; a link stat() cannot follow is listed, not descended.
// - That with_file_types rule is Node's after nodejs/node#52663 (fixed by
//   nodejs/node#55714): a link to a directory keeps type symlink, and the
//   entries beneath it are listed with parent_path through the link
//   ("root/link/sub"), just as the names give "link/sub". Node v20 itself,
//   which the tests run, does not descend there: it tests only
//   dirent.isDirectory(), so it lists the link but not its contents; later
//   Node versions descend. Only the entries beneath directory links
//   differ, and the tests check those against Node's names listing.
// - Cycles: a directory reached through a symbolic link is not descended
//   into when it is, by (st_dev, st_ino), the root or a directory on the
//   chain from the root down to the link (a link to "." or to an ancestor).
//   It is still listed. The rule is the same in both modes. Node has no
//   such rule: for a link self -> "." it lists self/self/... 40 levels
//   deep, until stat() fails with ELOOP, and with two such links the list
//   grows as 2^40. Everything else, including links that reach the same
//   directory by two routes, is listed as Node lists it. A real
//   subdirectory cannot be its own ancestor, so only links (and entries of
//   unknown type) are checked; a bind mount of an ancestor is not detected.
// - Dirent.parent_path is the path as given for the root's entries and
//   Node's path.join(parent, name) (normalised: "./a//b/" -> "a/b") below.
//   Types come from d_type, or lstat() when the file system says
//   DT_UNKNOWN.
// - Errors have Node's shape and no partial result is returned: a
//   directory that cannot be listed fails the whole call with, for
//   example, "EACCES: permission denied, scandir '/tmp/t/secret'", the
//   path being the root as given or path.join(root, relative path).

#include <cstddef>
#include <functional>
#include <future>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fpbench/core/fs_error.hpp"

// libuv's loop, declared as uv.h declares it, so that this header does not
// bring all of libuv to its users.
typedef struct uv_loop_s uv_loop_t;

namespace fpbench::core {

enum class DirentType {
  kFile,
  kDirectory,
  kSymlink,
  kFifo,
  kSocket,
  kBlockDevice,
  kCharacterDevice,
  kUnknown,
};

// "file", "directory", "symlink", "fifo", "socket", "block_device",
// "character_device" or "unknown".
std::string_view dirent_type_name(DirentType type);

struct Dirent {
  std::string name;
  std::string parent_path;
  DirentType type = DirentType::kUnknown;

  bool operator==(const Dirent&) const = default;
};

struct ReaddirOptions {
  bool with_file_types = false;
};

// Names relative to the root without with_file_types, Dirents with it.
using ReaddirResult =
    std::variant<std::vector<std::string>, std::vector<Dirent>>;

// How the libuv forms deliver their result: to a callback called on the
// loop's thread, or through a future the loop fills (run the loop, then
// get()).
enum class AsyncMode { kCallback, kPromise };

using ReaddirCallback = std::function<void(Result<ReaddirResult>)>;

namespace baseline {
[[nodiscard]] Result<ReaddirResult> readdir_recursive(
    const std::string& path, const ReaddirOptions& options = {});
// kCallback: callback gets the result on the loop thread; the returned
// future is not valid(). kPromise: callback is ignored and the returned
// future becomes ready on the loop thread. Either way the walk makes
// progress only while the loop runs; path and options are copied.
std::future<Result<ReaddirResult>> readdir_recursive_async(
    uv_loop_t* loop, const std::string& path, const ReaddirOptions& options,
    AsyncMode mode, ReaddirCallback callback = {});
}  // namespace baseline

namespace fast {
[[nodiscard]] Result<ReaddirResult> readdir_recursive(
    const std::string& path, const ReaddirOptions& options = {});
std::future<Result<ReaddirResult>> readdir_recursive_async(
    uv_loop_t* loop, const std::string& path, const ReaddirOptions& options,
    AsyncMode mode, ReaddirCallback callback = {});
}  // namespace fast

namespace floor {
// The number of entries fast would return, from the same walk.
[[nodiscard]] Result<std::size_t> readdir_recursive(
    const std::string& path, const ReaddirOptions& options = {});
}  // namespace floor

}  // namespace fpbench::core
