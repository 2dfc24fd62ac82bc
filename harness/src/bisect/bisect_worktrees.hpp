#pragma once

// What `fpbench bisect` asks of git, and the builds it keeps.
//
// The user's checkout is never touched: every commit is checked out in a
// worktree of bisect's own under the cache directory (`git worktree add
// --detach`, which writes only the repository's worktree list), built
// there, and kept for the next bisect. A build is keyed by its commit: one
// that succeeded is reused, one that failed is remembered as a skip, each
// with the build command it ran (another command builds again).

#include <string>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::harness::bisect_detail {

// The top of the work tree holding `dir`; a bad-input error naming `dir`
// when it is not in a git repository.
Result<std::string> repository_top(const std::string& dir);

// The full sha of `rev` as a commit; a bad-input error naming `what`
// ("--good") when there is none.
Result<std::string> resolve_commit(const std::string& top,
                                   const std::string& rev,
                                   const std::string& what);

// The commits after `good` up to `bad` along bad's first parents, oldest
// first (bad last); a bad-input error when good is not on that line.
Result<std::vector<std::string>> first_parent_range(const std::string& top,
                                                    const std::string& good,
                                                    const std::string& bad);

// The merge base of two commits (git merge-base); bad input when they have
// none.
Result<std::string> merge_base(const std::string& top, const std::string& a,
                               const std::string& b);

struct CommitInfo {
  std::string subject;
  std::string date;  // author date, strict ISO 8601
};
Result<CommitInfo> describe_commit(const std::string& top,
                                   const std::string& sha);

// Whether tracked files of the user's work tree differ from its index or
// HEAD (bisect leaves them so, and says it measured commits only).
bool has_uncommitted_changes(const std::string& top);

// $XDG_CACHE_HOME/fpbench/bisect, else ~/.cache/fpbench/bisect, else under
// the system's temporary directory.
std::string default_cache_root();

struct Build {
  bool ok = false;
  bool cached = false;  // this bisect did not run the build
  std::string worktree;
  std::string failure;  // why it did not build, with the log's last lines
};

class BuildCache {
 public:
  // `root`: the cache directory shared by every repository; this one's
  // builds go under a folder named for its git directory.
  BuildCache(std::string top, const std::string& root,
             std::string build_command);

  // The worktree of `sha` in the cache, checked out when it is not there
  // yet. Not safe to call from two threads at once (git locks its worktree
  // list); build() is.
  Result<std::string> checkout(const std::string& sha);
  // The commit built in its worktree (checkout() first), or what the cache
  // remembers of an earlier build with the same command.
  Result<Build> build(const std::string& sha);

  [[nodiscard]] const std::string& directory() const { return directory_; }

 private:
  [[nodiscard]] std::string worktree_of(const std::string& sha) const;
  std::string top_;
  std::string directory_;
  std::string build_command_;
};

// `text` in single quotes for a POSIX shell or split_command_words.
std::string shell_quote(const std::string& text);

}  // namespace fpbench::harness::bisect_detail
