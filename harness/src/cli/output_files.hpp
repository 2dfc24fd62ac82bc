#pragma once

// The output files of the commands that compare or decide: --json FILE,
// --markdown FILE, --csv FILE, --html FILE, --bmf FILE and
// --github-action-benchmark FILE, each written from the same comparison as
// the main --format output on stdout. A command offers the
// kinds it has a renderer for, and renders each file with the function it
// renders --format with.

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

enum OutputFileKind : unsigned {
  kJsonFile = 1u << 0,
  kMarkdownFile = 1u << 1,
  kCsvFile = 1u << 2,
  kHtmlFile = 1u << 3,
  kBmfFile = 1u << 4,
  kGithubActionBenchmarkFile = 1u << 5,
};

// The paths asked for; empty when not.
struct OutputFiles {
  std::string json;
  std::string markdown;
  std::string csv;
  std::string html;
  std::string bmf;
  std::string github_action_benchmark;
};

// Adds the --FORMAT FILE flags of those in `kinds`.
void add_output_file_flags(CLI::App& command, OutputFiles& files,
                           unsigned kinds);

// A usage error for a path that is "-" (stdout holds the main output) or
// that two of the flags share.
[[nodiscard]] Result<void> check_output_files(const OutputFiles& files);

// Renders the output in a --format ("json", "markdown", "csv", "html",
// "bmf", "github-action-benchmark").
using RenderFormat =
    std::function<Result<std::string>(const std::string& format)>;

// Writes each file asked for (atomically) with render(its format), in the
// order of the flags above; the first error ends it.
[[nodiscard]] Result<void> write_output_files(const OutputFiles& files,
                                              const RenderFormat& render);

}  // namespace fpbench::cli
