// --json, --markdown, --csv, --html, --bmf and --github-action-benchmark
// FILE (output_files.hpp).

#include "output_files.hpp"

#include <array>
#include <utility>

#include "fpbench/base/cli_vocabulary.hpp"
#include "fpbench/base/error.hpp"
#include "fpbench/base/file_write.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::cli {
namespace {

struct Kind {
  OutputFileKind kind;
  const char* flag;
  const char* format;
  const char* what;
  std::string OutputFiles::*path;
};

constexpr std::array<Kind, 6> kKinds{{
    {kJsonFile, "--json", "json", "as JSON", &OutputFiles::json},
    {kMarkdownFile, "--markdown", "markdown", "as Markdown",
     &OutputFiles::markdown},
    {kCsvFile, "--csv", "csv", "as CSV", &OutputFiles::csv},
    {kHtmlFile, "--html", "html", "as an HTML page", &OutputFiles::html},
    {kBmfFile, "--bmf", "bmf", "as Bencher Metric Format JSON",
     &OutputFiles::bmf},
    {kGithubActionBenchmarkFile, "--github-action-benchmark",
     "github-action-benchmark",
     "as github-action-benchmark's customSmallerIsBetter JSON",
     &OutputFiles::github_action_benchmark},
}};

}  // namespace

void add_output_file_flags(CLI::App& command, OutputFiles& files,
                           unsigned kinds) {
  for (const Kind& k : kKinds) {
    if ((kinds & k.kind) == 0) continue;
    command
        .add_option(k.flag, files.*k.path,
                    std::string("Also write the same result ") + k.what +
                        " to this file (beside the --format output on stdout)")
        ->group(kGroupOutput);
  }
}

Result<void> check_output_files(const OutputFiles& files) {
  for (std::size_t i = 0; i < kKinds.size(); ++i) {
    const std::string& path = files.*kKinds[i].path;
    if (path.empty()) continue;
    if (path == "-") {
      return usage_error(std::string(kKinds[i].flag) +
                         " takes a file; the --format output goes to stdout");
    }
    for (std::size_t j = i + 1; j < kKinds.size(); ++j) {
      if (files.*kKinds[j].path == path) {
        return usage_error(std::string(kKinds[i].flag) + " and " +
                           kKinds[j].flag + " name the same file '" + path +
                           "'");
      }
    }
  }
  return {};
}

Result<void> write_output_files(const OutputFiles& files,
                                const RenderFormat& render) {
  for (const Kind& k : kKinds) {
    const std::string& path = files.*k.path;
    if (path.empty()) continue;
    FPBENCH_ASSIGN_OR_RETURN(std::string text, render(k.format));
    FPBENCH_TRY(write_file_atomically(path, text));
  }
  return {};
}

}  // namespace fpbench::cli
