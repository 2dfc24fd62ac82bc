// The fs operations of every implementation: same bytes on disk, same
// contents read back, Node-shaped errors, no descriptor leaked, and every
// kind of file read(2) can read.

#include "fpbench/core/fs.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "fpbench/core/operations.hpp"
#include "fpbench/core/transcode.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "test_support.hpp"

namespace fpbench::core {
namespace {

using testing_support::exit_code_as_nobody;
using testing_support::open_fd_count;

namespace fs = std::filesystem;
using fpbench::test_support::slurp;

// A row of the operations table that converts its input (baseline, fast),
// called as Node's API is: the string alone, the bytes it is written as
// worked out here for the entry that takes them too. The floor, which only
// moves bytes, has tests of its own below.
struct Impl {
  std::string name;
  const Operations* ops;

  [[nodiscard]] Result<void> write(const PathOrFd& file, const JsString& text,
                                   const WriteOptions& options) const {
    return ops->write_file_sync(
        file, text, baseline::encode(text, options.encoding), options);
  }
  [[nodiscard]] Result<void> append(const PathOrFd& file, const JsString& text,
                                    const WriteOptions& options) const {
    return ops->append_file_sync(
        file, text, baseline::encode(text, options.encoding), options);
  }
  [[nodiscard]] Result<FileContents> read(
      const PathOrFd& file, std::optional<Encoding> encoding) const {
    FileContents contents;
    if (const Result<void> r = ops->read_file_sync(file, encoding, contents);
        !r)
      return r.error();
    return contents;
  }
};

const std::vector<Impl>& converting_impls() {
  static const std::vector<Impl> impls = [] {
    std::vector<Impl> out;
    for (const Operations& ops : all_operations()) {
      if (!ops.takes_prepared_input)
        out.push_back({std::string(ops.name), &ops});
    }
    return out;
  }();
  return impls;
}

// Seeded strings of the kinds Node handles differently.
JsString random_string(std::mt19937& rng, std::size_t n, int kind) {
  if (kind == 0 || kind == 1) {  // one-byte: ASCII, then Latin-1
    std::string s(n, '\0');
    for (char& c : s) c = static_cast<char>(rng() % (kind == 0 ? 0x80 : 0x100));
    return JsString(std::move(s));
  }
  std::u16string s(n, u'\0');
  for (std::size_t i = 0; i < n; ++i) {
    const auto r = rng() % 10;
    s[i] = r < 4   ? static_cast<char16_t>('a' + rng() % 26)
           : r < 6 ? static_cast<char16_t>(0x80 + rng() % 0x780)
           : r < 8
               ? static_cast<char16_t>(0x800 + rng() % 0xD000)
               : static_cast<char16_t>(0xD800 + rng() % 0x800);  // surrogates
  }
  return JsString(std::move(s));
}

class Fs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fpbench-fs-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    fds_before_ = open_fd_count();
  }
  void TearDown() override {
    EXPECT_EQ(open_fd_count(), fds_before_) << "a file descriptor leaked";
    fs::remove_all(dir_);
  }
  std::string path(const std::string& name) const {
    return (dir_ / name).string();
  }

  fs::path dir_;
  std::size_t fds_before_ = 0;
};

TEST_F(Fs, EveryImplementationWritesTheSameBytesAndReadsThemBack) {
  const std::size_t sizes[] = {0,  1,  7,  8,  15,   16,   31,
                               32, 63, 64, 65, 4095, 4096, 65537};
  const Encoding encodings[] = {Encoding::kUtf8,    Encoding::kLatin1,
                                Encoding::kUtf16le, Encoding::kBase64,
                                Encoding::kHex,     Encoding::kAscii};
  for (unsigned seed = 1; seed <= 2; ++seed) {
    for (std::size_t size : sizes) {
      for (int kind = 0; kind < 3; ++kind) {
        std::mt19937 rng(seed * 1000 + static_cast<unsigned>(size) * 3 +
                         static_cast<unsigned>(kind));
        const JsString text = random_string(rng, size, kind);
        for (Encoding e : encodings) {
          const std::string expected = baseline::encode(text, e);
          for (const Impl& impl : converting_impls()) {
            SCOPED_TRACE(testing::Message()
                         << impl.name << " seed " << seed << " size " << size
                         << " kind " << kind << " " << encoding_name(e));
            const std::string p = path("f");
            ASSERT_TRUE(
                impl.write(p, text, WriteOptions{.encoding = e}).has_value());
            ASSERT_EQ(slurp(p), expected);
            auto back = impl.read(p, e);
            ASSERT_TRUE(back.has_value()) << back.error().message;
            EXPECT_EQ(std::get<JsString>(*back), baseline::decode(expected, e));
            auto bytes = impl.read(p, std::nullopt);
            ASSERT_TRUE(bytes.has_value());
            EXPECT_EQ(std::get<std::string>(*bytes), expected);
          }
        }
      }
    }
  }
}

TEST_F(Fs, AppendAddsAndWriteTruncates) {
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    const std::string p = path(std::string("a-") + impl.name);
    ASSERT_TRUE(
        impl.append(p, JsString(std::string_view("one ")), {}).has_value());
    ASSERT_TRUE(impl.append(p, JsString(std::u16string_view(u"\u20ac")), {})
                    .has_value());
    EXPECT_EQ(slurp(p), "one \xE2\x82\xAC");
    ASSERT_TRUE(impl.write(p, JsString(std::string_view("x")), {}).has_value());
    EXPECT_EQ(slurp(p), "x");
  }
}

TEST_F(Fs, DescriptorsAreWrittenAtTheirOffsetAndLeftOpen) {
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    const std::string p = path(std::string("fd-") + impl.name);
    const int fd = ::open(p.c_str(), O_CREAT | O_RDWR | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_TRUE(
        impl.write(PathOrFd::fd(fd), JsString(std::string_view("ab")), {})
            .has_value());
    ASSERT_TRUE(
        impl.write(PathOrFd::fd(fd), JsString(std::string_view("cd")), {})
            .has_value());
    EXPECT_EQ(slurp(p), "abcd");
    ASSERT_EQ(::lseek(fd, 1, SEEK_SET), 1);
    auto rest = impl.read(PathOrFd::fd(fd), Encoding::kUtf8);
    ASSERT_TRUE(rest.has_value());
    EXPECT_EQ(std::get<JsString>(*rest), JsString(std::string_view("bcd")));
    EXPECT_EQ(::fcntl(fd, F_GETFD), FD_CLOEXEC * 0)
        << "descriptor must stay open";
    ::close(fd);
  }
}

TEST_F(Fs, FlagsAreHonoured) {
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    const std::string p = path(std::string("wx-") + impl.name);
    ASSERT_TRUE(impl.write(p, JsString(std::string_view("1")), {.flag = "wx"})
                    .has_value());
    auto again = impl.write(p, JsString(std::string_view("2")), {.flag = "wx"});
    ASSERT_FALSE(again.has_value());
    EXPECT_EQ(again.error().code, "EEXIST");
    EXPECT_EQ(again.error().message,
              "EEXIST: file already exists, open '" + p + "'");
    auto bad = impl.write(p, JsString(std::string_view("2")), {.flag = "q"});
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().code, "ERR_INVALID_ARG_VALUE");
    ASSERT_TRUE(impl.write(p, JsString(std::string_view("0640")),
                           {.flag = "w", .mode = 0640})
                    .has_value());
  }
}

TEST_F(Fs, FlushCallsFsync) {
  // fsync on a pipe fails with EINVAL: the error proves the call was made
  // (Node's fast path once skipped it, nodejs/node#60552).
  int p[2];
  ASSERT_EQ(::pipe(p), 0);
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    auto r = impl.write(PathOrFd::fd(p[1]), JsString(std::string_view("x")),
                        {.flush = true});
    ASSERT_FALSE(r.has_value());
    EXPECT_EQ(r.error().message, "EINVAL: invalid argument, fsync");
    EXPECT_TRUE(
        impl.write(PathOrFd::fd(p[1]), JsString(std::string_view("y")), {})
            .has_value());
  }
  char buf[8];
  EXPECT_EQ(::read(p[0], buf, sizeof buf), 4);
  ::close(p[0]);
  ::close(p[1]);
}

TEST_F(Fs, ErrorsHaveNodesShape) {
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    auto missing = impl.read(path("not-found"), Encoding::kUtf8);
    ASSERT_FALSE(missing.has_value());
    const FsError& e = missing.error();
    EXPECT_EQ(e.code, "ENOENT");
    EXPECT_EQ(e.errno_value, -2);
    EXPECT_EQ(e.syscall, "open");
    EXPECT_EQ(e.path, path("not-found"));
    EXPECT_EQ(e.message, "ENOENT: no such file or directory, open '" +
                             path("not-found") + "'");

    auto dir = impl.read(dir_.string(), std::nullopt);
    ASSERT_FALSE(dir.has_value());
    EXPECT_EQ(dir.error().message,
              "EISDIR: illegal operation on a directory, read");

    auto write_dir =
        impl.write(dir_.string(), JsString(std::string_view("x")), {});
    ASSERT_FALSE(write_dir.has_value());
    EXPECT_EQ(write_dir.error().code, "EISDIR");

    auto bad_read = impl.read(PathOrFd::fd(999), std::nullopt);
    ASSERT_FALSE(bad_read.has_value());
    EXPECT_EQ(bad_read.error().message, "EBADF: bad file descriptor, fstat");
    auto bad_write =
        impl.write(PathOrFd::fd(999), JsString(std::string_view("x")), {});
    ASSERT_FALSE(bad_write.has_value());
    EXPECT_EQ(bad_write.error().message, "EBADF: bad file descriptor, write");
  }
}

TEST_F(Fs, PermissionDenied) {
  const std::string p = path("secret");
  std::ofstream(p) << "x";
  ASSERT_EQ(::chmod(p.c_str(), 0), 0);
  ASSERT_EQ(::chmod(dir_.c_str(), 0755), 0);
  for (const Impl& impl : converting_impls()) {
    const int code = exit_code_as_nobody([&] {
      auto r = impl.read(p, Encoding::kUtf8);
      if (r.has_value()) return 1;
      return r.error().message == "EACCES: permission denied, open '" + p + "'"
                 ? 0
                 : 2;
    });
    EXPECT_EQ(code, 0) << impl.name;
  }
}

TEST_F(Fs, ReadsPipesProcFilesAndDevices) {
  for (const Impl& impl : converting_impls()) {
    SCOPED_TRACE(impl.name);
    // A pipe fed by another thread, larger than the pipe's own buffer.
    int p[2];
    ASSERT_EQ(::pipe(p), 0);
    std::string data(1 << 20, '\0');
    std::mt19937 rng(7);
    for (char& c : data) c = static_cast<char>('a' + rng() % 26);
    std::thread writer([&] {
      std::string_view rest = data;
      while (!rest.empty()) {
        const ssize_t n = ::write(p[1], rest.data(),
                                  std::min<std::size_t>(rest.size(), 10000));
        if (n <= 0) break;
        rest.remove_prefix(static_cast<std::size_t>(n));
      }
      ::close(p[1]);
    });
    auto piped = impl.read(PathOrFd::fd(p[0]), Encoding::kLatin1);
    writer.join();
    ::close(p[0]);
    ASSERT_TRUE(piped.has_value()) << piped.error().message;
    EXPECT_EQ(std::get<JsString>(*piped), JsString(std::string_view(data)));

    // A FIFO by path.
    const std::string fifo = path(std::string("fifo-") + impl.name);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread fifo_writer([&] { std::ofstream(fifo) << "through a fifo"; });
    auto from_fifo = impl.read(fifo, Encoding::kUtf8);
    fifo_writer.join();
    ASSERT_TRUE(from_fifo.has_value());
    EXPECT_EQ(std::get<JsString>(*from_fifo),
              JsString(std::string_view("through a fifo")));

    // /proc files report size 0 yet have content.
    auto status = impl.read("/proc/self/status", Encoding::kUtf8);
    ASSERT_TRUE(status.has_value());
    EXPECT_NE(std::get<JsString>(*status).one_byte().find("Pid:"),
              std::string_view::npos);

    auto null_dev = impl.read("/dev/null", std::nullopt);
    ASSERT_TRUE(null_dev.has_value());
    EXPECT_TRUE(std::get<std::string>(*null_dev).empty());
  }
}

TEST_F(Fs, FloorWritesAndReadsRawBytes) {
  const Operations& floor_ops = operations(Implementation::kFloor);
  const std::string p = path("floor");
  const JsString ignored(std::string_view("not what is written"));
  ASSERT_TRUE(
      floor_ops.write_file_sync(p, ignored, "raw \xff", {}).has_value());
  ASSERT_TRUE(floor_ops.append_file_sync(p, ignored, " bytes", {}).has_value());
  FileContents contents = std::string("previous content that is longer");
  ASSERT_TRUE(
      floor_ops.read_file_sync(p, Encoding::kUtf8, contents).has_value());
  EXPECT_EQ(std::get<std::string>(contents), "raw \xff bytes");
  EXPECT_FALSE(floor_ops.read_file_sync(path("none"), std::nullopt, contents)
                   .has_value());
}

TEST_F(Fs, EveryRowOfTheTableReadsIntoReusedContents) {
  const std::string p = path("reuse");
  std::ofstream(p) << "caf\xc3\xa9";
  for (const Operations& ops : all_operations()) {
    SCOPED_TRACE(std::string(ops.name));
    FileContents contents =
        JsString(std::u16string_view(u"a longer string left from before"));
    ASSERT_TRUE(ops.read_file_sync(p, std::nullopt, contents).has_value());
    EXPECT_EQ(std::get<std::string>(contents), "caf\xc3\xa9");
    ASSERT_TRUE(ops.read_file_sync(p, Encoding::kUtf8, contents).has_value());
    if (ops.takes_prepared_input) {
      EXPECT_EQ(std::get<std::string>(contents), "caf\xc3\xa9");
    } else {
      EXPECT_EQ(std::get<JsString>(contents),
                JsString(std::string_view("caf\xe9")));
    }
  }
}

TEST_F(Fs, FilesOverTwoGibibytesAreRefused) {
  const std::string p = path("huge");
  {
    const int fd = ::open(p.c_str(), O_CREAT | O_WRONLY, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(kMaxReadBytes) + 1),
              0);  // sparse
    ::close(fd);
  }
  for (const Impl& impl : converting_impls()) {
    auto r = impl.read(p, std::nullopt);
    ASSERT_FALSE(r.has_value()) << impl.name;
    EXPECT_EQ(r.error().code, "ERR_FS_FILE_TOO_LARGE");
    EXPECT_EQ(r.error().message,
              "File size (2147483648) is greater than 2 GiB");
  }
}

TEST_F(Fs, StringsOverV8sLimitAreRefusedNotAllocated) {
  const std::string p = path("long");
  {
    const int fd = ::open(p.c_str(), O_CREAT | O_WRONLY, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::ftruncate(fd, static_cast<off_t>(kMaxStringLength) + 1), 0);
    ::close(fd);
  }
  auto r = fast::read_file_sync(p, Encoding::kLatin1);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, "ERR_STRING_TOO_LONG");
  EXPECT_EQ(r.error().message,
            "Cannot create a string longer than 0x1fffffe8 characters");
}

TEST(FsError, NodeCodeIsItsOwnField) {
  const FsError e =
      coded_error(ErrorKind::kBadInput, "ERR_STRING_TOO_LONG",
                  "Cannot create a string longer than 0x1fffffe8 characters");
  EXPECT_EQ(e.kind, ErrorKind::kBadInput);
  EXPECT_EQ(e.code, "ERR_STRING_TOO_LONG");
  EXPECT_EQ(e.message,
            "Cannot create a string longer than 0x1fffffe8 characters");
}

TEST(FsError, BaseErrorsComeWithoutNodeFieldsAndGoBackWithTheirKind) {
  const Result<int> usage = usage_error("--runs must be at least 1");
  ASSERT_FALSE(usage);
  EXPECT_EQ(usage.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(usage.error().code, "");
  EXPECT_EQ(usage.error().errno_value, 0);
  const fpbench::Result<void> up = Result<void>(
      coded_error(ErrorKind::kIo, "EPIPE", "EPIPE: broken pipe, write"));
  ASSERT_FALSE(up);
  EXPECT_EQ(up.error().kind, ErrorKind::kIo);
  EXPECT_EQ(up.error().message, "EPIPE: broken pipe, write");
}

}  // namespace
}  // namespace fpbench::core
