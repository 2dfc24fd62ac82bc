// Node.js benchmark scripts run standalone by a node binary, as a sample
// source: one process per script, every configuration line it prints a sample.

#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdlib>

#include "fpbench/base/process.hpp"
#include "fpbench/harness/run_command.hpp"
#include "fpbench/harness/sample_source.hpp"
#include "fpbench/reports/sample_value.hpp"

namespace fpbench::harness {
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
  while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
    line.remove_suffix(1);
  const std::size_t colon = line.rfind(": ");
  if (colon == std::string_view::npos) return std::nullopt;
  std::string digits;
  for (char c : line.substr(colon + 2)) {
    if (c != ',') digits += c;
  }
  double rate = 0;
  const auto [end, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), rate);
  if (digits.empty() || end != digits.data() + digits.size() ||
      (ec != std::errc() && ec != std::errc::result_out_of_range)) {
    return std::nullopt;
  }
  // A number beyond a double (1e400, 1e-400) is still a result line: read
  // as infinity or as (nearly) zero, the rate check names it.
  if (ec == std::errc::result_out_of_range)
    rate = std::strtod(digits.c_str(), nullptr);
  const std::string_view head = line.substr(0, colon);
  const std::size_t name_end = head.find(' ');
  NodeResultLine r;
  r.filename = std::string(head.substr(0, name_end));
  r.configuration = name_end == std::string_view::npos
                        ? ""
                        : single_quoted(head.substr(name_end + 1));
  r.rate_ops_per_s = rate;
  if (r.filename.find(".js") == std::string::npos) return std::nullopt;
  return r;
}

namespace {

class NodeScriptSource final : public SampleSource {
 public:
  NodeScriptSource(std::string node, std::vector<std::string> scripts,
                   std::vector<std::string> sets)
      : node_(std::move(node)),
        scripts_(std::move(scripts)),
        sets_(std::move(sets)) {}

  [[nodiscard]] std::string describe() const override { return node_; }
  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    return scripts_;
  }
  // A script's lines name it from Node's benchmark folder on
  // ("fs/readFileSync.js" for "node/benchmark/fs/readFileSync.js"), and a
  // script outside such a folder by whatever category it gives itself: the
  // file names are what both share.
  [[nodiscard]] bool owns(const std::string& script,
                          const std::string& filename,
                          const std::string& /*configuration*/) const override {
    const auto base = [](const std::string& path) {
      return path.substr(path.rfind('/') + 1);
    };
    return base(script) == base(filename);
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& script, const ProcessOptions& options) const override {
    std::vector<std::string> argv = {node_, script};
    argv.insert(argv.end(), sets_.begin(), sets_.end());
    const auto start = std::chrono::steady_clock::now();
    const auto p = run_process(argv, options);
    const double wall_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (!p) return p.error();
    if (!p->ok()) return benchmark_error(p->failure_text());
    Measurements out;
    std::size_t start_of_line = 0;
    while (start_of_line < p->out.size()) {
      std::size_t end = p->out.find('\n', start_of_line);
      if (end == std::string::npos) end = p->out.size();
      const auto line = parse_node_result_line(
          std::string_view(p->out).substr(start_of_line, end - start_of_line));
      start_of_line = end + 1;
      if (!line) continue;
      if (auto ok = reports::check_rate(
              line->rate_ops_per_s, line->filename + " " + line->configuration);
          !ok) {
        return benchmark_error(ok.error().message);
      }
      reports::SampleRecord r;
      r.filename = line->filename;
      r.configuration = line->configuration;
      r.metrics.emplace_back(
          "wall",
          reports::MetricReading{line->rate_ops_per_s, "node", wall_s, {}});
      out.push_back(std::move(r));
    }
    if (out.empty()) {
      std::string message = "printed no benchmark result line";
      if (const std::string tail = tail_lines(p->err); !tail.empty())
        message += "\n" + tail;
      return benchmark_error(message);
    }
    return out;
  }

 private:
  std::string node_;
  std::vector<std::string> scripts_;
  std::vector<std::string> sets_;
};

}  // namespace

std::unique_ptr<SampleSource> make_node_source(std::string node,
                                               std::vector<std::string> scripts,
                                               std::vector<std::string> sets) {
  return std::make_unique<NodeScriptSource>(std::move(node), std::move(scripts),
                                            std::move(sets));
}

}  // namespace fpbench::harness
