#pragma once

// A file of its own for a child to write into or read from (counts,
// results, a plot's data), made with mkstemps from a pattern whose XXXXXX
// is followed by `suffix_length` characters (".json": 5), and removed with
// the object. An empty path() means it could not be made; error() says why.

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>

namespace fpbench {

class TempFile {
 public:
  explicit TempFile(std::string pattern, int suffix_length = 0) {
    const int fd = ::mkstemps(pattern.data(), suffix_length);
    if (fd < 0) {
      error_ = errno;
      return;
    }
    ::close(fd);
    path_ = std::move(pattern);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] int error() const { return error_; }

  // What the file holds now ("" when it cannot be read).
  [[nodiscard]] std::string text() const {
    std::string out;
    if (std::FILE* f = std::fopen(path_.c_str(), "rb")) {
      char buf[4096];
      for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        out.append(buf, n);
      std::fclose(f);
    }
    return out;
  }

 private:
  std::string path_;
  int error_ = 0;
};

}  // namespace fpbench
