// Recursive readdir: every implementation and every mode (sync, callback,
// promise; fast also with every d_type hidden) must give the same list, in
// Node's order, with Node's names, types, parent paths and errors; Node
// itself is the oracle in readdir_node_oracle_test.cpp.

#include "fpbench/core/readdir.hpp"

#include <sys/stat.h>
#include <uv.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <future>
#include <string>
#include <vector>

#include "fpbench/core/operations.hpp"
#include "readdir_detail.hpp"
#include "readdir_test_support.hpp"

namespace fpbench::core {
namespace {

using testing_support::all_ways;
using testing_support::exit_code_as_nobody;
using testing_support::flatten;
using testing_support::make_random_tree;
using testing_support::Outcome;
using testing_support::Readdir;
using testing_support::reference_names;
using testing_support::relative_paths;
using testing_support::Way;

namespace fs = std::filesystem;

TEST_F(Readdir, GeneratedTreesAgreeEverywhere) {
  for (std::uint32_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const std::string tree = path("t" + std::to_string(seed));
    make_random_tree(tree, seed);
    const Outcome names = expect_all_agree(tree, {.with_file_types = false});
    EXPECT_EQ(names.lines, reference_names(tree));
    expect_all_agree(tree, {.with_file_types = true});
    EXPECT_EQ(
        relative_paths(fast::readdir_recursive(tree, {.with_file_types = true}),
                       tree),
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
  EXPECT_EQ(names.lines,
            (std::vector<std::string>{"B", "_", "a", "b", "\xc3\xa9", "a/A",
                                      "a/z", "b/inner", "b/inner/deep"}));
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
  EXPECT_EQ(types.lines,
            (std::vector<std::string>{"e | " + messy + " | directory",
                                      "f | " + root_ + "/d/e | file"}));
  EXPECT_EQ(expect_all_agree(messy, {}).lines,
            (std::vector<std::string>{"e", "e/f"}));
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
                             "dangling", "real", "to-dir", "to-file",
                             "real/sub", "real/top", "to-dir/sub", "to-dir/top",
                             "real/sub/leaf", "to-dir/sub/leaf"}));
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
  EXPECT_EQ(
      relative_paths(
          baseline::readdir_recursive(root_, {.with_file_types = true}), root_),
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
  EXPECT_EQ(names.lines,
            (std::vector<std::string>{"a", "b", "self", "a/up", "a/x", "b/y",
                                      "a/x/y", "b/y/up", "b/y/x"}));
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
  EXPECT_EQ(expect_all_agree(via_link, {.with_file_types = true}).lines,
            types_from(via_link));
  ::unlink(via_link.c_str());
  EXPECT_EQ(expect_all_agree({.with_file_types = true}).lines,
            types_from(root_));
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
            (std::vector<std::string>{"d", "top", "d/f", "d/home", "d/sub",
                                      "top/f", "top/home", "top/sub",
                                      "d/sub/back", "top/sub/back"}));
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
      "with space",          "new\nline", "tab\there", "\xff\xfe",
      "bad \xc3\x28 utf8",   "-dash",     "quote\"'",  "back\\slash",
      std::string(255, 'L'), "\x01\x7f"};
  dir("sub dir\n");
  for (const std::string& n : names) {
    file(n);
    file("sub dir\n/" + n);
  }
  const Outcome out = expect_all_agree({});
  EXPECT_EQ(out.lines.size(), 2 * names.size() + 1);
  for (const std::string& n : names) {
    EXPECT_NE(std::find(out.lines.begin(), out.lines.end(), "sub dir\n/" + n),
              out.lines.end())
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
    while (name.size() < length || name.empty() || name == "." ||
           name == "..") {
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
    const Result<ReaddirResult> r =
        fast::readdir_recursive(root_, {.with_file_types = types});
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
    EXPECT_EQ(
        expect_all_agree(path("missing"), {.with_file_types = types}).error,
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
  const std::string expected =
      "EACCES: permission denied, scandir '" + path("a/secret") + "'";
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
      const Result<std::size_t> n =
          floor::readdir_recursive(root_, {.with_file_types = types});
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
      if (names.lines != std::vector<std::string>{"noexec", "noexec/inner"})
        return 1;
      // Without d_type the type itself needs an lstat, which fails first.
      const bool unknown =
          std::string(way.name).find("unknown") != std::string::npos;
      const Outcome types = flatten(way.run(root_, {.with_file_types = true}));
      return types.error == "EACCES: permission denied, " +
                                std::string(unknown ? "lstat" : "scandir") +
                                " '" + path("noexec/inner") + "'"
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
  const auto keep = [&called](Result<ReaddirResult> r) {
    called.push_back(flatten(r));
  };
  std::vector<std::future<Result<ReaddirResult>>> futures;
  for (int i = 0; i < 3; ++i) {
    (void)baseline::readdir_recursive_async(&loop, path("t"), {},
                                            AsyncMode::kCallback, keep);
    (void)fast::readdir_recursive_async(&loop, path("t"), {},
                                        AsyncMode::kCallback, keep);
    futures.push_back(baseline::readdir_recursive_async(&loop, path("t"), {},
                                                        AsyncMode::kPromise));
    futures.push_back(fast::readdir_recursive_async(&loop, path("t"), {},
                                                    AsyncMode::kPromise));
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

}  // namespace
}  // namespace fpbench::core
