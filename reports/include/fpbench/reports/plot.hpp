#pragma once

// PNG pictures of fpbench's JSON, drawn by reports/plot/fpbench_plot.py
// (matplotlib) in a child process.
//
// The script is, in order: $FPBENCH_PLOT_SCRIPT; beside the running program
// (fpbench_plot.py, or ../share/fpbench/fpbench_plot.py for an install); the
// copy in the source tree this program was built from. The Python that runs
// it is $FPBENCH_PYTHON, else /usr/bin/python3: Debian's python3-matplotlib
// installs there, while a python3 found first on PATH (pyenv) often lacks
// matplotlib.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

enum class PlotKind {
  kBox,          // compare JSON: old and new samples per benchmark
  kImprovement,  // compare JSON: improvement % with confidence intervals
  kHistory,      // history JSON: trend per series with change points
};

// The script's subcommand: "box", "improvement" or "history".
std::string_view plot_kind_name(PlotKind kind);

// The script that would be run, after the lookup above; a kInternal error
// naming every place looked in when there is none.
Result<std::string> plot_script_path();

// The picture is written at exactly png_path, whatever its extension; a
// directory is refused (kIo), since there is no file name to write.
Result<void> check_plot_path(const std::string& png_path);

// Writes json_text to a temporary file, runs `PYTHON SCRIPT KIND JSON PNG`
// and removes the file. Errors carry the script's stderr: kBadInput when it
// rejects the JSON (its exit status 2), kIo when it cannot write the PNG
// (status 3), kInternal when it cannot be found or run or fails otherwise.
Result<void> render_plot(PlotKind kind, std::string_view json_text,
                         const std::string& png_path);

// Draws the comparison of the samples: old and new samples per benchmark to
// box_png, the improvements with their confidence intervals to
// improvement_png. An empty path skips that picture.
Result<void> plot_comparison(const SampleSet& samples,
                             const std::string& box_png,
                             const std::string& improvement_png);

}  // namespace fpbench::reports
