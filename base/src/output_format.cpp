// The formats by name and their one refusal.

#include "fpbench/base/output_format.hpp"

namespace fpbench::cli {

std::string_view output_format_name(OutputFormat format) {
  switch (format) {
    case OutputFormat::kText:
      return "text";
    case OutputFormat::kMarkdown:
      return "markdown";
    case OutputFormat::kJson:
      return "json";
    case OutputFormat::kCsv:
      return "csv";
    case OutputFormat::kHtml:
      return "html";
    case OutputFormat::kBmf:
      return "bmf";
    case OutputFormat::kGithubActionBenchmark:
      return "github-action-benchmark";
  }
  return "text";
}

std::string output_formats_text(std::initializer_list<OutputFormat> offered) {
  std::string out;
  std::size_t i = 0;
  for (const OutputFormat f : offered) {
    if (i > 0) out += i + 1 == offered.size() ? " or " : ", ";
    out += output_format_name(f);
    if (f == OutputFormat::kMarkdown) out += " (or md)";
    ++i;
  }
  return out;
}

Result<OutputFormat> parse_output_format(
    std::string_view given, std::initializer_list<OutputFormat> offered) {
  const std::string_view name = given == "md" ? "markdown" : given;
  for (const OutputFormat f : offered) {
    if (output_format_name(f) == name) return f;
  }
  return usage_error("unknown format '" + std::string(given) + "': expected " +
                     output_formats_text(offered));
}

}  // namespace fpbench::cli
