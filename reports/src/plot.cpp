#include "fpbench/reports/plot.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include "fpbench/base/file_write.hpp"
#include "fpbench/base/process.hpp"
#include "fpbench/base/sibling.hpp"
#include "fpbench/base/temp_file.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/report_format.hpp"

#ifndef FPBENCH_PLOT_SOURCE_DIR
#define FPBENCH_PLOT_SOURCE_DIR ""
#endif

namespace fpbench::reports {
namespace {

std::string env_or(const char* name, std::string fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
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
  SiblingSearch search{.name = "fpbench_plot.py",
                       .dirs = {".", "../share/fpbench"},
                       .executable = false};
  if (const std::string source = FPBENCH_PLOT_SOURCE_DIR; !source.empty()) {
    search.dirs.push_back(source);
  }
  if (std::optional<std::string> found = find_sibling(search)) return *found;
  return internal_error(
      fmt::format("cannot find the plot script fpbench_plot.py (looked "
                  "in {}); set FPBENCH_PLOT_SCRIPT to its path",
                  fmt::join(sibling_candidates(search), ", ")));
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
  FPBENCH_TRY(check_plot_path(png_path));
  FPBENCH_ASSIGN_OR_RETURN(const std::string script, plot_script_path());
  TempFile json_file(env_or("TMPDIR", "/tmp") + "/fpbench-plot-XXXXXX.json", 5);
  if (json_file.path().empty()) {
    return io_error(fmt::format("cannot create a temporary file in '{}': {}",
                                env_or("TMPDIR", "/tmp"),
                                std::strerror(json_file.error())));
  }
  // Read once by the script and removed: no reason to wait for the disk.
  FPBENCH_TRY(write_file_atomically(json_file.path(), json_text,
                                    Durability::kUnsynced));
  const std::string python = env_or("FPBENCH_PYTHON", "/usr/bin/python3");
  // Only stderr is read: the script's errors go there, and nothing it may
  // print on stdout says anything about the picture.
  const Result<ProcessResult> run =
      run_process({python, script, std::string(plot_kind_name(kind)),
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
      "cannot draw '{}': {} {} {} failed with {}: {}", png_path, python, script,
      plot_kind_name(kind), run->status_text(), detail);
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
    FPBENCH_TRY(png.empty() ? Result<void>{} : check_plot_path(png));
  }
  // The script reads only the JSON report, which carries the samples too.
  FPBENCH_ASSIGN_OR_RETURN(const std::string json,
                           render_comparison(samples, ReportFormat::kJson, {}));
  if (!box_png.empty()) {
    FPBENCH_TRY(render_plot(PlotKind::kBox, json, box_png));
  }
  if (!improvement_png.empty()) {
    return render_plot(PlotKind::kImprovement, json, improvement_png);
  }
  return {};
}

}  // namespace fpbench::reports
