// Where the subcommands' results go: standard output and named files.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>

#include "subcommands.hpp"

namespace fpbench::cli {

Result<void> write_stdout(std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return io_error(std::string("cannot write the output: ") + std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  return {};
}

Result<void> write_file(const std::string& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return io_error("cannot write '" + path + "': " + std::strerror(errno));
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int error = ok ? 0 : errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (!ok) return io_error("cannot write '" + path + "': " + std::strerror(error));
  return {};
}

std::string default_scenario_program() {
  if (const char* env = std::getenv("FPBENCH_SCENARIOS"); env != nullptr && *env != '\0') {
    return env;
  }
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    const std::string exe(self, static_cast<std::size_t>(n));
    const std::string dir = exe.substr(0, exe.rfind('/'));
    for (const std::string& candidate :
         {dir + "/fpbench-scenarios", dir + "/../scenarios/fpbench-scenarios",
          dir + "/../libexec/fpbench/fpbench-scenarios"}) {
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
  }
  return "fpbench-scenarios";
}

}  // namespace fpbench::cli
