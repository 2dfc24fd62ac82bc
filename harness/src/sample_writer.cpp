#include "fpbench/harness/sample_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace fpbench::harness {
Result<SampleWriter> SampleWriter::open(const std::string& path, bool append) {
  if (path == "-") return SampleWriter(STDOUT_FILENO, false, "<stdout>");
  const int flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) {
    return io_error("cannot open '" + path + "' for writing: " + std::strerror(errno));
  }
  return SampleWriter(fd, true, path);
}

SampleWriter::SampleWriter(SampleWriter&& other) noexcept
    : fd_(other.fd_), owned_(other.owned_), name_(std::move(other.name_)) {
  other.owned_ = false;
}

SampleWriter::~SampleWriter() {
  if (owned_) ::close(fd_);
}

Result<void> SampleWriter::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return io_error("cannot write to " + name_ + ": " + std::strerror(errno));
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

}  // namespace fpbench::harness
