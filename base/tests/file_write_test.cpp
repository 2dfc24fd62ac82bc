// write_file_atomically: the whole new content or the old, one wording for
// every failure, and nothing left behind.

#include "fpbench/base/file_write.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <string>

#include "fpbench/test_support/scratch_dir.hpp"
#include "fpbench/test_support/test_files.hpp"

namespace fpbench {
namespace {

namespace fs = std::filesystem;

using test_support::slurp;

// Every name in dir, so that a temporary left behind shows.
std::string listing(const fs::path& dir) {
  std::string out;
  for (const auto& entry : fs::directory_iterator(dir))
    out += entry.path().filename().string() + " ";
  return out;
}

class FileWrite : public test_support::ScratchDirTest {
 protected:
  FileWrite() : ScratchDirTest("file-write") {}
};

TEST_F(FileWrite, SuccessLeavesTheContentAndNoTemporary) {
  const std::string path = (dir_ / "out.json").string();
  ASSERT_TRUE(write_file_atomically(path, "first\n"));
  const auto replaced = write_file_atomically(path, "second\n");
  ASSERT_TRUE(replaced) << replaced.error().message;
  EXPECT_EQ(slurp(path), "second\n");
  EXPECT_EQ(listing(dir_), "out.json ");
  ASSERT_TRUE(write_file_atomically(path, "third\n", Durability::kUnsynced));
  EXPECT_EQ(slurp(path), "third\n");
  EXPECT_EQ(listing(dir_), "out.json ");
}

TEST_F(FileWrite, AReplacedFileKeepsItsPermissions) {
  const std::string path = (dir_ / "kept").string();
  ASSERT_TRUE(write_file_atomically(path, "a"));
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  ASSERT_TRUE(write_file_atomically(path, "b"));
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0640u);
}

TEST_F(FileWrite, ASymbolicLinkStaysAndItsTargetIsReplaced) {
  const fs::path target = dir_ / "target";
  const fs::path link = dir_ / "link";
  ASSERT_TRUE(write_file_atomically(target.string(), "old"));
  fs::create_symlink(target, link);
  ASSERT_TRUE(write_file_atomically(link.string(), "new"));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(slurp(target), "new");
}

TEST_F(FileWrite, AFolderThatDoesNotExistIsNamedWithTheReason) {
  const std::string path = (dir_ / "missing" / "out.txt").string();
  const auto r = write_file_atomically(path, "x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, ErrorKind::kIo);
  EXPECT_EQ(r.error().message,
            "cannot write '" + path + "': No such file or directory");
}

TEST_F(FileWrite, ADirectoryIsRefused) {
  const auto r = write_file_atomically(dir_.string(), "x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message,
            "cannot write '" + dir_.string() + "': Is a directory");
}

TEST_F(FileWrite, AReadOnlyFolderIsNamedWithTheReasonAndLeftEmpty) {
  // Root may write anywhere: the write is tried in a child that, when it
  // runs as root, becomes nobody first.
  const fs::path locked = dir_ / "locked";
  fs::create_directories(locked);
  ASSERT_EQ(::chmod(locked.c_str(), 0555), 0);
  const std::string path = (locked / "out.txt").string();
  std::array<int, 2> pipe_fds{};
  ASSERT_EQ(::pipe(pipe_fds.data()), 0);
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::close(pipe_fds[0]);
    if (::geteuid() == 0 && ::setresuid(65534, 65534, 65534) != 0) _exit(2);
    const auto r = write_file_atomically(path, "x");
    const std::string message = r ? "written" : r.error().message;
    (void)!::write(pipe_fds[1], message.data(), message.size());
    _exit(0);
  }
  ::close(pipe_fds[1]);
  std::string message;
  std::array<char, 512> buffer{};
  for (ssize_t n; (n = ::read(pipe_fds[0], buffer.data(), buffer.size())) > 0;)
    message.append(buffer.data(), static_cast<std::size_t>(n));
  ::close(pipe_fds[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
      << "the child could not give up root";
  EXPECT_EQ(message, "cannot write '" + path + "': Permission denied");
  EXPECT_EQ(listing(locked), "");
}

TEST_F(FileWrite, ADeviceIsWrittenInPlace) {
  EXPECT_TRUE(write_file_atomically("/dev/null", "discarded"));
  const auto full = write_file_atomically("/dev/full", "x");
  ASSERT_FALSE(full);
  EXPECT_EQ(full.error().message,
            "cannot write '/dev/full': No space left on device");
}

}  // namespace
}  // namespace fpbench
