// A command as a sample source: the whole process is the operation. The
// command is split into words and executed directly (a shell only with
// --shell); wall time is fork to exit, cpu, faults and rss come from wait4,
// system calls from tracepoints attached to the child before it execs
// (inherited by what it starts), allocations from the preload library in
// every process of the command, instructions from callgrind following
// children.

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>

#include "counting/callgrind_output.hpp"
#include "counting/process_counts.hpp"
#include "fpbench/base/tracepoints.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/harness/sample_source.hpp"

namespace fpbench::harness {
namespace {

using reports::MetricReading;
using reports::SampleRecord;

bool is_name_char(char c, bool first) {
  return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (!first && c >= '0' && c <= '9');
}

// Whether the program a command's first word names can be run.
bool runnable(const std::string& program,
              const std::optional<std::string>& working_dir) {
  if (program.find('/') != std::string::npos) {
    const std::string path = program.front() != '/' && working_dir
                                 ? *working_dir + "/" + program
                                 : program;
    return ::access(path.c_str(), X_OK) == 0;
  }
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (::access(candidate.c_str(), X_OK) == 0 &&
        !std::filesystem::is_directory(candidate))
      return true;
  }
  return false;
}

class CommandSource final : public SampleSource {
 public:
  CommandSource(std::string command, CommandSpec spec, CommandMeasure how)
      : command_(std::move(command)),
        spec_(std::move(spec)),
        how_(std::move(how)) {}

  [[nodiscard]] std::string describe() const override { return command_; }

  [[nodiscard]] Result<std::vector<std::string>> list_jobs() const override {
    std::vector<std::string> jobs;
    for (const auto& c : command_configurations(spec_.params))
      jobs.push_back(c.first);
    return jobs;
  }

  [[nodiscard]] Result<void> check() const override {
    for (const auto& [what, text] :
         std::vector<std::pair<std::string, std::optional<std::string>>>{
             {"the command", command_},
             {"--setup", spec_.setup},
             {"--prepare", spec_.prepare}}) {
      if (!text) continue;
      // Every configuration names the same placeholders: the first shows
      // a missing one.
      const auto values = command_configurations(spec_.params).front().second;
      auto argv = command_argv(*text, values);
      if (!argv) {
        return usage_error(
            fmt::format("{} '{}': {}", what, *text, argv.error().message));
      }
      if (!spec_.shell && !runnable(argv->front(), how_.working_dir)) {
        return usage_error(
            fmt::format("{} '{}': no program '{}' to run (not found or not "
                        "executable)",
                        what, *text, argv->front()));
      }
    }
    if (how_.allocs && ::access(how_.preload.c_str(), R_OK) != 0) {
      return unavailable_error(fmt::format(
          "allocs: no {} (build the fpbench_preload target)", how_.preload));
    }
    if (how_.syscalls && !tracepoint_id("raw_syscalls/sys_enter")) {
      return unavailable_error(
          "syscalls: no tracepoint raw_syscalls/sys_enter (mount tracefs as "
          "root: mount -t tracefs nodev /sys/kernel/tracing)");
    }
    return {};
  }

  [[nodiscard]] bool owns(const std::string& job, const std::string& filename,
                          const std::string& configuration) const override {
    return filename == spec_.name && configuration == job;
  }

  [[nodiscard]] std::string label(const std::string& job) const override {
    return job.empty() ? spec_.name : spec_.name + " " + job;
  }

  [[nodiscard]] Result<Measurements> measure(
      const std::string& job, const ProcessOptions& options) const override {
    const auto configs = command_configurations(spec_.params);
    const auto it = std::find_if(configs.begin(), configs.end(),
                                 [&](const auto& c) { return c.first == job; });
    if (it == configs.end())
      return internal_error("no configuration '" + job + "'");
    const auto& values = it->second;
    if (spec_.setup && first_sample_of(job)) {
      FPBENCH_TRY(run_step("--setup", *spec_.setup, values, options.cwd));
    }
    if (spec_.prepare) {
      FPBENCH_TRY(run_step("--prepare", *spec_.prepare, values, options.cwd));
    }
    auto argv = command_argv(command_, values);
    if (!argv) return usage_error(argv.error().message);
    ProcessOptions run = options;
    std::string callgrind_dir;
    if (how_.mode == MeasureMode::kCallgrind) {
      FPBENCH_ASSIGN_OR_RETURN(callgrind_dir, make_callgrind_dir());
      auto prefix = callgrind_argv(how_.valgrind, callgrind_dir);
      prefix.insert(prefix.begin() + 1, "--trace-children=yes");
      argv->insert(argv->begin(), prefix.begin(), prefix.end());
    }
    ProcessCounts counts(
        ProcessCounting{how_.syscalls, how_.allocs, how_.preload});
    FPBENCH_TRY(counts.prepare(run));
    FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(*argv, run));
    const bool failed = p.timed_out || p.term_signal != 0 ||
                        (p.exit_code != 0 && !spec_.ignore_failure);
    if (failed) return benchmark_error(p.failure_text());

    SampleRecord r;
    r.filename = spec_.name;
    r.configuration = job;
    r.iterations = 1;
    // A command whose failure is a sample may fail in one pass only.
    if (spec_.ignore_failure)
      r.outcomes.emplace_back("exit_status", static_cast<double>(p.exit_code));
    if (how_.mode == MeasureMode::kTimed) {
      const double wall_s = std::chrono::duration<double>(p.elapsed).count();
      if (!(wall_s > 0)) return benchmark_error("the command took no time");
      r.metrics.emplace_back("wall",
                             MetricReading{1.0 / wall_s, "clock", wall_s, {}});
      append_wait4_metrics(
          r.metrics, p.usage,
          {.cpu = how_.cpu, .faults = how_.faults, .rss = how_.rss}, "wait4");
    }
    FPBENCH_ASSIGN_OR_RETURN(auto counted,
                             counts.read("tracepoint", "preload"));
    for (auto& reading : counted) r.metrics.push_back(std::move(reading));
    if (how_.mode == MeasureMode::kCallgrind) {
      FPBENCH_ASSIGN_OR_RETURN(auto total, callgrind_total(callgrind_dir));
      r.metrics.emplace_back("instructions",
                             MetricReading{total, "valgrind", {}, {}});
    }
    return Measurements{std::move(r)};
  }

 private:
  [[nodiscard]] Result<std::vector<std::string>> command_argv(
      const std::string& text,
      const std::vector<std::pair<std::string, std::string>>& values) const {
    FPBENCH_ASSIGN_OR_RETURN(auto substituted, substitute_params(text, values));
    if (spec_.shell)
      return std::vector<std::string>{"/bin/sh", "-c", substituted};
    auto words = split_command_words(substituted);
    FPBENCH_TRY(words);
    if (words->empty()) return usage_error("the command is empty");
    return words;
  }

  // A --setup or --prepare step, in the folder the samples run in.
  Result<void> run_step(
      const std::string& what, const std::string& text,
      const std::vector<std::pair<std::string, std::string>>& values,
      const std::optional<std::string>& cwd) const {
    auto argv = command_argv(text, values);
    if (!argv) return usage_error(what + ": " + argv.error().message);
    ProcessOptions step;
    step.cwd = cwd;
    FPBENCH_ASSIGN_OR_RETURN(const auto p, run_process(*argv, step));
    if (!p.ok()) {
      return benchmark_error(
          fmt::format("{} '{}': {}", what, text, p.failure_text()));
    }
    return {};
  }

  // True once per configuration: the first time it is asked.
  bool first_sample_of(const std::string& job) const {
    const std::lock_guard<std::mutex> lock(setup_mutex_);
    return set_up_.insert(job).second;
  }

  std::string command_;
  CommandSpec spec_;
  CommandMeasure how_;
  mutable std::mutex setup_mutex_;
  mutable std::set<std::string> set_up_;
};

}  // namespace

Result<std::vector<std::string>> split_command_words(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\\') {
      if (++i == text.size())
        return usage_error("the command ends in a lone backslash");
      word += text[i];
    } else if (c == '\'') {
      const std::size_t close = text.find('\'', i + 1);
      if (close == std::string::npos)
        return usage_error("the command has an unterminated ' quote");
      word += text.substr(i + 1, close - i - 1);
      i = close;
    } else if (c == '"') {
      for (++i;; ++i) {
        if (i == text.size())
          return usage_error("the command has an unterminated \" quote");
        if (text[i] == '"') break;
        if (text[i] == '\\' && i + 1 < text.size() &&
            std::string_view("\"\\$`").find(text[i + 1]) != std::string::npos)
          ++i;
        word += text[i];
      }
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  return words;
}

Result<std::string> substitute_params(
    const std::string& text,
    const std::vector<std::pair<std::string, std::string>>& values) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
      out += c;  // {{ and }} are literal braces
      ++i;
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    std::size_t end = i + 1;
    while (end < text.size() && is_name_char(text[end], end == i + 1)) ++end;
    if (end == i + 1 || end == text.size() || text[end] != '}') {
      out += c;
      continue;
    }
    const std::string name = text.substr(i + 1, end - i - 1);
    const auto it =
        std::find_if(values.begin(), values.end(),
                     [&](const auto& v) { return v.first == name; });
    if (it == values.end()) {
      return usage_error(fmt::format(
          "{{{}}} has no --param {}=VALUES (write {{{{{}}}}} for the braces "
          "themselves)",
          name, name, name));
    }
    out += it->second;
    i = end;
  }
  return out;
}

std::vector<
    std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
command_configurations(const std::vector<CommandParam>& params) {
  std::vector<std::vector<std::pair<std::string, std::string>>> combos{{}};
  for (const CommandParam& p : params) {
    std::vector<std::vector<std::pair<std::string, std::string>>> next;
    for (const auto& combo : combos) {
      for (const std::string& v : p.values) {
        auto c = combo;
        c.emplace_back(p.name, v);
        next.push_back(std::move(c));
      }
    }
    combos = std::move(next);
  }
  std::vector<
      std::pair<std::string, std::vector<std::pair<std::string, std::string>>>>
      out;
  for (auto& combo : combos) {
    std::string name;
    for (const auto& [key, value] : combo)
      name += (name.empty() ? "" : " ") + key + "=" + value;
    out.emplace_back(std::move(name), std::move(combo));
  }
  return out;
}

Result<CommandParam> parse_command_param(const std::string& text) {
  const std::size_t eq = text.find('=');
  CommandParam p;
  p.name = text.substr(0, eq);
  bool name_ok = !p.name.empty();
  for (std::size_t i = 0; i < p.name.size(); ++i)
    name_ok = name_ok && is_name_char(p.name[i], i == 0);
  if (eq == std::string::npos || !name_ok || eq + 1 == text.size()) {
    return usage_error(fmt::format(
        "--param '{}': expected NAME=V1,V2,... with NAME a word of letters, "
        "digits and _",
        text));
  }
  std::istringstream values(text.substr(eq + 1));
  for (std::string v; std::getline(values, v, ',');) {
    if (v.empty())
      return usage_error(fmt::format("--param '{}': an empty value", text));
    p.values.push_back(v);
  }
  return p;
}

std::unique_ptr<SampleSource> make_command_source(std::string command,
                                                  CommandSpec spec,
                                                  CommandMeasure how) {
  return std::make_unique<CommandSource>(std::move(command), std::move(spec),
                                         std::move(how));
}

}  // namespace fpbench::harness
