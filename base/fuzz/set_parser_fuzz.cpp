// libFuzzer target: the --set checks (base/parameters.hpp). The input is a
// parameter description (as fpbench-scenarios --list-parameters prints it)
// up to the first NUL, then --set assignments one a line; without a NUL, or
// when the description does not parse, the assignments are checked against
// a fixed description shaped like the real scenarios'. Nothing may crash or
// trip a sanitizer, a description must read back as it was printed, and a
// value that is accepted must lie in what its parameter takes.
//
//   bash ci/fuzz.sh set_parser 600

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/parameters.hpp"

namespace {

using fpbench::params::Parameter;
using fpbench::params::ParameterKind;
using fpbench::params::ScenarioParameters;

[[noreturn]] void broken(const char* what) {
  std::fprintf(stderr, "set_parser_fuzz: %s\n", what);
  std::abort();
}

const std::vector<ScenarioParameters>& fixed_description() {
  static const std::vector<ScenarioParameters> kFixed = {
      {"calibration/spin", {Parameter::integer("spinUs", 0, 10'000'000)}},
      {"fs/read-file-sync",
       {Parameter::choice("encoding", {"undefined", "utf8", "latin1"}),
        Parameter::boolean("useFd"),
        Parameter::integer("size", 0, std::int64_t{1} << 30),
        Parameter::integer("offset", -5, 5)}}};
  return kFixed;
}

void check_value_is_taken(const Parameter& p,
                          const fpbench::params::ParameterValue& v) {
  switch (p.kind) {
    case ParameterKind::kInteger: {
      const auto* n = std::get_if<std::int64_t>(&v);
      if (n == nullptr || *n < p.min || *n > p.max)
        broken("an integer out of range was taken");
      break;
    }
    case ParameterKind::kBoolean: {
      const auto* s = std::get_if<std::string>(&v);
      if (s == nullptr || (*s != "true" && *s != "false"))
        broken("a non-boolean was taken");
      break;
    }
    case ParameterKind::kChoice: {
      const auto* s = std::get_if<std::string>(&v);
      if (s == nullptr || std::find(p.choices.begin(), p.choices.end(), *s) ==
                              p.choices.end()) {
        broken("a value outside the choices was taken");
      }
      break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nul = input.find('\0');
  std::string_view sets_text = input;
  std::vector<ScenarioParameters> described = fixed_description();
  if (nul != std::string_view::npos) {
    sets_text = input.substr(nul + 1);
    if (auto parsed =
            fpbench::params::parse_parameter_lines(input.substr(0, nul))) {
      const std::string printed =
          fpbench::params::format_parameter_lines(*parsed);
      const auto again = fpbench::params::parse_parameter_lines(printed);
      if (!again ||
          fpbench::params::format_parameter_lines(*again) != printed) {
        broken("a description does not read back as it was printed");
      }
      described = std::move(*parsed);
    }
  }
  std::vector<std::string> sets;
  std::size_t start = 0;
  while (start <= sets_text.size()) {
    const std::size_t end =
        std::min(sets_text.find('\n', start), sets_text.size());
    sets.emplace_back(sets_text.substr(start, end - start));
    start = end + 1;
  }
  const bool all_ok =
      fpbench::params::check_assignments(sets, described).has_value();
  bool each_ok = true;
  for (const std::string& set : sets) {
    const auto a = fpbench::params::parse_assignment(set);
    if (!a) {
      each_ok = false;
      continue;
    }
    bool known = false;
    for (const ScenarioParameters& s : described) {
      for (const Parameter& p : s.parameters) {
        if (p.key != a->key) continue;
        known = true;
        if (const auto v = fpbench::params::parse_value(p, a->value)) {
          check_value_is_taken(p, *v);
        } else {
          each_ok = false;
          if (fpbench::params::describe(p).empty())
            broken("a parameter describes as nothing");
        }
      }
    }
    each_ok = each_ok && known;
  }
  if (all_ok != each_ok)
    broken("check_assignments disagrees with the checks one by one");
  return 0;
}
