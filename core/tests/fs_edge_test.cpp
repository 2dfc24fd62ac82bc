// The edges of fast's one-copy read and of the writes that replace a file
// without truncating it first: files that change size between fstat and
// read, files without a size, reads and writes that fail part way. Each
// case runs every implementation that does the operation, so fast is held
// to baseline's (Node's) result.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "fpbench/core/fs.hpp"
#include "fpbench/core/operations.hpp"
#include "fpbench/core/transcode.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "fs_common.hpp"
#include "test_support.hpp"
#include "uninitialized_string.hpp"

namespace fpbench::core {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::slurp;
using testing_support::open_fd_count;

std::string pattern(std::size_t n, char first) {
  std::string s(n, '\0');
  for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>(first + i % 23);
  return s;
}

Result<FileContents> read_with(const Operations& ops, const PathOrFd& file,
                               std::optional<Encoding> encoding) {
  FileContents contents;
  if (const Result<void> r = ops.read_file_sync(file, encoding, contents); !r)
    return r.error();
  return contents;
}

Result<void> write_with(const Operations& ops, const std::string& p,
                        std::string_view bytes,
                        const WriteOptions& options = {}) {
  return ops.write_file_sync(p, JsString(bytes), bytes, options);
}

class FsEdge : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-fs-edge-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    fds_before_ = open_fd_count();
  }
  void TearDown() override {
    test_hooks::set_after_size_hint(nullptr);
    EXPECT_EQ(open_fd_count(), fds_before_) << "a file descriptor leaked";
    fs::remove_all(dir_);
  }
  std::string path(const std::string& name) const {
    return (dir_ / name).string();
  }

  fs::path dir_;
  std::size_t fds_before_ = 0;
};

// What the hook does to the file between fast's fstat and its first read.
std::string resized_path;
std::size_t resize_to = 0;

void resize_file(int) {
  const std::string old = slurp(resized_path);
  std::ofstream out(resized_path, std::ios::binary | std::ios::trunc);
  out << (resize_to <= old.size() ? old.substr(0, resize_to)
                                  : old + pattern(resize_to - old.size(), 'A'));
}

TEST_F(FsEdge, FastReadsAFileThatChangesSizeAfterItsFstat) {
  // Growing past the hint by less than one byte, by one, and several times
  // over (the storage doubles); shrinking, to empty too.
  const std::size_t original = 100000;
  for (const std::size_t size :
       {original, original + 1, original + 2, 5 * original + 3, original - 1,
        std::size_t{10}, std::size_t{0}}) {
    SCOPED_TRACE(testing::Message() << "resized to " << size);
    resized_path = path("resized");
    resize_to = size;
    { std::ofstream(resized_path, std::ios::binary) << pattern(original, 'a'); }
    test_hooks::set_after_size_hint(resize_file);
    auto bytes = fast::read_file_sync(resized_path, std::nullopt);
    test_hooks::set_after_size_hint(nullptr);
    ASSERT_TRUE(bytes.has_value()) << bytes.error().message;
    EXPECT_EQ(std::get<std::string>(*bytes), slurp(resized_path));
    EXPECT_EQ(std::get<std::string>(*bytes).size(), size);
  }
}

TEST_F(FsEdge, EmptyFilesAndFilesWithoutASizeReadAsBaselineReadsThem) {
  const std::string empty = path("empty");
  std::ofstream(empty).close();
  // /proc files report size 0; this one's content is fixed.
  const std::string ostype = "/proc/sys/kernel/ostype";
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    for (const std::optional<Encoding> e :
         {std::optional<Encoding>{}, std::optional<Encoding>{Encoding::kUtf8},
          std::optional<Encoding>{Encoding::kAscii},
          std::optional<Encoding>{Encoding::kHex}}) {
      auto nothing = read_with(ops, empty, e);
      ASSERT_TRUE(nothing.has_value());
      auto proc = read_with(ops, ostype, e);
      ASSERT_TRUE(proc.has_value());
      if (ops.takes_prepared_input || !e) {
        EXPECT_TRUE(std::get<std::string>(*nothing).empty());
        EXPECT_EQ(std::get<std::string>(*proc), "Linux\n");
      } else {
        EXPECT_TRUE(std::get<JsString>(*nothing).empty());
        EXPECT_EQ(std::get<JsString>(*proc), baseline::decode("Linux\n", *e));
      }
    }
  }
}

TEST_F(FsEdge, AReadFailingPartWayFailsTheCall) {
  // /proc/self/mem read across the end of a mapping: the first read returns
  // the mapped page, the next fails with EIO.
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  void* map = ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  std::memset(map, 'm', page);
  ASSERT_EQ(::munmap(static_cast<char*>(map) + page, page), 0);
  const int fd = ::open("/proc/self/mem", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    ASSERT_EQ(
        ::lseek(fd, static_cast<off_t>(reinterpret_cast<std::uintptr_t>(map)),
                SEEK_SET),
        static_cast<off_t>(reinterpret_cast<std::uintptr_t>(map)));
    auto r = read_with(ops, PathOrFd::fd(fd), Encoding::kLatin1);
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().message, "EIO: i/o error, read");
  }
  ::close(fd);
  ::munmap(map, page);
}

TEST_F(FsEdge, ReplacingAFileByPathLeavesExactlyTheNewBytes) {
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    const std::string p = path(std::string("replace-") + std::string(ops.name));
    for (const std::size_t size : {70000, 70000, 5, 0, 3, 200000, 4096}) {
      const std::string bytes =
          pattern(size, static_cast<char>('a' + size % 7));
      ASSERT_TRUE(write_with(ops, p, bytes).has_value());
      EXPECT_EQ(slurp(p), bytes) << "after writing " << size << " bytes";
    }
    ASSERT_TRUE(write_with(ops, p, "mode", {.mode = 0600}).has_value());
    EXPECT_EQ(slurp(p), "mode");
  }
}

TEST_F(FsEdge, ReplacingAFifoOrADeviceByPathWritesToIt) {
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    EXPECT_TRUE(write_with(ops, "/dev/null", "into the void").has_value());
    const std::string fifo = path(std::string("fifo-") + std::string(ops.name));
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::string got;
    std::thread reader([&] { got = slurp(fifo); });
    EXPECT_TRUE(write_with(ops, fifo, "through a fifo").has_value());
    reader.join();
    EXPECT_EQ(got, "through a fifo");
  }
}

// In a child, with the file size limit at 100 bytes: a replacement of a
// 300-byte file by 200 bytes writes 100 and fails with EFBIG. Returns what
// the child saw, "message|file content".
std::string replace_past_the_size_limit(const Operations& ops,
                                        const std::string& p) {
  std::ofstream(p, std::ios::binary) << pattern(300, 'a');
  int out[2];
  if (::pipe(out) != 0) return "pipe failed";
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{100, 100};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const Result<void> r = write_with(ops, p, pattern(200, 'A'));
    const std::string seen =
        (r ? std::string("ok") : r.error().message) + "|" + slurp(p);
    (void)!::write(out[1], seen.data(), seen.size());
    _exit(0);
  }
  ::close(out[1]);
  std::string seen;
  char buffer[512];
  for (ssize_t n; (n = ::read(out[0], buffer, sizeof buffer)) > 0;) {
    seen.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(out[0]);
  ::waitpid(pid, nullptr, 0);
  return seen;
}

TEST_F(FsEdge, AReplacementFailingPartWayLeavesWhatTruncatingFirstWould) {
  const std::string expected =
      "EFBIG: file too large, write|" + pattern(200, 'A').substr(0, 100);
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    EXPECT_EQ(replace_past_the_size_limit(ops, path("limited")), expected);
  }
}

TEST(UninitializedString, GrowsKeepingItsCharactersAndShrinks) {
  std::string s = "abc";
  detail::resize_uninitialized(s, 100000);
  ASSERT_EQ(s.size(), 100000u);
  EXPECT_EQ(s.substr(0, 3), "abc");
  EXPECT_EQ(s.c_str()[100000], '\0');
  EXPECT_GE(s.capacity(), 100000u);
  std::memset(s.data() + 3, 'x', s.size() - 3);
  detail::resize_uninitialized(s, 5);
  EXPECT_EQ(s, "abcxx");
  detail::resize_uninitialized(s, 0);
  EXPECT_TRUE(s.empty());
}

}  // namespace
}  // namespace fpbench::core
