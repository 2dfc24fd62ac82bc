#include "fpbench/reports/input.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "fpbench/base/try.hpp"

namespace fpbench::reports {
namespace {

Error file_error(ErrorKind kind, std::string_view verb, std::string_view path,
                 int err) {
  return Error(
      kind, fmt::format("cannot {} '{}': {}", verb, path, std::strerror(err)));
}

Error too_large(std::string_view name, std::size_t max_bytes) {
  return bad_input_error(fmt::format(
      "{}: input larger than {} bytes, the most one input may hold: is it "
      "the right file?",
      name, max_bytes));
}

Result<std::string> read_all(int fd, std::string_view name,
                             std::size_t max_bytes) {
  // A regular file is read in one buffer of its size (one byte more, to see
  // the end); anything else, or a file that grows meanwhile, doubles it, up
  // to one byte past the limit, so that an endless input stops there.
  std::size_t capacity = 65536;
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    if (static_cast<std::size_t>(st.st_size) > max_bytes) {
      return too_large(name, max_bytes);
    }
    capacity = static_cast<std::size_t>(st.st_size) + 1;
  }
  capacity = std::min(capacity, max_bytes + 1);
  std::string data(capacity, '\0');
  std::size_t size = 0;
  for (;;) {
    if (size == data.size()) {
      if (size > max_bytes) return too_large(name, max_bytes);
      data.resize(std::min(2 * data.size(), max_bytes + 1));
    }
    const ssize_t n = ::read(fd, data.data() + size, data.size() - size);
    if (n > 0) {
      size += static_cast<std::size_t>(n);
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      return file_error(ErrorKind::kIo, "read", name, errno);
    }
  }
  if (size > max_bytes) return too_large(name, max_bytes);
  data.resize(size);
  return data;
}

}  // namespace

std::string input_display_name(std::string_view path) {
  return path == "-" ? std::string("<stdin>") : std::string(path);
}

Result<std::string> read_input(const std::string& path, std::size_t max_bytes) {
  if (path == "-") {
    return read_all(STDIN_FILENO, input_display_name(path), max_bytes);
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  // A file named on the command line that cannot be opened is a mistake in
  // the command, not a failure of the machine.
  if (fd < 0) return file_error(ErrorKind::kBadInput, "open", path, errno);
  Result<std::string> data = read_all(fd, path, max_bytes);
  ::close(fd);
  return data;
}

InputText::InputText(const void* mapped, std::size_t size)
    : view_(static_cast<const char*>(mapped), size), mapped_(mapped) {}

InputText::InputText(InputText&& other) noexcept
    : text_(std::move(other.text_)),
      view_(other.mapped_ != nullptr ? other.view_ : std::string_view(text_)),
      mapped_(std::exchange(other.mapped_, nullptr)) {
  other.view_ = {};
}

InputText& InputText::operator=(InputText&& other) noexcept {
  if (this == &other) return *this;
  if (mapped_ != nullptr) ::munmap(const_cast<void*>(mapped_), view_.size());
  const bool other_mapped = other.mapped_ != nullptr;
  text_ = std::move(other.text_);
  view_ = other_mapped ? other.view_ : std::string_view(text_);
  mapped_ = std::exchange(other.mapped_, nullptr);
  other.view_ = {};
  return *this;
}

InputText::~InputText() {
  if (mapped_ != nullptr) ::munmap(const_cast<void*>(mapped_), view_.size());
}

Result<InputText> open_input(const std::string& path, std::size_t max_bytes) {
  if (path == "-") {
    FPBENCH_ASSIGN_OR_RETURN(
        auto text, read_all(STDIN_FILENO, input_display_name(path), max_bytes));
    return InputText(std::move(text));
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return file_error(ErrorKind::kBadInput, "open", path, errno);
  struct stat st {};
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size > max_bytes) {
      ::close(fd);
      return too_large(path, max_bytes);
    }
    // Loaded up front: one call instead of a page fault per page.
    void* mapped =
        ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
    if (mapped != MAP_FAILED) {
      ::close(fd);
      return InputText(mapped, size);
    }
  }
  auto text = read_all(fd, path, max_bytes);
  ::close(fd);
  FPBENCH_TRY(text);
  return InputText(std::move(*text));
}

}  // namespace fpbench::reports
