// Recursive readdir: every implementation and every mode (sync, callback,
// promise; fast also with every d_type hidden) must give the same list, in
// Node's order, with Node's names, types, parent paths and errors; Node
// itself is the oracle where `node` is on PATH. With file types, links to
// directories are followed as Node does after nodejs/node#55714, which the
// installed Node v20 does not: see expect_matches_node.

#include "test_support.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/readdir.hpp"
#include "readdir_detail.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <uv.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fpbench::core {
namespace {

using testing_support::exit_code_as_nobody;
using testing_support::open_fd_count;

namespace fs = std::filesystem;

// A result flattened for comparison: one line per entry, or the error.
struct Outcome {
  std::vector<std::string> lines;
  std::string error;  // the message; empty on success
  bool operator==(const Outcome&) const = default;
};

std::string describe(const Dirent& d) {
  return d.name + " | " + d.parent_path + " | " + std::string(dirent_type_name(d.type));
}

Outcome flatten(const Result<ReaddirResult>& r) {
  Outcome out;
  if (!r) {
    out.error = r.error().message;
    return out;
  }
  if (const auto* names = std::get_if<std::vector<std::string>>(&*r)) {
    out.lines = *names;
  } else {
    for (const Dirent& d : std::get<std::vector<Dirent>>(*r)) out.lines.push_back(describe(d));
  }
  return out;
}

// Each Dirent's path as the names give it: path.join(parent_path, name)
// made relative to start.
std::vector<std::string> relative_paths(const std::vector<Dirent>& dirents,
                                        const std::string& start) {
  const std::string prefix = detail::node_join_prefix(start);
  std::vector<std::string> out;
  for (const Dirent& d : dirents) {
    const std::string p = detail::node_join(d.parent_path, d.name);
    out.push_back(p.compare(0, prefix.size(), prefix) == 0 ? p.substr(prefix.size()) : p);
  }
  return out;
}

std::vector<std::string> relative_paths(const Result<ReaddirResult>& r, const std::string& start) {
  if (!r) return {"error " + r.error().message};
  return relative_paths(std::get<std::vector<Dirent>>(*r), start);
}

using AsyncFn = decltype(Operations::readdir_recursive_async);

Result<ReaddirResult> run_async(AsyncFn fn, const std::string& root, const ReaddirOptions& options,
                                AsyncMode mode) {
  uv_loop_t loop;
  FPBENCH_CHECK(uv_loop_init(&loop) == 0);
  std::optional<Result<ReaddirResult>> got;
  auto future = fn(&loop, root, options, mode,
                   [&got](Result<ReaddirResult> r) { got.emplace(std::move(r)); });
  uv_run(&loop, UV_RUN_DEFAULT);
  FPBENCH_CHECK(uv_loop_close(&loop) == 0);
  if (mode == AsyncMode::kPromise) {
    FPBENCH_CHECK(!got.has_value());
    return future.get();
  }
  FPBENCH_CHECK(!future.valid());
  return std::move(*got);
}

class IgnoreDType {
 public:
  IgnoreDType() { test_hooks::set_ignore_d_type(true); }
  ~IgnoreDType() { test_hooks::set_ignore_d_type(false); }
  IgnoreDType(const IgnoreDType&) = delete;
  IgnoreDType& operator=(const IgnoreDType&) = delete;
};

struct Way {
  std::string name;
  std::function<Result<ReaddirResult>(const std::string&, const ReaddirOptions&)> run;
};

// Every row of the operations table that lists (not the floor, which
// counts), sync, callback and promise; fast also with every d_type hidden.
const std::vector<Way>& all_ways() {
  static const std::vector<Way> ways = [] {
    std::vector<Way> out;
    for (const Operations& ops : all_operations()) {
      if (ops.readdir_recursive == nullptr) continue;
      const std::string name(ops.name);
      out.push_back({name + " sync", ops.readdir_recursive});
      if (ops.implementation == Implementation::kFast) {
        out.push_back({name + " sync, d_type unknown", [&ops](auto& p, auto& o) {
                         IgnoreDType unknown;
                         return ops.readdir_recursive(p, o);
                       }});
      }
      for (const AsyncMode mode : {AsyncMode::kCallback, AsyncMode::kPromise}) {
        out.push_back({name + (mode == AsyncMode::kCallback ? " callback" : " promise"),
                       [&ops, mode](auto& p, auto& o) {
                         return run_async(ops.readdir_recursive_async, p, o, mode);
                       }});
      }
    }
    return out;
  }();
  return ways;
}

struct Counter {
  std::string name;
  std::function<Result<std::size_t>(const std::string&, const ReaddirOptions&)> run;
};

Result<std::size_t> count_on_new_loop(const Operations& ops, const std::string& root,
                                      const ReaddirOptions& options, AsyncMode mode) {
  uv_loop_t loop;
  FPBENCH_CHECK(uv_loop_init(&loop) == 0);
  Result<std::size_t> n = ops.readdir_count_on_loop(&loop, root, options, mode);
  FPBENCH_CHECK(uv_loop_close(&loop) == 0);
  return n;
}

// The counted forms of every row: sync, callback and promise; the floor's
// sync walk also with every d_type hidden.
const std::vector<Counter>& all_counters() {
  static const std::vector<Counter> counters = [] {
    std::vector<Counter> out;
    for (const Operations& ops : all_operations()) {
      const std::string name = std::string(ops.name) + " count";
      out.push_back({name + " sync", ops.readdir_count});
      if (ops.implementation == Implementation::kFloor) {
        out.push_back({name + " sync, d_type unknown", [&ops](auto& p, auto& o) {
                         IgnoreDType unknown;
                         return ops.readdir_count(p, o);
                       }});
      }
      for (const AsyncMode mode : {AsyncMode::kCallback, AsyncMode::kPromise}) {
        out.push_back({name + (mode == AsyncMode::kCallback ? " callback" : " promise"),
                       [&ops, mode](auto& p, auto& o) {
                         return count_on_new_loop(ops, p, o, mode);
                       }});
      }
    }
    return out;
  }();
  return counters;
}

class Readdir : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = (fs::temp_directory_path() /
             ("fpbench-readdir-" + std::to_string(::getpid()) + "-" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                .string();
    fs::remove_all(root_);
    fs::create_directories(root_);
    ::chmod(root_.c_str(), 0755);
    // libuv opens a process-wide signal pipe with the first loop: not a leak.
    static const bool libuv_ready = [] {
      uv_loop_t loop;
      return uv_loop_init(&loop) == 0 && uv_loop_close(&loop) == 0;
    }();
    ASSERT_TRUE(libuv_ready);
    fds_before_ = open_fd_count();
  }
  void TearDown() override {
    EXPECT_EQ(open_fd_count(), fds_before_) << "a file descriptor leaked";
    // Give back permissions taken away so everything can be removed.
    for (auto it =
             fs::recursive_directory_iterator(root_, fs::directory_options::skip_permission_denied);
         it != fs::recursive_directory_iterator(); ++it) {
      std::error_code ec;
      if (!it->is_symlink(ec) && it->is_directory(ec)) ::chmod(it->path().c_str(), 0755);
    }
    fs::remove_all(root_);
  }

  [[nodiscard]] std::string path(const std::string& relative) const {
    return root_ + "/" + relative;
  }
  void dir(const std::string& relative) const { fs::create_directories(path(relative)); }
  void file(const std::string& relative) const { std::ofstream(path(relative)) << "x"; }
  void link(const std::string& target, const std::string& relative) const {
    ASSERT_EQ(::symlink(target.c_str(), path(relative).c_str()), 0) << relative;
  }
  void fifo(const std::string& relative) const {
    ASSERT_EQ(::mkfifo(path(relative).c_str(), 0644), 0);
  }
  void socket_file(const std::string& relative) const {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const std::string p = path(relative);
    ASSERT_LT(p.size(), sizeof addr.sun_path);
    std::memcpy(addr.sun_path, p.c_str(), p.size() + 1);
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
    ::close(fd);
  }

  // Runs every implementation in every mode; all must agree with baseline
  // sync, and every row's counted forms (the floor's among them, also with
  // d_type hidden) must count as many entries. Returns baseline's outcome.
  Outcome expect_all_agree(const std::string& start, const ReaddirOptions& options) const {
    const Outcome reference = flatten(baseline::readdir_recursive(start, options));
    for (const Way& way : all_ways()) {
      EXPECT_EQ(flatten(way.run(start, options)), reference)
          << way.name << " on " << start << " with_file_types=" << options.with_file_types;
    }
    for (const Counter& counter : all_counters()) {
      const Result<std::size_t> count = counter.run(start, options);
      if (reference.error.empty()) {
        EXPECT_TRUE(count.has_value() && *count == reference.lines.size())
            << counter.name << " on " << start;
      } else {
        EXPECT_EQ(count ? std::string("no error") : count.error().message, reference.error)
            << counter.name << " on " << start;
      }
    }
    return reference;
  }
  Outcome expect_all_agree(const ReaddirOptions& options) const {
    return expect_all_agree(root_, options);
  }
  void expect_both_agree() const {
    expect_all_agree({.with_file_types = false});
    expect_all_agree({.with_file_types = true});
  }

  std::string root_;
  std::size_t fds_before_ = 0;
};

// Node's order from first principles: breadth-first, each directory's names
// sorted byte-wise, descending where stat() says directory.
std::vector<std::string> reference_names(const std::string& root) {
  std::vector<std::string> out;
  std::vector<std::string> queue{""};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(root + "/" + queue[i])) {
      names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
      return std::strcmp(a.c_str(), b.c_str()) < 0;
    });
    for (const std::string& n : names) {
      const std::string rel = queue[i].empty() ? n : queue[i] + "/" + n;
      out.push_back(rel);
      std::error_code ec;
      if (fs::is_directory(root + "/" + rel, ec)) queue.push_back(rel);
    }
  }
  return out;
}

// A random tree: directories up to 4 deep, names from a mixed alphabet.
void make_random_tree(const std::string& root, std::uint32_t seed) {
  fs::create_directories(root);
  std::mt19937 rng(seed);
  const std::string alphabet = "abcXYZ019_-. ~";
  auto name = [&] {
    std::string n;
    const std::size_t length = 1 + rng() % 12;
    for (std::size_t i = 0; i < length; ++i) n += alphabet[rng() % alphabet.size()];
    if (n == "." || n == "..") n += "x";
    return n;
  };
  std::vector<std::pair<std::string, int>> dirs{{root, 0}};
  const std::size_t dir_count = 5 + rng() % 40;
  for (std::size_t i = 0; i < dir_count; ++i) {
    const auto parent = dirs[rng() % dirs.size()];
    if (parent.second >= 4) continue;
    const std::string p = parent.first + "/" + name();
    if (fs::exists(p)) continue;
    fs::create_directory(p);
    dirs.emplace_back(p, parent.second + 1);
  }
  const std::size_t file_count = rng() % 300;
  for (std::size_t i = 0; i < file_count; ++i) {
    const std::string p = dirs[rng() % dirs.size()].first + "/" + name();
    if (!fs::exists(p)) std::ofstream(p) << i;
  }
}

TEST_F(Readdir, GeneratedTreesAgreeEverywhere) {
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const std::string tree = path("t" + std::to_string(seed));
    make_random_tree(tree, seed);
    const Outcome names = expect_all_agree(tree, {.with_file_types = false});
    EXPECT_EQ(names.lines, reference_names(tree));
    expect_all_agree(tree, {.with_file_types = true});
    EXPECT_EQ(relative_paths(fast::readdir_recursive(tree, {.with_file_types = true}), tree),
              names.lines);
  }
}

TEST_F(Readdir, BreadthFirstByteWiseOrder) {
  dir("b/inner");
  dir("a");
  file("B");
  file("a/z");
  file("a/A");
  file("b/inner/deep");
  file("\xc3\xa9");  // é sorts after every ASCII byte
  file("_");
  const Outcome names = expect_all_agree({.with_file_types = false});
  EXPECT_EQ(names.lines, (std::vector<std::string>{"B", "_", "a", "b", "\xc3\xa9", "a/A", "a/z",
                                                   "b/inner", "b/inner/deep"}));
  const Outcome types = expect_all_agree({.with_file_types = true});
  EXPECT_EQ(types.lines, (std::vector<std::string>{
                             "B | " + root_ + " | file",
                             "_ | " + root_ + " | file",
                             "a | " + root_ + " | directory",
                             "b | " + root_ + " | directory",
                             "\xc3\xa9 | " + root_ + " | file",
                             "A | " + root_ + "/a | file",
                             "z | " + root_ + "/a | file",
                             "inner | " + root_ + "/b | directory",
                             "deep | " + root_ + "/b/inner | file",
                         }));
}

TEST_F(Readdir, EmptyDirectories) {
  EXPECT_TRUE(expect_all_agree({}).lines.empty());
  EXPECT_TRUE(expect_all_agree({.with_file_types = true}).lines.empty());
  dir("empty/also-empty");
  dir("other");
  EXPECT_EQ(expect_all_agree({}).lines,
            (std::vector<std::string>{"empty", "other", "empty/also-empty"}));
}

TEST_F(Readdir, ParentPathIsNodesJoin) {
  dir("d/e");
  file("d/e/f");
  const std::string messy = root_ + "/./d//";
  const Outcome types = expect_all_agree(messy, {.with_file_types = true});
  EXPECT_EQ(types.lines, (std::vector<std::string>{"e | " + messy + " | directory",
                                                   "f | " + root_ + "/d/e | file"}));
  EXPECT_EQ(expect_all_agree(messy, {}).lines, (std::vector<std::string>{"e", "e/f"}));
}

TEST_F(Readdir, SymlinksToFilesDirectoriesAndNowhere) {
  dir("real/sub");
  file("real/sub/leaf");
  file("real/top");
  link("real", "to-dir");
  link("real/top", "to-file");
  link("missing", "dangling");
  const Outcome names = expect_all_agree({});
  EXPECT_EQ(names.lines, (std::vector<std::string>{
                             "dangling", "real", "to-dir", "to-file", "real/sub", "real/top",
                             "to-dir/sub", "to-dir/top", "real/sub/leaf", "to-dir/sub/leaf"}));
  // With file types too the link to a directory is followed (Node v20
  // would stop at it), its own type staying symlink.
  const Outcome types = expect_all_agree({.with_file_types = true});
  EXPECT_EQ(types.lines, (std::vector<std::string>{
                             "dangling | " + root_ + " | symlink",
                             "real | " + root_ + " | directory",
                             "to-dir | " + root_ + " | symlink",
                             "to-file | " + root_ + " | symlink",
                             "sub | " + root_ + "/real | directory",
                             "top | " + root_ + "/real | file",
                             "sub | " + root_ + "/to-dir | directory",
                             "top | " + root_ + "/to-dir | file",
                             "leaf | " + root_ + "/real/sub | file",
                             "leaf | " + root_ + "/to-dir/sub | file",
                         }));
  EXPECT_EQ(relative_paths(baseline::readdir_recursive(root_, {.with_file_types = true}), root_),
            names.lines);
}

TEST_F(Readdir, SymlinkCyclesAreListedButNotFollowed) {
  dir("a");
  dir("b");
  link(".", "self");
  link("..", "a/up");
  link("../b", "a/x");
  link("../a", "b/y");
  const Outcome names = expect_all_agree({});
  EXPECT_EQ(names.lines, (std::vector<std::string>{"a", "b", "self", "a/up", "a/x", "b/y", "a/x/y",
                                                   "b/y/up", "b/y/x"}));
  // The same from a root given through a link to it.
  link(root_, "../" + fs::path(root_).filename().string() + "-link");
  const std::string via_link = root_ + "-link";
  EXPECT_EQ(expect_all_agree(via_link, {}).lines, names.lines);
  const auto types_from = [](const std::string& r) {
    return std::vector<std::string>{
        "a | " + r + " | directory",   "b | " + r + " | directory",
        "self | " + r + " | symlink",  "up | " + r + "/a | symlink",
        "x | " + r + "/a | symlink",   "y | " + r + "/b | symlink",
        "y | " + r + "/a/x | symlink", "up | " + r + "/b/y | symlink",
        "x | " + r + "/b/y | symlink",
    };
  };
  EXPECT_EQ(expect_all_agree(via_link, {.with_file_types = true}).lines, types_from(via_link));
  ::unlink(via_link.c_str());
  EXPECT_EQ(expect_all_agree({.with_file_types = true}).lines, types_from(root_));
}

TEST_F(Readdir, LinksToTheRootAndToARealAncestorAreNotEntered) {
  // "d" is reached without a stat with file types, so its identity for the
  // cycle check has to be looked up when "back" is met.
  dir("d/sub");
  file("d/f");
  link(root_, "d/home");
  link("..", "d/sub/back");
  link("d", "top");
  EXPECT_EQ(expect_all_agree({}).lines,
            (std::vector<std::string>{"d", "top", "d/f", "d/home", "d/sub", "top/f", "top/home",
                                      "top/sub", "d/sub/back", "top/sub/back"}));
  EXPECT_EQ(expect_all_agree({.with_file_types = true}).lines,
            (std::vector<std::string>{
                "d | " + root_ + " | directory",
                "top | " + root_ + " | symlink",
                "f | " + root_ + "/d | file",
                "home | " + root_ + "/d | symlink",
                "sub | " + root_ + "/d | directory",
                "f | " + root_ + "/top | file",
                "home | " + root_ + "/top | symlink",
                "sub | " + root_ + "/top | directory",
                "back | " + root_ + "/d/sub | symlink",
                "back | " + root_ + "/top/sub | symlink",
            }));
}

TEST_F(Readdir, SymlinkLoopsThatNeverResolve) {
  link("loop-b", "loop-a");
  link("loop-a", "loop-b");
  dir("d");
  link("../d", "d/again");
  EXPECT_EQ(expect_all_agree({}).lines,
            (std::vector<std::string>{"d", "loop-a", "loop-b", "d/again"}));
  EXPECT_EQ(expect_all_agree({.with_file_types = true}).lines,
            (std::vector<std::string>{
                "d | " + root_ + " | directory",
                "loop-a | " + root_ + " | symlink",
                "loop-b | " + root_ + " | symlink",
                "again | " + root_ + "/d | symlink",
            }));
}

TEST_F(Readdir, FifosSocketsAndLinksToDevices) {
  dir("d");
  fifo("d/pipe");
  socket_file("d/sock");
  link("/dev/null", "null");
  const Outcome types = expect_all_agree({.with_file_types = true});
  EXPECT_EQ(types.lines, (std::vector<std::string>{
                             "d | " + root_ + " | directory",
                             "null | " + root_ + " | symlink",
                             "pipe | " + root_ + "/d | fifo",
                             "sock | " + root_ + "/d | socket",
                         }));
  EXPECT_EQ(expect_all_agree({}).lines,
            (std::vector<std::string>{"d", "null", "d/pipe", "d/sock"}));
}

TEST_F(Readdir, NamesWithSpacesNewlinesAndInvalidUtf8) {
  const std::vector<std::string> names = {
      "with space", "new\nline",   "tab\there",           "\xff\xfe", "bad \xc3\x28 utf8", "-dash",
      "quote\"'",   "back\\slash", std::string(255, 'L'), "\x01\x7f"};
  dir("sub dir\n");
  for (const std::string& n : names) {
    file(n);
    file("sub dir\n/" + n);
  }
  const Outcome out = expect_all_agree({});
  EXPECT_EQ(out.lines.size(), 2 * names.size() + 1);
  for (const std::string& n : names) {
    EXPECT_NE(std::find(out.lines.begin(), out.lines.end(), "sub dir\n/" + n), out.lines.end())
        << n;
  }
  EXPECT_EQ(out.lines, reference_names(root_));
  expect_all_agree({.with_file_types = true});
}

TEST_F(Readdir, LargeDirectoriesSortByteWise) {
  // Enough names for fast's radix sort: random bytes (high ones included),
  // lengths around its 8- and 16-byte keys, many sharing long prefixes.
  std::mt19937 rng(5);
  dir("many");
  for (int i = 0; i < 700; ++i) {
    std::string name = i % 3 == 0 ? "shared-prefix-of-16" : "";
    const std::size_t length = name.size() + 1 + rng() % 20;
    while (name.size() < length || name.empty() || name == "." || name == "..") {
      const auto c = static_cast<char>(1 + rng() % 255);
      if (c != '/') name += c;
    }
    const std::string p = path("many/" + name);
    if (!fs::exists(p)) std::ofstream(p) << i;
  }
  const Outcome out = expect_all_agree({});
  EXPECT_GT(out.lines.size(), 600u);
  EXPECT_EQ(out.lines, reference_names(root_));
}

TEST_F(Readdir, DirectoryLargerThanTheBuffer) {
  // Records of ~230 bytes: 3,000 of them need more than the first 256 KiB.
  dir("big");
  for (int i = 0; i < 3000; ++i) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "%05d", i);
    file("big/" + std::string(200, 'n') + suffix);
  }
  file("big/../after");
  const Outcome out = expect_all_agree({});
  EXPECT_EQ(out.lines.size(), 3002u);
  EXPECT_EQ(out.lines, reference_names(root_));
}

TEST_F(Readdir, WideAndDeepTrees) {
  // More directories with subdirectories than fast keeps open at once.
  for (int i = 0; i < 300; ++i) {
    const std::string d = "wide/" + std::to_string(i) + "/inner";
    dir(d);
    file(d + "/f");
  }
  std::string deep = "deep";
  for (int i = 0; i < 60; ++i) deep += "/" + std::to_string(i);
  dir(deep);
  file(deep + "/bottom");
  const Outcome out = expect_all_agree({});
  EXPECT_EQ(out.lines, reference_names(root_));
  expect_all_agree({.with_file_types = true});
}

TEST_F(Readdir, DTypeUnknownSeamStatsEveryEntry) {
  dir("a/b");
  file("a/b/c");
  file("f");
  link("a", "l");
  const auto stats_for = [&](bool unknown, bool types) {
    test_hooks::set_ignore_d_type(unknown);
    const std::size_t before = test_hooks::stat_calls();
    const Result<ReaddirResult> r = fast::readdir_recursive(root_, {.with_file_types = types});
    const std::size_t calls = test_hooks::stat_calls() - before;
    test_hooks::set_ignore_d_type(false);
    EXPECT_TRUE(r.has_value());
    return calls;
  };
  // d_type trusted: only the link is stat()ed, and only to follow it, with
  // or without file types.
  EXPECT_EQ(stats_for(false, false), 1u);
  EXPECT_EQ(stats_for(false, true), 1u);
  // Unknown: one stat per entry listed (a, f, l, a/b, a/b/c, l/b, l/b/c);
  // with file types that is an lstat, and l, a link, is stat()ed again.
  EXPECT_EQ(stats_for(true, true), 8u);
  EXPECT_EQ(stats_for(true, false), 7u);
  expect_both_agree();
}

TEST_F(Readdir, MissingRootAndRootThatIsAFile) {
  file("plain");
  for (const bool types : {false, true}) {
    EXPECT_EQ(expect_all_agree(path("missing"), {.with_file_types = types}).error,
              "ENOENT: no such file or directory, scandir '" + path("missing") + "'");
    EXPECT_EQ(expect_all_agree(path("plain"), {.with_file_types = types}).error,
              "ENOTDIR: not a directory, scandir '" + path("plain") + "'");
  }
  const Result<ReaddirResult> r = fast::readdir_recursive(path("missing"), {});
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, "ENOENT");
  EXPECT_EQ(r.error().syscall, "scandir");
  EXPECT_EQ(r.error().errno_value, -ENOENT);
  EXPECT_EQ(r.error().path, path("missing"));
}

TEST_F(Readdir, UnreadableSubdirectoryFailsTheWholeCall) {
  dir("a/secret");
  file("a/secret/x");
  file("z");
  ASSERT_EQ(::chmod(path("a/secret").c_str(), 0), 0);
  const std::string expected = "EACCES: permission denied, scandir '" + path("a/secret") + "'";
  for (const bool types : {false, true}) {
    for (const Way& way : all_ways()) {
      const int code = exit_code_as_nobody([&] {
        const Outcome out = flatten(way.run(root_, {.with_file_types = types}));
        if (out.error.empty()) return 1;  // a partial list instead of the error
        return out.error == expected ? 0 : 2;
      });
      EXPECT_EQ(code, 0) << way.name << " with_file_types=" << types;
    }
    const int floor_code = exit_code_as_nobody([&] {
      const Result<std::size_t> n = floor::readdir_recursive(root_, {.with_file_types = types});
      return !n.has_value() && n.error().message == expected ? 0 : 1;
    });
    EXPECT_EQ(floor_code, 0) << "floor with_file_types=" << types;
  }
}

TEST_F(Readdir, UnsearchableDirectoryIsListedNotEntered) {
  // Readable but not searchable: its names can be listed, but stat() of
  // anything inside fails, so Node lists "inner" without descending;
  // with file types it trusts d_type, descends, and fails.
  dir("noexec/inner");
  file("noexec/inner/f");
  ASSERT_EQ(::chmod(path("noexec").c_str(), 0444), 0);
  for (const Way& way : all_ways()) {
    const int code = exit_code_as_nobody([&] {
      const Outcome names = flatten(way.run(root_, {}));
      if (names.lines != std::vector<std::string>{"noexec", "noexec/inner"}) return 1;
      // Without d_type the type itself needs an lstat, which fails first.
      const bool unknown = std::string(way.name).find("unknown") != std::string::npos;
      const Outcome types = flatten(way.run(root_, {.with_file_types = true}));
      return types.error == "EACCES: permission denied, " +
                                std::string(unknown ? "lstat" : "scandir") + " '" +
                                path("noexec/inner") + "'"
                 ? 0
                 : 2;
    });
    EXPECT_EQ(code, 0) << way.name;
  }
  const int floor_code = exit_code_as_nobody([&] {
    const Result<std::size_t> n = floor::readdir_recursive(root_, {});
    return n.has_value() && *n == 2 ? 0 : 1;
  });
  EXPECT_EQ(floor_code, 0);
}

TEST_F(Readdir, ManyWalksShareOneLoop) {
  make_random_tree(path("t"), 9);
  const Outcome names = flatten(baseline::readdir_recursive(path("t"), {}));
  uv_loop_t loop;
  ASSERT_EQ(uv_loop_init(&loop), 0);
  std::vector<Outcome> called;
  const auto keep = [&called](Result<ReaddirResult> r) { called.push_back(flatten(r)); };
  std::vector<std::future<Result<ReaddirResult>>> futures;
  for (int i = 0; i < 3; ++i) {
    (void)baseline::readdir_recursive_async(&loop, path("t"), {}, AsyncMode::kCallback, keep);
    (void)fast::readdir_recursive_async(&loop, path("t"), {}, AsyncMode::kCallback, keep);
    futures.push_back(baseline::readdir_recursive_async(&loop, path("t"), {}, AsyncMode::kPromise));
    futures.push_back(fast::readdir_recursive_async(&loop, path("t"), {}, AsyncMode::kPromise));
  }
  uv_run(&loop, UV_RUN_DEFAULT);
  ASSERT_EQ(uv_loop_close(&loop), 0);
  ASSERT_EQ(called.size(), 6u);
  for (const Outcome& o : called) EXPECT_EQ(o, names);
  for (auto& f : futures) EXPECT_EQ(flatten(f.get()), names);
}

TEST(ReaddirPaths, NormalizeLikeNode) {
  EXPECT_EQ(detail::node_normalize("./a//b/"), "a/b");
  EXPECT_EQ(detail::node_normalize("/../a"), "/a");
  EXPECT_EQ(detail::node_normalize("../a/.."), "..");
  EXPECT_EQ(detail::node_normalize("a/../.."), "..");
  EXPECT_EQ(detail::node_normalize(""), ".");
  EXPECT_EQ(detail::node_normalize("//"), "/");
  EXPECT_EQ(detail::node_join(".", "x"), "x");
  EXPECT_EQ(detail::node_join("/", "x"), "/x");
  EXPECT_EQ(detail::node_join_prefix("./"), "");
  EXPECT_EQ(detail::node_join_prefix("/"), "/");
  EXPECT_EQ(detail::node_join_prefix("a/b/../c/"), "a/c/");
}

// ---- Node as the oracle ---------------------------------------------------

bool node_available() { return std::system("node --version > /dev/null 2>&1") == 0; }

std::string slurp(const std::string& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// JSON.stringify of a string holding valid UTF-8.
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (u < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", u);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::vector<std::string> json_lines(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& n : names) out.push_back(json_string(n));
  return out;
}

std::vector<std::string> json_lines(const std::vector<Dirent>& dirents) {
  std::vector<std::string> out;
  for (const Dirent& d : dirents) {
    out.push_back("[" + json_string(d.name) + "," + json_string(d.parent_path) + "," +
                  json_string(std::string(dirent_type_name(d.type))) + "]");
  }
  return out;
}

std::vector<std::string> json_lines(const Result<ReaddirResult>& r) {
  if (!r) return {"error " + r.error().message};
  return std::visit([](const auto& list) { return json_lines(list); }, *r);
}

constexpr const char* kNodeScript = R"JS(
const fs = require('fs');
const [root, withFileTypes, out] = process.argv.slice(2);
const type = (d) => d.isFile() ? 'file' : d.isDirectory() ? 'directory' :
    d.isSymbolicLink() ? 'symlink' : d.isFIFO() ? 'fifo' : d.isSocket() ? 'socket' :
    d.isBlockDevice() ? 'block_device' : d.isCharacterDevice() ? 'character_device' : 'unknown';
let lines;
try {
  const r = fs.readdirSync(root, {recursive: true, withFileTypes: withFileTypes === 'true'});
  lines = r.map((e) => JSON.stringify(typeof e === 'string' ? e : [e.name, e.parentPath, type(e)]));
} catch (e) {
  lines = ['error ' + e.message];
}
fs.writeFileSync(out, lines.join('\n'));
)JS";

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class ReaddirNode : public Readdir {
 protected:
  void SetUp() override {
    if (!node_available()) GTEST_SKIP() << "node is not on PATH";
    Readdir::SetUp();
    script_ = path("../" + fs::path(root_).filename().string() + ".js");
    std::ofstream(script_) << kNodeScript;
  }
  void TearDown() override {
    if (script_.empty()) return;
    fs::remove(script_);
    Readdir::TearDown();
  }

  // Node's lines for the walk, run as `user_prefix node ...`.
  std::vector<std::string> node_lines(const std::string& start, bool types,
                                      const std::string& user_prefix = "") const {
    const std::string out = script_ + ".out";
    const std::string cmd = user_prefix + "node " + shell_quote(script_) + " " +
                            shell_quote(start) + " " + (types ? "true" : "false") + " " +
                            shell_quote(out);
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    const std::string text = slurp(out);
    fs::remove(out);
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }

  // Node v20 is the oracle as it is for names. With file types it stops at
  // links to directories, where later Node versions and this library go on
  // (see readdir.hpp), so there the check has two parts: the paths, in
  // order, must be Node's names listing (which does follow links); and the
  // Dirents found from the root and from each link to a directory, up to
  // the next such link, must be exactly what Node v20 lists from there.
  // The trees must have no link cycles, which Node cannot walk.
  void expect_matches_node(const std::string& start) const {
    SCOPED_TRACE(start);
    expect_all_agree(start, {});
    const std::vector<std::string> names = node_lines(start, false);
    EXPECT_EQ(json_lines(fast::readdir_recursive(start, {})), names);
    EXPECT_EQ(json_lines(baseline::readdir_recursive(start, {})), names);

    expect_all_agree(start, {.with_file_types = true});
    std::map<std::string, std::vector<std::string>> node_by_walk_root;
    for (const bool fast_impl : {true, false}) {
      SCOPED_TRACE(fast_impl ? "fast withFileTypes" : "baseline withFileTypes");
      const Result<ReaddirResult> r =
          fast_impl ? fast::readdir_recursive(start, {.with_file_types = true})
                    : baseline::readdir_recursive(start, {.with_file_types = true});
      ASSERT_TRUE(r.has_value()) << r.error().message;
      const auto& dirents = std::get<std::vector<Dirent>>(*r);
      EXPECT_EQ(json_lines(relative_paths(dirents, start)), names);

      std::vector<std::string> walk_roots;  // the links to directories
      for (const Dirent& d : dirents) {
        const std::string p = detail::node_join(d.parent_path, d.name);
        std::error_code ec;
        if (d.type == DirentType::kSymlink && fs::is_directory(p, ec)) walk_roots.push_back(p);
      }
      // Each Dirent goes to the innermost link it lies beneath, or to start.
      std::map<std::string, std::vector<Dirent>> by_walk_root{{start, {}}};
      for (const std::string& w : walk_roots) by_walk_root[w];
      for (const Dirent& d : dirents) {
        std::string owner = start;
        for (const std::string& w : walk_roots) {
          const bool beneath = d.parent_path == w || (d.parent_path.size() > w.size() &&
                                                      d.parent_path.compare(0, w.size(), w) == 0 &&
                                                      d.parent_path[w.size()] == '/');
          if (beneath && (owner == start || w.size() > owner.size())) owner = w;
        }
        by_walk_root[owner].push_back(d);
      }
      for (const auto& [walk_root, found] : by_walk_root) {
        auto [it, fresh] = node_by_walk_root.try_emplace(walk_root);
        if (fresh) it->second = node_lines(walk_root, true);
        EXPECT_EQ(json_lines(found), it->second) << "from " << walk_root;
      }
    }
  }

  std::string script_;
};

TEST_F(ReaddirNode, NamesTypesAndOrderMatchNode) {
  make_random_tree(path("gen"), 3);
  dir("real/sub/deeper");
  dir("empty");
  file("real/sub/deeper/leaf.js");
  file("real/Upper");
  file("real/lower");
  file("with space");
  file("new\nline");
  file("caf\xc3\xa9");
  file("\xe6\x97\xa5\xe6\x9c\xac");
  file("quote\"back\\");
  link("real", "link-to-dir");
  link("../../gen", "real/sub/to-gen");  // followed again through link-to-dir
  link("real/lower", "link-to-file");
  link("nowhere", "dangling");
  fifo("real/pipe");
  socket_file("real/sock");
  expect_matches_node(root_);
  expect_matches_node(root_ + "/");
  expect_matches_node(root_ + "/./real/..//");
  const std::string relative = fs::relative(root_, fs::current_path()).string();
  expect_matches_node("./" + relative + "//");
}

TEST_F(ReaddirNode, EaccesMessageMatchesNode) {
  if (std::system("command -v setpriv > /dev/null 2>&1") != 0) GTEST_SKIP() << "no setpriv";
  dir("a/secret");
  ASSERT_EQ(::chmod(path("a/secret").c_str(), 0), 0);
  const std::string as_nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  for (const bool types : {false, true}) {
    const std::vector<std::string> node = node_lines(root_ + "/", types, as_nobody);
    const int code = exit_code_as_nobody([&] {
      const Outcome ours =
          flatten(fast::readdir_recursive(root_ + "/", {.with_file_types = types}));
      return node.size() == 1 && node[0] == "error " + ours.error ? 0 : 1;
    });
    EXPECT_EQ(code, 0) << (node.empty() ? "(no output)" : node[0]);
  }
}

}  // namespace
}  // namespace fpbench::core
