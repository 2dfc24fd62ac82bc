// Recursive readdir against Node itself, where `node` is on PATH: names,
// types, parent paths, order and errors must be what fs.readdirSync(root,
// {recursive: true}) gives. With file types, links to directories are
// followed as Node does after nodejs/node#55714, which the installed Node
// v20 does not: see expect_matches_node.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "fpbench/core/readdir.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "readdir_detail.hpp"
#include "readdir_test_support.hpp"

namespace fpbench::core::readdir_node_oracle_test {
namespace {

using testing_support::exit_code_as_nobody;
using testing_support::flatten;
using testing_support::make_random_tree;
using testing_support::Outcome;
using testing_support::Readdir;
using testing_support::relative_paths;

namespace fs = std::filesystem;
using fpbench::test_support::node_available;
using fpbench::test_support::slurp;

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
    out.push_back("[" + json_string(d.name) + "," + json_string(d.parent_path) +
                  "," + json_string(std::string(dirent_type_name(d.type))) +
                  "]");
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
  for (const char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class ReaddirNode : public Readdir {
 protected:
  void SetUp() override {
    if (!node_available()) FPBENCH_SKIP_OR_FAIL_IN_CI("node is not on PATH");
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
  std::vector<std::string> node_lines(
      const std::string& start, bool types,
      const std::string& user_prefix = "") const {
    const std::string out = script_ + ".out";
    const std::string cmd = user_prefix + "node " + shell_quote(script_) + " " +
                            shell_quote(start) + " " +
                            (types ? "true" : "false") + " " + shell_quote(out);
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
          fast_impl
              ? fast::readdir_recursive(start, {.with_file_types = true})
              : baseline::readdir_recursive(start, {.with_file_types = true});
      ASSERT_TRUE(r.has_value()) << r.error().message;
      const auto& dirents = std::get<std::vector<Dirent>>(*r);
      EXPECT_EQ(json_lines(relative_paths(dirents, start)), names);

      std::vector<std::string> walk_roots;  // the links to directories
      for (const Dirent& d : dirents) {
        const std::string p = detail::node_join(d.parent_path, d.name);
        std::error_code ec;
        if (d.type == DirentType::kSymlink && fs::is_directory(p, ec))
          walk_roots.push_back(p);
      }
      // Each Dirent goes to the innermost link it lies beneath, or to start.
      std::map<std::string, std::vector<Dirent>> by_walk_root{{start, {}}};
      for (const std::string& w : walk_roots) by_walk_root[w];
      for (const Dirent& d : dirents) {
        std::string owner = start;
        for (const std::string& w : walk_roots) {
          const bool beneath = d.parent_path == w ||
                               (d.parent_path.size() > w.size() &&
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
  if (std::system("command -v setpriv > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "no setpriv";
  dir("a/secret");
  ASSERT_EQ(::chmod(path("a/secret").c_str(), 0), 0);
  const std::string as_nobody =
      "setpriv --reuid=65534 --regid=65534 --clear-groups ";
  for (const bool types : {false, true}) {
    const std::vector<std::string> node =
        node_lines(root_ + "/", types, as_nobody);
    const int code = exit_code_as_nobody([&] {
      const Outcome ours = flatten(
          fast::readdir_recursive(root_ + "/", {.with_file_types = types}));
      return node.size() == 1 && node[0] == "error " + ours.error ? 0 : 1;
    });
    EXPECT_EQ(code, 0) << (node.empty() ? "(no output)" : node[0]);
  }
}

}  // namespace
}  // namespace fpbench::core::readdir_node_oracle_test
