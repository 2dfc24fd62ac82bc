#include "fixture_trees.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <random>
#include <utility>
#include <vector>

#include "fixtures.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::scenarios {
namespace {

constexpr std::array<const char*, 40> kWords = {
    "assert", "async",  "buffer", "child",     "cluster",  "common",   "crypto",
    "dgram",  "dns",    "esm",    "events",    "fixtures", "fs",       "http",
    "http2",  "https",  "hooks",  "inspector", "module",   "net",      "os",
    "path",   "perf",   "policy", "process",   "punycode", "readline", "repl",
    "report", "stream", "timers", "tls",       "trace",    "url",      "util",
    "v8",     "vm",     "wasi",   "worker",    "zlib"};
constexpr std::array<const char*, 6> kExtensions = {".js",  ".js",   ".js",
                                                    ".mjs", ".json", ".txt"};

Error system_error(int error, std::string_view syscall,
                   const std::string& path) {
  std::string message(syscall);
  message += " '";
  message += path;
  message += "': ";
  message += std::strerror(error);
  return {ErrorKind::kSystem, std::move(message)};
}

Result<void> make_directory(const std::string& path) {
  if (::mkdir(path.c_str(), 0755) != 0)
    return system_error(errno, "mkdir", path);
  return {};
}

// Creates an empty file at path. The first file of a directory gets an
// inode of its own; the others are hard links to it (first holds its path),
// since allocating tens of thousands of inodes costs seconds on a busy ext4,
// and a directory walk reads names, not inodes (baseline's stat() sees one
// inode per directory, which if anything flatters it).
Result<void> make_file(const std::string& path, std::string& first) {
  if (!first.empty()) {
    if (::link(first.c_str(), path.c_str()) != 0)
      return system_error(errno, "link", path);
    return {};
  }
  const int fd =
      ::open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
  if (fd < 0) return system_error(errno, "open", path);
  ::close(fd);
  first = path;
  return {};
}

std::string word(std::mt19937& rng) { return kWords[rng() % kWords.size()]; }

Result<void> make_node_tree(const std::string& root) {
  FPBENCH_TRY(make_directory(root));
  // lib: 36 directories up to three deep (lib/internal/streams/...), 300 files.
  FPBENCH_TRY(generate_tree(root + "/lib", {36, 300, 3, 20}));
  // test: 859 directories besides parallel, with 13,000 - 860 - 5,400 files.
  FPBENCH_TRY(generate_tree(root + "/test", {859, 6740, 5, 21}));
  const std::string parallel = root + "/test/parallel";
  FPBENCH_TRY(make_directory(parallel));
  std::mt19937 rng(22);
  std::string first;
  for (int i = 0; i < 5400; ++i) {
    const std::string name =
        "test-" + word(rng) + "-" + word(rng) + "-" + std::to_string(i) + ".js";
    FPBENCH_TRY(make_file(parallel + "/" + name, first));
  }
  return {};
}

Result<void> make_chain(const std::string& root, int depth,
                        int files_per_level) {
  std::string dir = root;
  for (int level = 0; level <= depth; ++level) {
    FPBENCH_TRY(make_directory(dir));
    std::string first;
    for (int i = 0; i < files_per_level; ++i) {
      FPBENCH_TRY(make_file(dir + "/file-" + std::to_string(i) + ".js", first));
    }
    dir += "/d" + std::to_string(level);
  }
  return {};
}

// Trees are deterministic, so every process of every run can share them:
// they live in a cache directory (FPBENCH_TREE_CACHE, else
// $TMPDIR/fpbench-trees-v1-UID) rather than the per-process fixture
// directory, and a sample of a readdir scenario does not pay seconds of
// tree building. Bump v1 when a shape changes.
std::string tree_cache_dir() {
  if (const char* env = std::getenv("FPBENCH_TREE_CACHE");
      env != nullptr && *env != '\0') {
    return env;
  }
  const char* tmp = std::getenv("TMPDIR");
  return std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") +
         "/fpbench-trees-v1-" + std::to_string(::getuid());
}

// Builds a tree once into the cache: in a private temporary name first,
// then renamed into place, so a concurrent or interrupted build never
// leaves a partial tree under the final name.
Result<void> build_cached(const std::string& path,
                          Result<void> (*make)(const std::string&, int, int),
                          int a, int b) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return {};
  const std::string cache = path.substr(0, path.rfind('/'));
  if (::mkdir(cache.c_str(), 0700) != 0 && errno != EEXIST) {
    return io_error("cannot create " + cache + ": " + std::strerror(errno));
  }
  const std::string building = path + ".building-" + std::to_string(::getpid());
  std::error_code ignored;
  std::filesystem::remove_all(building, ignored);
  if (auto made = make(building, a, b); !made) {
    std::filesystem::remove_all(building, ignored);
    return made;
  }
  if (::rename(building.c_str(), path.c_str()) != 0) {
    const int e = errno;
    std::filesystem::remove_all(building, ignored);
    // Another process got there first with the same tree.
    if (e != EEXIST && e != ENOTEMPTY) {
      return io_error("cannot move a tree to " + path + ": " +
                      std::strerror(e));
    }
  }
  return {};
}

// Creates each tree once per process; later calls return the first outcome.
Result<std::string> once(const std::string& key, const std::string& path,
                         Result<void> (*make)(const std::string&, int, int),
                         int a, int b) {
  static std::mutex mutex;
  static std::map<std::string, Result<void>> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = made.find(key);
  if (it == made.end())
    it = made.emplace(key, build_cached(path, make, a, b)).first;
  FPBENCH_TRY(it->second);
  return path;
}

}  // namespace

Result<void> generate_tree(const std::string& root, const TreeShape& shape) {
  std::mt19937 rng(shape.seed);
  struct Dir {
    std::string path;
    std::size_t depth;
    std::string first_file;
  };
  std::vector<Dir> dirs{{root, 0, {}}};
  std::vector<std::size_t> can_hold{0};  // directories less than max_depth deep
  FPBENCH_TRY(make_directory(root));
  for (std::size_t i = 0; i < shape.directories; ++i) {
    const Dir& parent = dirs[can_hold[rng() % can_hold.size()]];
    Dir child{parent.path + "/" + word(rng) + "-" + std::to_string(i),
              parent.depth + 1,
              {}};
    FPBENCH_TRY(make_directory(child.path));
    if (child.depth < shape.max_depth) can_hold.push_back(dirs.size());
    dirs.push_back(std::move(child));
  }
  for (std::size_t i = 0; i < shape.files; ++i) {
    Dir& dir = dirs[rng() % dirs.size()];
    const std::string name = word(rng) + "-" + std::to_string(i) +
                             kExtensions[rng() % kExtensions.size()];
    FPBENCH_TRY(make_file(dir.path + "/" + name, dir.first_file));
  }
  return {};
}

Result<std::string> node_tree(std::string_view dir) {
  if (dir != "lib" && dir != "test" && dir != "test/parallel") {
    return bad_input_error("no fixture tree '" + std::string(dir) + "'");
  }
  const std::string root = tree_cache_dir() + "/node";
  FPBENCH_TRY(once(
      "node", root,
      [](const std::string& path, int, int) { return make_node_tree(path); }, 0,
      0));
  return root + "/" + std::string(dir);
}

Result<std::string> chain_tree(int depth, int files_per_level) {
  const std::string name =
      "chain-" + std::to_string(depth) + "-" + std::to_string(files_per_level);
  return once(name, tree_cache_dir() + "/" + name, make_chain, depth,
              files_per_level);
}

}  // namespace fpbench::scenarios
