#pragma once

// A file of its own for a child to write into (counts, results), made with
// mkstemp from a pattern ending in XXXXXX and removed with the object. An
// empty path() means it could not be made.

#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace fpbench {

class TempFile {
 public:
  explicit TempFile(std::string pattern) {
    const int fd = ::mkstemp(pattern.data());
    if (fd >= 0) {
      ::close(fd);
      path_ = std::move(pattern);
    }
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }

  [[nodiscard]] const std::string& path() const { return path_; }

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
};

}  // namespace fpbench
