#include "fpbench/harness/callgrind_profile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <string_view>
#include <unordered_map>

#include "fpbench/base/try.hpp"

namespace fpbench::harness {
namespace {

struct Counts {
  std::uint64_t self = 0;
  std::uint64_t inclusive = 0;
};

// One part being read: counts by function name.
struct Part {
  bool loop = false;
  std::uint64_t total = 0;
  std::map<std::string, Counts> functions;  // by id (or name)
  std::map<std::string, std::uint64_t> alloc_sites;
};

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The words of a line, split at spaces and tabs.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t at = 0;
  while (at < line.size()) {
    const std::size_t begin = line.find_first_not_of(" \t", at);
    if (begin == std::string_view::npos) break;
    std::size_t end = line.find_first_of(" \t", begin);
    if (end == std::string_view::npos) end = line.size();
    out.push_back(line.substr(begin, end - begin));
    at = end;
  }
  return out;
}

class Reader {
 public:
  Result<std::vector<CallgrindLoop>> read(const std::string& text) {
    std::istringstream in(text);
    std::size_t number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      if (auto ok = line_(line); !ok) {
        return bad_input_error(fmt::format("callgrind output line {}: {}",
                                           number, ok.error().message));
      }
    }
    finish_part();
    return std::move(loops_);
  }

 private:
  Result<void> line_(std::string_view line) {
    if (line.empty() || line.front() == '#') return {};
    if (starts_with(line, "part:")) {
      finish_part();
      part_ = Part{};
      return {};
    }
    if (starts_with(line, "desc: Trigger: Client Request: fpbench-loop")) {
      part_.loop = true;
      return {};
    }
    if (starts_with(line, "events:")) return events(line.substr(7));
    if (starts_with(line, "positions:")) {
      positions_ = words(line.substr(10)).size();
      return {};
    }
    if (starts_with(line, "summary:")) {
      const auto w = words(line.substr(8));
      if (w.size() > event_) return number(w[event_], part_.total);
      return {};
    }
    if (starts_with(line, "fn=")) {
      function_ = key(line.substr(3));
      part_.functions.try_emplace(function_);
      return {};
    }
    if (starts_with(line, "cfn=")) {
      callee_ = key(line.substr(4));
      return {};
    }
    if (starts_with(line, "calls=")) {
      const auto w = words(line.substr(6));
      if (w.empty()) return bad_input_error("calls= without a count");
      FPBENCH_TRY(number(w[0], call_count_));
      after_calls_ = true;
      return {};
    }
    const char c = line.front();
    if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*')
      return cost(line);
    return {};  // ob=, fl=, fi=, fe=, cob=, cfi=, totals:, jump=, ...
  }

  Result<void> events(std::string_view list) {
    const auto w = words(list);
    event_ = 0;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (w[i] == "Ir") event_ = i;
    }
    return {};
  }

  Result<void> cost(std::string_view line) {
    const auto w = words(line);
    std::uint64_t n = 0;
    if (w.size() > positions_ + event_) {
      FPBENCH_TRY(number(w[positions_ + event_], n));
    }
    Counts& f = part_.functions[function_];
    if (!after_calls_) {
      f.self += n;
      f.inclusive += n;
      return {};
    }
    after_calls_ = false;
    if (callee_ != function_) f.inclusive += n;
    if (is_allocator(names_[callee_]) && !is_allocator(names_[function_]))
      part_.alloc_sites[names_[function_]] += call_count_;
    return {};
  }

  // The key of a function: "(id) name" defines id as name, "(id)" uses
  // it, and an uncompressed name is its own key.
  std::string key(std::string_view text) {
    std::string_view name = text;
    if (!text.empty() && text.front() == '(') {
      const std::size_t close = text.find(')');
      if (close != std::string_view::npos) {
        std::string id(text.substr(0, close + 1));
        name = text.substr(close + 1);
        if (!name.empty() && name.front() == ' ') name.remove_prefix(1);
        if (!name.empty()) names_[id] = std::string(name);
        return id;
      }
    }
    names_[std::string(text)] = std::string(text);
    return std::string(text);
  }

  static Result<void> number(std::string_view word, std::uint64_t& out) {
    const auto [end, ec] =
        std::from_chars(word.data(), word.data() + word.size(), out);
    if (ec != std::errc() || end != word.data() + word.size()) {
      return bad_input_error("'" + std::string(word) + "' is not a count");
    }
    return {};
  }

  void finish_part() {
    if (!part_.loop) return;
    CallgrindLoop loop;
    loop.total = part_.total;
    // Two functions of one name (one in each of two objects) are one part:
    // their own counts add, and the inclusive one is the larger, since one
    // usually calls the other ("(below main)").
    std::map<std::string, Counts> by_name;
    for (auto& [id, c] : part_.functions) {
      Counts& n = by_name[names_[id]];
      n.self += c.self;
      n.inclusive = std::max({n.inclusive, c.inclusive, n.self});
    }
    for (auto& [n, c] : by_name) {
      if (c.inclusive > 0) loop.functions.push_back({n, c.self, c.inclusive});
    }
    std::stable_sort(loop.functions.begin(), loop.functions.end(),
                     [](const FunctionProfile& a, const FunctionProfile& b) {
                       return a.inclusive > b.inclusive;
                     });
    loop.alloc_sites.assign(part_.alloc_sites.begin(), part_.alloc_sites.end());
    std::stable_sort(
        loop.alloc_sites.begin(), loop.alloc_sites.end(),
        [](const auto& a, const auto& b) { return a.second > b.second; });
    loops_.push_back(std::move(loop));
    part_ = Part{};
  }

  std::unordered_map<std::string, std::string> names_;
  Part part_;
  std::size_t positions_ = 1;
  std::size_t event_ = 0;
  std::string function_;
  std::string callee_;
  std::uint64_t call_count_ = 0;
  bool after_calls_ = false;
  std::vector<CallgrindLoop> loops_;
};

}  // namespace

Result<std::vector<CallgrindLoop>> parse_callgrind_loops(
    const std::string& text) {
  return Reader().read(text);
}

void add_loop_profile(const CallgrindLoop& loop, double iterations,
                      reports::LoopProfile& profile) {
  if (!(iterations > 0)) return;
  const std::size_t kept =
      std::min(loop.functions.size(), reports::kMaxProfiledFunctions);
  for (std::size_t i = 0; i < kept; ++i) {
    const FunctionProfile& f = loop.functions[i];
    profile.functions.emplace_back(
        f.name,
        reports::FunctionCount{static_cast<double>(f.self) / iterations,
                               static_cast<double>(f.inclusive) / iterations});
  }
  for (const auto& [site, calls] : loop.alloc_sites) {
    profile.alloc_sites.emplace_back(site,
                                     static_cast<double>(calls) / iterations);
  }
}

bool is_allocator(const std::string& function) {
  static const char* const kNames[] = {
      "malloc",        "calloc",         "realloc", "memalign",
      "aligned_alloc", "posix_memalign", "valloc",  "__libc_malloc",
      "__libc_calloc", "__libc_realloc"};
  for (const char* n : kNames) {
    if (function == n) return true;
  }
  return starts_with(function, "operator new");
}

}  // namespace fpbench::harness
