#include "fpbench/harness/plot.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "fpbench/harness/process.hpp"

#ifndef FPBENCH_PLOT_SOURCE_SCRIPT
#define FPBENCH_PLOT_SOURCE_SCRIPT ""
#endif

namespace fpbench::harness {
namespace {

std::string env_or(const char* name, std::string fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

std::string executable_dir() {
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return {};
  const std::string exe(self, static_cast<std::size_t>(n));
  return exe.substr(0, exe.rfind('/'));
}

// A temporary file that is removed when this goes out of scope.
class TempFile {
 public:
  TempFile() = default;
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }

  Result<void> create_with(std::string_view text) {
    std::string name =
        env_or("TMPDIR", "/tmp") + "/fpbench-plot-XXXXXX.json";
    const int fd = ::mkstemps(name.data(), 5);
    if (fd < 0) {
      return io_error(fmt::format("cannot create a temporary file '{}': {}",
                                  name, std::strerror(errno)));
    }
    path_ = name;
    std::size_t done = 0;
    while (done < text.size()) {
      const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int e = errno;
        ::close(fd);
        return io_error(
            fmt::format("cannot write '{}': {}", path_, std::strerror(e)));
      }
      done += static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0) {
      return io_error(
          fmt::format("cannot write '{}': {}", path_, std::strerror(errno)));
    }
    return {};
  }

  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

}  // namespace

std::string_view plot_kind_name(PlotKind kind) {
  switch (kind) {
    case PlotKind::kBox:
      return "box";
    case PlotKind::kImprovement:
      return "improvement";
    case PlotKind::kHistory:
      return "history";
  }
  return "box";
}

Result<std::string> plot_script_path() {
  if (const char* env = std::getenv("FPBENCH_PLOT_SCRIPT");
      env != nullptr && *env != '\0') {
    if (::access(env, R_OK) == 0) return std::string(env);
    return internal_error(
        fmt::format("FPBENCH_PLOT_SCRIPT '{}' cannot be read: {}", env,
                    std::strerror(errno)));
  }
  std::vector<std::string> candidates;
  if (const std::string dir = executable_dir(); !dir.empty()) {
    candidates.push_back(dir + "/fpbench_plot.py");
    candidates.push_back(dir + "/../share/fpbench/fpbench_plot.py");
  }
  if (const std::string source = FPBENCH_PLOT_SOURCE_SCRIPT; !source.empty()) {
    candidates.push_back(source);
  }
  for (const std::string& c : candidates) {
    if (::access(c.c_str(), R_OK) == 0) return c;
  }
  return internal_error(
      fmt::format("cannot find the plot script fpbench_plot.py (looked "
                  "in {}); set FPBENCH_PLOT_SCRIPT to its path",
                  fmt::join(candidates, ", ")));
}

Result<void> render_plot(PlotKind kind, std::string_view json_text,
                         const std::string& png_path) {
  const Result<std::string> script = plot_script_path();
  if (!script) return script.error();
  TempFile json_file;
  if (Result<void> made = json_file.create_with(json_text); !made) {
    return made.error();
  }
  const std::string python = env_or("FPBENCH_PYTHON", "/usr/bin/python3");
  const Result<ProcessResult> run = run_process(
      {python, *script, std::string(plot_kind_name(kind)), json_file.path(),
       png_path});
  if (!run) {
    return internal_error(
        fmt::format("cannot draw '{}': {} (set "
                    "FPBENCH_PYTHON to a Python with "
                    "matplotlib)",
                    png_path, run.error().message));
  }
  if (run->ok()) return {};
  const std::string detail = trimmed(run->err);
  // The script's own errors name the file and the problem, and exit as
  // fpbench does (2 its input, 3 its output); anything else needs the
  // command to be reproduced.
  if (run->term_signal == 0 && run->exit_code == kExitBadUsage) {
    return bad_input_error(
        fmt::format("cannot draw '{}': {}", png_path, detail));
  }
  if (run->term_signal == 0 && run->exit_code == kExitFailure) {
    return io_error(fmt::format("cannot draw '{}': {}", png_path, detail));
  }
  std::string message =
      fmt::format("cannot draw '{}': {} {} {} failed with {}: {}", png_path,
                  python, *script, plot_kind_name(kind), run->status_text(),
                  detail);
  if (detail.find("has no matplotlib") != std::string::npos) {
    message += "; FPBENCH_PYTHON chooses the Python";
  }
  return internal_error(message);
}

}  // namespace fpbench::harness
