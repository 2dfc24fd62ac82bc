#include "fpbench/reports/input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

namespace fpbench::reports {
namespace {

Error file_error(ErrorKind kind, std::string_view verb, std::string_view path,
                 int err) {
  return Error(
      kind, fmt::format("cannot {} '{}': {}", verb, path, std::strerror(err)));
}

Result<std::string> read_all(int fd, std::string_view name) {
  // A regular file is read in one buffer of its size (one byte more, to see
  // the end); anything else, or a file that grows meanwhile, doubles it.
  std::size_t capacity = 65536;
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    capacity = static_cast<std::size_t>(st.st_size) + 1;
  }
  std::string data(capacity, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == data.size()) data.resize(2 * data.size());
    const ssize_t n = ::read(fd, data.data() + size, data.size() - size);
    if (n > 0) {
      size += static_cast<std::size_t>(n);
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      return file_error(ErrorKind::kIo, "read", name, errno);
    }
  }
  data.resize(size);
  return data;
}

}  // namespace

std::string input_display_name(std::string_view path) {
  return path == "-" ? std::string("<stdin>") : std::string(path);
}

Result<std::string> read_input(const std::string& path) {
  if (path == "-") return read_all(STDIN_FILENO, input_display_name(path));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  // A file named on the command line that cannot be opened is a mistake in
  // the command, not a failure of the machine.
  if (fd < 0) return file_error(ErrorKind::kBadInput, "open", path, errno);
  Result<std::string> data = read_all(fd, path);
  ::close(fd);
  return data;
}

}  // namespace fpbench::reports
