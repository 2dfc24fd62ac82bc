#pragma once

// The output formats of every command that writes a report, and the one
// refusal of a format a command does not write.

#include <initializer_list>
#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::cli {

enum class OutputFormat {
  kText,
  kMarkdown,
  kJson,
  kCsv,
  kHtml,
  kBmf,                    // Bencher Metric Format
  kGithubActionBenchmark,  // github-action-benchmark's custom JSON
};

// "text", "markdown", "json", "csv", "html", "bmf" or
// "github-action-benchmark".
std::string_view output_format_name(OutputFormat format);

// The formats a command writes, for its --format help:
// "text, markdown (or md), json or csv".
std::string output_formats_text(std::initializer_list<OutputFormat> offered);

// `given` as one of `offered` ("md" is markdown); anything else is the one
// refusal every command gives: "unknown format 'X': expected text,
// markdown (or md), json or csv".
Result<OutputFormat> parse_output_format(
    std::string_view given, std::initializer_list<OutputFormat> offered);

}  // namespace fpbench::cli
