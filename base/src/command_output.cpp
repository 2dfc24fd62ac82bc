// Where the subcommands' results go: standard output, written whole and
// flushed with its errors reported.

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

#include "fpbench/base/command_line.hpp"

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

}  // namespace fpbench::cli
