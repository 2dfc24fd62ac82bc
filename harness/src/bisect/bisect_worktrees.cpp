#include "bisect/bisect_worktrees.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fpbench/base/process.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::harness::bisect_detail {
namespace {

namespace fs = std::filesystem;

std::string trim(std::string text) {
  while (!text.empty() &&
         (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

// git's stdout, trimmed, when it succeeds; its failure otherwise.
Result<std::string> git(const std::string& dir,
                        const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "-C", dir};
  argv.insert(argv.end(), args.begin(), args.end());
  FPBENCH_ASSIGN_OR_RETURN(auto r, run_process(argv));
  if (!r.ok()) {
    return internal_error("git " + args.front() +
                          " failed: " + r.failure_text());
  }
  return trim(r.out);
}

// FNV-1a: a name that stays the same across builds of fpbench, so the cache
// survives upgrades.
std::string stable_hash(const std::string& text) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return fmt::format("{:016x}", h);
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Result<void> write_all(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) return io_error("cannot write " + p.string());
  return {};
}

}  // namespace

std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

Result<std::string> repository_top(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    return bad_input_error("--repo '" + dir + "' is not a directory");
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto r, run_process({"git", "-C", dir, "rev-parse", "--show-toplevel"}));
  if (!r.ok()) {
    return bad_input_error("not a git repository: '" + dir +
                           "' (bisect runs inside the repository whose "
                           "history it searches, or with --repo DIR)");
  }
  return trim(r.out);
}

Result<std::string> resolve_commit(const std::string& top,
                                   const std::string& rev,
                                   const std::string& what) {
  FPBENCH_ASSIGN_OR_RETURN(
      auto r, run_process({"git", "-C", top, "rev-parse", "--verify", "--quiet",
                           rev + "^{commit}"}));
  if (!r.ok() || rev.empty()) {
    return bad_input_error(what + " '" + rev + "' names no commit in " + top);
  }
  return trim(r.out);
}

Result<std::vector<std::string>> first_parent_range(const std::string& top,
                                                    const std::string& good,
                                                    const std::string& bad) {
  FPBENCH_ASSIGN_OR_RETURN(auto ancestor,
                           run_process({"git", "-C", top, "merge-base",
                                        "--is-ancestor", good, bad}));
  if (!ancestor.ok()) {
    return bad_input_error("--good " + good.substr(0, 12) +
                           " is not an ancestor of --bad " + bad.substr(0, 12) +
                           ": bisect searches the commits between them");
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto list,
      git(top, {"rev-list", "--first-parent", "--reverse", good + ".." + bad}));
  std::vector<std::string> commits;
  std::istringstream lines(list);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) commits.push_back(line);
  }
  if (commits.empty()) {
    return bad_input_error("no commits between --good and --bad");
  }
  auto parent = git(top, {"rev-parse", commits.front() + "^"});
  if (!parent || *parent != good) {
    return bad_input_error("--good " + good.substr(0, 12) +
                           " is not on the first-parent history of --bad " +
                           bad.substr(0, 12) +
                           " (bisect follows first parents, like git bisect "
                           "--first-parent)");
  }
  return commits;
}

Result<std::string> merge_base(const std::string& top, const std::string& a,
                               const std::string& b) {
  FPBENCH_ASSIGN_OR_RETURN(auto r,
                           run_process({"git", "-C", top, "merge-base", a, b}));
  if (!r.ok()) {
    return bad_input_error("commits " + a.substr(0, 12) + " and " +
                           b.substr(0, 12) + " have no merge base in " + top);
  }
  return trim(r.out);
}

Result<CommitInfo> describe_commit(const std::string& top,
                                   const std::string& sha) {
  FPBENCH_ASSIGN_OR_RETURN(auto text,
                           git(top, {"log", "-1", "--format=%s%n%aI", sha}));
  const std::size_t nl = text.find('\n');
  return CommitInfo{text.substr(0, nl),
                    nl == std::string::npos ? "" : text.substr(nl + 1)};
}

bool has_uncommitted_changes(const std::string& top) {
  auto r = git(top, {"status", "--porcelain", "--untracked-files=no"});
  return r && !r->empty();
}

std::string default_cache_root() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') {
    return std::string(xdg) + "/fpbench/bisect";
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home == '/') {
    return std::string(home) + "/.cache/fpbench/bisect";
  }
  return (fs::temp_directory_path() / "fpbench-bisect").string();
}

BuildCache::BuildCache(std::string top, const std::string& root,
                       std::string build_command)
    : top_(std::move(top)), build_command_(std::move(build_command)) {
  const auto common =
      git(top_, {"rev-parse", "--path-format=absolute", "--git-common-dir"});
  directory_ = root + "/" + stable_hash(common ? *common : top_);
}

std::string BuildCache::worktree_of(const std::string& sha) const {
  return directory_ + "/" + sha;
}

Result<std::string> BuildCache::checkout(const std::string& sha) {
  const std::string dir = worktree_of(sha);
  std::error_code ec;
  if (fs::exists(dir + "/.git", ec)) {
    auto head = git(dir, {"rev-parse", "HEAD"});
    if (head && *head == sha) return dir;
  }
  // A worktree whose folder was deleted (or half made) is forgotten first,
  // so that git lets its path be used again.
  fs::remove_all(dir, ec);
  fs::remove(dir + ".build", ec);
  fs::create_directories(directory_, ec);
  if (ec) return io_error("cannot create " + directory_ + ": " + ec.message());
  FPBENCH_TRY(git(top_, {"worktree", "prune"}));
  FPBENCH_TRY(git(top_, {"worktree", "add", "--detach", "--force", dir, sha}));
  return dir;
}

Result<Build> BuildCache::build(const std::string& sha) {
  Build b;
  b.worktree = worktree_of(sha);
  const fs::path status = b.worktree + ".build";
  const std::string remembered = read_all(status);
  const std::size_t first = remembered.find('\n');
  const std::size_t second = remembered.find('\n', first + 1);
  if (first != std::string::npos && second != std::string::npos &&
      remembered.substr(first + 1, second - first - 1) == build_command_) {
    b.cached = true;
    b.ok = remembered.substr(0, first) == "ok";
    b.failure = remembered.substr(second + 1);
    return b;
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto r,
      run_process({"env", "-C", b.worktree, "/bin/sh", "-c", build_command_}));
  FPBENCH_TRY(write_all(b.worktree + ".log", r.out + r.err));
  b.ok = r.ok();
  if (!b.ok) b.failure = r.failure_text();
  FPBENCH_TRY(write_all(status, std::string(b.ok ? "ok" : "failed") + "\n" +
                                    build_command_ + "\n" + b.failure));
  return b;
}

}  // namespace fpbench::harness::bisect_detail
