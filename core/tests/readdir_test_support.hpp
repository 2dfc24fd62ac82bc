#pragma once

// What the readdir tests share: results flattened for comparison, every
// implementation and mode as a list of ways to walk, the fixture that builds
// trees in a temporary directory and checks that all ways agree, and random
// trees.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>
#include <uv.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "fpbench/base/check.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/readdir.hpp"
#include "readdir_detail.hpp"
#include "test_support.hpp"

namespace fpbench::core::testing_support {

// A result flattened for comparison: one line per entry, or the error.
struct Outcome {
  std::vector<std::string> lines;
  std::string error;  // the message; empty on success
  bool operator==(const Outcome&) const = default;
};

inline std::string describe(const Dirent& d) {
  return d.name + " | " + d.parent_path + " | " +
         std::string(dirent_type_name(d.type));
}

inline Outcome flatten(const Result<ReaddirResult>& r) {
  Outcome out;
  if (!r) {
    out.error = r.error().message;
    return out;
  }
  if (const auto* names = std::get_if<std::vector<std::string>>(&*r)) {
    out.lines = *names;
  } else {
    for (const Dirent& d : std::get<std::vector<Dirent>>(*r))
      out.lines.push_back(describe(d));
  }
  return out;
}

// Each Dirent's path as the names give it: path.join(parent_path, name)
// made relative to start.
inline std::vector<std::string> relative_paths(
    const std::vector<Dirent>& dirents, const std::string& start) {
  const std::string prefix = detail::node_join_prefix(start);
  std::vector<std::string> out;
  for (const Dirent& d : dirents) {
    const std::string p = detail::node_join(d.parent_path, d.name);
    out.push_back(
        p.compare(0, prefix.size(), prefix) == 0 ? p.substr(prefix.size()) : p);
  }
  return out;
}

inline std::vector<std::string> relative_paths(const Result<ReaddirResult>& r,
                                               const std::string& start) {
  if (!r) return {"error " + r.error().message};
  return relative_paths(std::get<std::vector<Dirent>>(*r), start);
}

using AsyncFn = decltype(Operations::readdir_recursive_async);

inline Result<ReaddirResult> run_async(AsyncFn fn, const std::string& root,
                                       const ReaddirOptions& options,
                                       AsyncMode mode) {
  uv_loop_t loop;
  FPBENCH_CHECK(uv_loop_init(&loop) == 0);
  std::optional<Result<ReaddirResult>> got;
  auto future = fn(&loop, root, options, mode, [&got](Result<ReaddirResult> r) {
    got.emplace(std::move(r));
  });
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
  std::function<Result<ReaddirResult>(const std::string&,
                                      const ReaddirOptions&)>
      run;
};

// Every row of the operations table that lists (not the floor, which
// counts), sync, callback and promise; fast also with every d_type hidden.
inline const std::vector<Way>& all_ways() {
  static const std::vector<Way> ways = [] {
    std::vector<Way> out;
    for (const Operations& ops : all_operations()) {
      if (ops.readdir_recursive == nullptr) continue;
      const std::string name(ops.name);
      out.push_back({name + " sync", ops.readdir_recursive});
      if (ops.implementation == Implementation::kFast) {
        out.push_back(
            {name + " sync, d_type unknown", [&ops](auto& p, auto& o) {
               IgnoreDType unknown;
               return ops.readdir_recursive(p, o);
             }});
      }
      for (const AsyncMode mode : {AsyncMode::kCallback, AsyncMode::kPromise}) {
        out.push_back(
            {name + (mode == AsyncMode::kCallback ? " callback" : " promise"),
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
  std::function<Result<std::size_t>(const std::string&, const ReaddirOptions&)>
      run;
};

inline Result<std::size_t> count_on_new_loop(const Operations& ops,
                                             const std::string& root,
                                             const ReaddirOptions& options,
                                             AsyncMode mode) {
  uv_loop_t loop;
  FPBENCH_CHECK(uv_loop_init(&loop) == 0);
  Result<std::size_t> n = ops.readdir_count_on_loop(&loop, root, options, mode);
  FPBENCH_CHECK(uv_loop_close(&loop) == 0);
  return n;
}

// The counted forms of every row: sync, callback and promise; the floor's
// sync walk also with every d_type hidden.
inline const std::vector<Counter>& all_counters() {
  static const std::vector<Counter> counters = [] {
    std::vector<Counter> out;
    for (const Operations& ops : all_operations()) {
      const std::string name = std::string(ops.name) + " count";
      out.push_back({name + " sync", ops.readdir_count});
      if (ops.implementation == Implementation::kFloor) {
        out.push_back(
            {name + " sync, d_type unknown", [&ops](auto& p, auto& o) {
               IgnoreDType unknown;
               return ops.readdir_count(p, o);
             }});
      }
      for (const AsyncMode mode : {AsyncMode::kCallback, AsyncMode::kPromise}) {
        out.push_back(
            {name + (mode == AsyncMode::kCallback ? " callback" : " promise"),
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
    root_ = (std::filesystem::temp_directory_path() /
             ("fpbench-readdir-" + std::to_string(::getpid()) + "-" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name()))
                .string();
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_);
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
    for (auto it = std::filesystem::recursive_directory_iterator(
             root_, std::filesystem::directory_options::skip_permission_denied);
         it != std::filesystem::recursive_directory_iterator(); ++it) {
      std::error_code ec;
      if (!it->is_symlink(ec) && it->is_directory(ec))
        ::chmod(it->path().c_str(), 0755);
    }
    std::filesystem::remove_all(root_);
  }

  [[nodiscard]] std::string path(const std::string& relative) const {
    return root_ + "/" + relative;
  }
  void dir(const std::string& relative) const {
    std::filesystem::create_directories(path(relative));
  }
  void file(const std::string& relative) const {
    std::ofstream(path(relative)) << "x";
  }
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
  Outcome expect_all_agree(const std::string& start,
                           const ReaddirOptions& options) const {
    const Outcome reference =
        flatten(baseline::readdir_recursive(start, options));
    for (const Way& way : all_ways()) {
      EXPECT_EQ(flatten(way.run(start, options)), reference)
          << way.name << " on " << start
          << " with_file_types=" << options.with_file_types;
    }
    for (const Counter& counter : all_counters()) {
      const Result<std::size_t> count = counter.run(start, options);
      if (reference.error.empty()) {
        EXPECT_TRUE(count.has_value() && *count == reference.lines.size())
            << counter.name << " on " << start;
      } else {
        EXPECT_EQ(count ? std::string("no error") : count.error().message,
                  reference.error)
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
inline std::vector<std::string> reference_names(const std::string& root) {
  std::vector<std::string> out;
  std::vector<std::string> queue{""};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    std::vector<std::string> names;
    for (const auto& e :
         std::filesystem::directory_iterator(root + "/" + queue[i])) {
      names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end(),
              [](const std::string& a, const std::string& b) {
                return std::strcmp(a.c_str(), b.c_str()) < 0;
              });
    for (const std::string& n : names) {
      const std::string rel = queue[i].empty() ? n : queue[i] + "/" + n;
      out.push_back(rel);
      std::error_code ec;
      if (std::filesystem::is_directory(root + "/" + rel, ec))
        queue.push_back(rel);
    }
  }
  return out;
}

// A random tree: directories up to 4 deep, names from a mixed alphabet.
inline void make_random_tree(const std::string& root, std::uint32_t seed) {
  std::filesystem::create_directories(root);
  std::mt19937 rng(seed);
  const std::string alphabet = "abcXYZ019_-. ~";
  auto name = [&] {
    std::string n;
    const std::size_t length = 1 + rng() % 12;
    for (std::size_t i = 0; i < length; ++i)
      n += alphabet[rng() % alphabet.size()];
    if (n == "." || n == "..") n += "x";
    return n;
  };
  std::vector<std::pair<std::string, int>> dirs{{root, 0}};
  const std::size_t dir_count = 5 + rng() % 40;
  for (std::size_t i = 0; i < dir_count; ++i) {
    const auto parent = dirs[rng() % dirs.size()];
    if (parent.second >= 4) continue;
    const std::string p = parent.first + "/" + name();
    if (std::filesystem::exists(p)) continue;
    std::filesystem::create_directory(p);
    dirs.emplace_back(p, parent.second + 1);
  }
  const std::size_t file_count = rng() % 300;
  for (std::size_t i = 0; i < file_count; ++i) {
    const std::string p = dirs[rng() % dirs.size()].first + "/" + name();
    if (!std::filesystem::exists(p)) std::ofstream(p) << i;
  }
}

}  // namespace fpbench::core::testing_support
