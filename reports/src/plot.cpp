#include "fpbench/reports/plot.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "fpbench/reports/report_format.hpp"

#ifndef FPBENCH_PLOT_SOURCE_SCRIPT
#define FPBENCH_PLOT_SOURCE_SCRIPT ""
#endif

namespace fpbench::reports {
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
    std::string name = env_or("TMPDIR", "/tmp") + "/fpbench-plot-XXXXXX.json";
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

// How the script ended, and what it said on stderr.
struct ScriptRun {
  int exit_code = 0;
  int term_signal = 0;
  std::string err;

  [[nodiscard]] bool ok() const { return exit_code == 0 && term_signal == 0; }
  [[nodiscard]] std::string status_text() const {
    if (term_signal != 0) {
      return fmt::format("killed by signal {} ({})", term_signal,
                         ::strsignal(term_signal));
    }
    return fmt::format("exit status {}", exit_code);
  }
};

// Runs argv with stdout discarded and stderr kept. The script writes little
// on stderr, so reading it to the end before waiting cannot block the child
// for long; a system error when it cannot be started at all.
Result<ScriptRun> run_script(const std::vector<std::string>& argv) {
  std::array<int, 2> err_pipe = {-1, -1};
  if (::pipe2(err_pipe.data(), O_CLOEXEC) != 0) {
    return Error(ErrorKind::kSystem,
                 fmt::format("cannot create a pipe: {}", std::strerror(errno)));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null",
                                   O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], STDERR_FILENO);
  std::vector<char*> args;
  for (const std::string& a : argv) {
    args.push_back(const_cast<char*>(a.c_str()));
  }
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned =
      ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(err_pipe[1]);
  if (spawned != 0) {
    ::close(err_pipe[0]);
    return Error(ErrorKind::kSystem, fmt::format("cannot run '{}': {}", argv[0],
                                                 std::strerror(spawned)));
  }
  ScriptRun run;
  std::array<char, 4096> buffer;
  for (;;) {
    const ssize_t n = ::read(err_pipe[0], buffer.data(), buffer.size());
    if (n > 0) {
      run.err.append(buffer.data(), static_cast<std::size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  ::close(err_pipe[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.term_signal = WTERMSIG(status);
  return run;
}

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

Result<void> check_plot_path(const std::string& png_path) {
  struct stat st {};
  if (::stat(png_path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    return io_error(
        fmt::format("cannot draw '{}': it is a directory; give the picture's "
                    "file name, e.g. {}/plot.png",
                    png_path, png_path));
  }
  return {};
}

Result<void> render_plot(PlotKind kind, std::string_view json_text,
                         const std::string& png_path) {
  if (Result<void> ok = check_plot_path(png_path); !ok) return ok;
  const Result<std::string> script = plot_script_path();
  if (!script) return script.error();
  TempFile json_file;
  if (Result<void> made = json_file.create_with(json_text); !made) {
    return made.error();
  }
  const std::string python = env_or("FPBENCH_PYTHON", "/usr/bin/python3");
  const Result<ScriptRun> run =
      run_script({python, *script, std::string(plot_kind_name(kind)),
                  json_file.path(), png_path});
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
  std::string message = fmt::format(
      "cannot draw '{}': {} {} {} failed with {}: {}", png_path, python,
      *script, plot_kind_name(kind), run->status_text(), detail);
  if (detail.find("has no matplotlib") != std::string::npos) {
    message += "; FPBENCH_PYTHON chooses the Python";
  }
  return internal_error(message);
}

Result<void> plot_comparison(const SampleSet& samples,
                             const std::string& box_png,
                             const std::string& improvement_png) {
  if (box_png.empty() && improvement_png.empty()) return {};
  for (const std::string& png : {box_png, improvement_png}) {
    if (Result<void> ok = png.empty() ? Result<void>{} : check_plot_path(png);
        !ok)
      return ok;
  }
  // The script reads only the JSON report, which carries the samples too.
  const Result<std::string> json =
      render_comparison(samples, ReportFormat::kJson, {});
  if (!json) return json.error();
  if (!box_png.empty()) {
    if (Result<void> r = render_plot(PlotKind::kBox, *json, box_png); !r)
      return r;
  }
  if (!improvement_png.empty()) {
    return render_plot(PlotKind::kImprovement, *json, improvement_png);
  }
  return {};
}

}  // namespace fpbench::reports
