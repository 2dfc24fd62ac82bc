// fpbench run --node: Node.js benchmark scripts run by two node binaries.

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <random>

#include <fmt/format.h>

#include "fpbench/harness/process.hpp"
#include "fpbench/harness/run_command.hpp"
#include "fpbench/harness/sample_writer.hpp"
#include "fpbench/reports/sample_csv.hpp"

namespace fpbench::harness {

using reports::kSampleCsvHeader;
using reports::sample_csv_line;

namespace {

// key="value" becomes key='value' when the value holds no quote or escape.
std::string single_quoted(std::string_view config) {
  std::string out;
  std::size_t i = 0;
  while (i < config.size()) {
    const std::size_t open = config.find("=\"", i);
    if (open == std::string_view::npos) break;
    const std::size_t close = config.find('"', open + 2);
    if (close == std::string_view::npos) break;
    const std::string_view value = config.substr(open + 2, close - open - 2);
    out.append(config.substr(i, open + 1 - i));
    if (value.find_first_of("'\\") == std::string_view::npos) {
      out += '\'';
      out.append(value);
      out += '\'';
    } else {
      out.append(config.substr(open + 1, close - open));
    }
    i = close + 1;
  }
  out.append(config.substr(i));
  return out;
}

}  // namespace

std::optional<NodeResultLine> parse_node_result_line(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.remove_suffix(1);
  const std::size_t colon = line.rfind(": ");
  if (colon == std::string_view::npos) return std::nullopt;
  std::string digits;
  for (char c : line.substr(colon + 2)) {
    if (c != ',') digits += c;
  }
  double rate = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), rate);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size()) {
    return std::nullopt;
  }
  const std::string_view head = line.substr(0, colon);
  const std::size_t name_end = head.find(' ');
  NodeResultLine r;
  r.filename = std::string(head.substr(0, name_end));
  r.configuration = name_end == std::string_view::npos ? "" : single_quoted(head.substr(name_end + 1));
  r.rate_ops_per_s = rate;
  if (r.filename.find(".js") == std::string::npos) return std::nullopt;
  return r;
}

Result<RunSummary> run_node_benchmarks(const RunOptions& o) {
  if (!o.old_program || !o.new_program) {
    return usage_error("--node needs --old NODE and --new NODE");
  }
  if (o.selectors.empty()) return usage_error("--node needs benchmark scripts to run");
  if (o.runs < 1) return usage_error("--runs must be at least 1");
  auto writer = SampleWriter::open(o.output, false);
  if (!writer) return writer.error();
  if (auto w = writer->write(kSampleCsvHeader); !w) return w.error();

  const std::array<std::string, 2> nodes = {*o.old_program, *o.new_program};
  constexpr std::array<const char*, 2> kLabels = {"old", "new"};
  std::mt19937_64 rng(o.seed);
  RunSummary summary;
  std::vector<bool> failed(o.selectors.size(), false);
  for (int round = -o.warmup; round < o.runs; ++round) {
    std::vector<std::pair<std::size_t, std::size_t>> jobs;
    for (std::size_t f = 0; f < o.selectors.size(); ++f) {
      for (std::size_t side = 0; side < 2; ++side) jobs.emplace_back(f, side);
    }
    std::shuffle(jobs.begin(), jobs.end(), rng);
    for (const auto& [f, side] : jobs) {
      if (failed[f]) continue;
      std::vector<std::string> argv = {nodes[side], o.selectors[f]};
      argv.insert(argv.end(), o.sets.begin(), o.sets.end());
      const auto start = std::chrono::steady_clock::now();
      const auto p = run_process(argv, ProcessOptions{o.cpu});
      const double wall_s =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (!p) return p.error();
      if (!p->ok()) {
        failed[f] = true;
        summary.failures.push_back(fmt::format("{} [{}]: {}\n{}", o.selectors[f], kLabels[side],
                                               p->status_text(), p->err));
        continue;
      }
      if (round < 0) continue;  // warm-up
      std::size_t start_of_line = 0;
      while (start_of_line < p->out.size()) {
        std::size_t end = p->out.find('\n', start_of_line);
        if (end == std::string::npos) end = p->out.size();
        const auto line = parse_node_result_line(
            std::string_view(p->out).substr(start_of_line, end - start_of_line));
        start_of_line = end + 1;
        if (!line) continue;
        if (auto w = writer->write(sample_csv_line(kLabels[side], line->filename,
                                                   line->configuration, line->rate_ops_per_s,
                                                   wall_s));
            !w) {
          return w.error();
        }
        ++summary.samples_written;
      }
    }
  }
  return summary;
}

}  // namespace fpbench::harness
