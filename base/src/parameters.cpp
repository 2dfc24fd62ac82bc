#include "fpbench/base/parameters.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>

namespace fpbench::params {
namespace {

bool plain_text(std::string_view text) {
  return std::none_of(text.begin(), text.end(), [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= 0x20 || u == 0x7f;
  });
}

// A whole decimal integer, optionally negative; nothing else (no '+', no
// spaces, no hex), and nothing that overflows.
std::optional<std::int64_t> whole_integer(std::string_view text) {
  std::int64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, n);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return n;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(separator, start);
    out.push_back(
        text.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) return out;
    start = at + 1;
  }
}

Result<Parameter> parse_parameter(const std::vector<std::string_view>& fields) {
  const std::string key(fields[1]);
  const std::string_view kind = fields[2];
  if (kind == "boolean" && fields.size() == 3) return Parameter::boolean(key);
  if (kind == "integer" && fields.size() == 5) {
    const auto min = whole_integer(fields[3]);
    const auto max = whole_integer(fields[4]);
    if (!min || !max || *min > *max) {
      return bad_input_error("'" + key +
                             "': expected MIN and MAX integers, MIN <= MAX");
    }
    return Parameter::integer(key, *min, *max);
  }
  if (kind == "choice" && fields.size() >= 4) {
    std::vector<std::string> choices;
    for (std::size_t i = 3; i < fields.size(); ++i) {
      if (fields[i].empty())
        return bad_input_error("'" + key + "': an empty choice");
      choices.emplace_back(fields[i]);
    }
    return Parameter::choice(key, std::move(choices));
  }
  return bad_input_error(
      "'" + key +
      "': expected 'integer MIN MAX', 'boolean' or 'choice VALUE...', got '" +
      std::string(kind) + "' with " + std::to_string(fields.size() - 3) +
      " field(s)");
}

}  // namespace

Parameter Parameter::integer(std::string key, std::int64_t min,
                             std::int64_t max) {
  Parameter p;
  p.key = std::move(key);
  p.kind = ParameterKind::kInteger;
  p.min = min;
  p.max = max;
  return p;
}

Parameter Parameter::boolean(std::string key) {
  Parameter p;
  p.key = std::move(key);
  p.kind = ParameterKind::kBoolean;
  return p;
}

Parameter Parameter::choice(std::string key, std::vector<std::string> choices) {
  Parameter p;
  p.key = std::move(key);
  p.kind = ParameterKind::kChoice;
  p.choices = std::move(choices);
  return p;
}

Result<Assignment> parse_assignment(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    return usage_error("expected key=value, got '" + std::string(text) + "'");
  }
  Assignment a{std::string(text.substr(0, eq)),
               std::string(text.substr(eq + 1))};
  if (a.key.empty()) return usage_error("expected key=value, the key is empty");
  if (a.value.empty()) return usage_error("'" + a.key + "' has an empty value");
  if (!plain_text(a.key) || !plain_text(a.value)) {
    return usage_error("key=value cannot hold spaces or control characters");
  }
  return a;
}

std::string describe(const Parameter& p) {
  switch (p.kind) {
    case ParameterKind::kInteger:
      return "an integer from " + std::to_string(p.min) + " to " +
             std::to_string(p.max);
    case ParameterKind::kBoolean:
      return "true or false";
    case ParameterKind::kChoice:
      return "one of " + joined(p.choices);
  }
  return "";
}

Result<ParameterValue> parse_value(const Parameter& p, std::string_view value) {
  switch (p.kind) {
    case ParameterKind::kInteger:
      if (const auto n = whole_integer(value); n && *n >= p.min && *n <= p.max)
        return {*n};
      break;
    case ParameterKind::kBoolean:
      if (value == "true" || value == "false") return {std::string(value)};
      break;
    case ParameterKind::kChoice:
      if (std::find(p.choices.begin(), p.choices.end(), value) !=
          p.choices.end()) {
        return {std::string(value)};
      }
      break;
  }
  return usage_error("'" + p.key + "' takes " + describe(p) + ", not '" +
                     std::string(value) + "'");
}

std::string format_parameter_lines(const std::vector<ScenarioParameters>& all) {
  std::string out;
  for (const ScenarioParameters& s : all) {
    for (const Parameter& p : s.parameters) {
      out += s.scenario + "\t" + p.key;
      switch (p.kind) {
        case ParameterKind::kInteger:
          out += "\tinteger\t" + std::to_string(p.min) + "\t" +
                 std::to_string(p.max);
          break;
        case ParameterKind::kBoolean:
          out += "\tboolean";
          break;
        case ParameterKind::kChoice:
          out += "\tchoice";
          for (const std::string& c : p.choices) out += "\t" + c;
          break;
      }
      out += "\n";
    }
  }
  return out;
}

Result<std::vector<ScenarioParameters>> parse_parameter_lines(
    std::string_view text) {
  std::vector<ScenarioParameters> out;
  std::size_t number = 0;
  for (const std::string_view line : split(text, '\n')) {
    ++number;
    if (line.empty()) continue;
    const std::string where = "line " + std::to_string(number) + ": ";
    const std::vector<std::string_view> fields = split(line, '\t');
    if (fields.size() < 3 || fields[0].empty() || fields[1].empty()) {
      return bad_input_error(
          where + "expected SCENARIO, KEY and a kind, separated by tabs");
    }
    auto parameter = parse_parameter(fields);
    if (!parameter) return bad_input_error(where + parameter.error().message);
    auto scenario = std::find_if(
        out.begin(), out.end(),
        [&](const ScenarioParameters& s) { return s.scenario == fields[0]; });
    if (scenario == out.end()) {
      out.push_back({std::string(fields[0]), {}});
      scenario = std::prev(out.end());
    }
    for (const Parameter& seen : scenario->parameters) {
      if (seen.key == parameter->key) {
        return bad_input_error(where + "'" + seen.key + "' of " +
                               scenario->scenario + " is described twice");
      }
    }
    scenario->parameters.push_back(std::move(*parameter));
  }
  return out;
}

Result<void> check_assignments(
    const std::vector<std::string>& sets,
    const std::vector<ScenarioParameters>& scenarios) {
  for (const std::string& text : sets) {
    const std::string where = "--set " + text + ": ";
    const auto a = parse_assignment(text);
    if (!a) return usage_error(where + a.error().message);
    bool known = false;
    std::vector<std::string> keys;
    for (const ScenarioParameters& s : scenarios) {
      for (const Parameter& p : s.parameters) {
        if (std::find(keys.begin(), keys.end(), p.key) == keys.end())
          keys.push_back(p.key);
        if (p.key != a->key) continue;
        known = true;
        if (auto v = parse_value(p, a->value); !v) {
          return usage_error(where + s.scenario + ": " + v.error().message);
        }
      }
    }
    if (known) continue;
    const std::string theirs = keys.empty() ? "none" : joined(keys);
    if (scenarios.size() == 1) {
      return usage_error(where + scenarios[0].scenario + " has no parameter '" +
                         a->key + "' (its parameters: " + theirs + ")");
    }
    return usage_error(where + "none of the " +
                       std::to_string(scenarios.size()) +
                       " scenarios selected has a parameter '" + a->key +
                       "' (their parameters: " + theirs + ")");
  }
  return {};
}

}  // namespace fpbench::params
