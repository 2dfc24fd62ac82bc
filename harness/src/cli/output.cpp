// Where the subcommands' results go: standard output and named files.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

#include "subcommands.hpp"

namespace fpbench::cli {

Result<void> write_stdout(std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n =
        ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return io_error(std::string("cannot write the output: ") +
                      std::strerror(errno));
    }
    done += static_cast<std::size_t>(n);
  }
  return {};
}

Result<void> write_file(const std::string& path, std::string_view text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr)
    return io_error("cannot write '" + path + "': " + std::strerror(errno));
  bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  int error = ok ? 0 : errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    error = errno;
  }
  if (!ok)
    return io_error("cannot write '" + path + "': " + std::strerror(error));
  return {};
}

Result<void> flush_stdout() {
  std::cout.flush();
  const int cout_errno = std::cout ? 0 : errno;
  errno = 0;
  const bool stdio_ok = std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
  const int stdio_errno = errno;
  if (std::cout && stdio_ok) return {};
  const int e = stdio_ok ? cout_errno : stdio_errno;
  return io_error(
      std::string("cannot write the output: ") +
      (e != 0 ? std::strerror(e) : "a write to standard output failed"));
}

int print_help(CLI::App& app, const CLI::Error& help) {
  std::ostringstream text;
  const int code = app.exit(help, text, std::cerr);
  if (auto written = write_stdout(text.str()); !written) {
    std::fprintf(stderr, "fpbench: error: %s\n",
                 written.error().message.c_str());
    return exit_code(written.error());
  }
  return finish(code);
}

int finish(int code) {
  if (auto flushed = flush_stdout(); !flushed) {
    std::fprintf(stderr, "fpbench: error: %s\n",
                 flushed.error().message.c_str());
    return exit_code(flushed.error());
  }
  return code;
}

std::string default_scenario_program() {
  if (const char* env = std::getenv("FPBENCH_SCENARIOS");
      env != nullptr && *env != '\0') {
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

std::string default_preload_library() {
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n > 0) {
    const std::string exe(self, static_cast<std::size_t>(n));
    const std::string dir = exe.substr(0, exe.rfind('/'));
    for (const std::string& candidate :
         {dir + "/../scenarios/libfpbench-preload.so",
          dir + "/../lib/fpbench/libfpbench-preload.so"}) {
      if (::access(candidate.c_str(), R_OK) == 0) return candidate;
    }
  }
  return "libfpbench-preload.so";
}

}  // namespace fpbench::cli
