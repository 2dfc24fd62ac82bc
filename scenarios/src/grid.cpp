#include "fpbench/scenarios/grid.hpp"

#include <algorithm>

#include "fpbench/base/check.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench::scenarios {

std::string format_value(const Value& v) {
  if (const auto* n = std::get_if<std::int64_t>(&v)) return std::to_string(*n);
  return "'" + std::get<std::string>(v) + "'";
}

void Config::set(std::string key, Value value) {
  entries_.emplace_back(std::move(key), std::move(value));
}

const Value& Config::get(std::string_view key) const {
  for (const auto& [k, v] : entries_) {
    if (k == key) return v;
  }
  FPBENCH_CHECK(false && "a scenario asked for a key its grid does not have");
  return entries_.front().second;
}

const std::string& Config::text(std::string_view key) const {
  const Value& v = get(key);
  FPBENCH_CHECK(std::holds_alternative<std::string>(v));
  return std::get<std::string>(v);
}

std::int64_t Config::number(std::string_view key) const {
  const Value& v = get(key);
  FPBENCH_CHECK(std::holds_alternative<std::int64_t>(v));
  return std::get<std::int64_t>(v);
}

bool Config::flag(std::string_view key) const { return text(key) == "true"; }

std::string Config::to_string() const {
  std::string out;
  for (const auto& [k, v] : entries_) {
    if (!out.empty()) out += ' ';
    out += k + "=" + format_value(v);
  }
  return out;
}

Grid& Grid::add(Parameter parameter, std::vector<Value> values) {
  for (const Value& v : values) {
    const std::string text = std::holds_alternative<std::int64_t>(v)
                                 ? std::to_string(std::get<std::int64_t>(v))
                                 : std::get<std::string>(v);
    const auto taken = params::parse_value(parameter, text);
    FPBENCH_CHECK(taken.has_value() && *taken == v);
  }
  keys_.push_back({std::move(parameter), std::move(values)});
  return *this;
}

Result<void> Grid::set(std::string_view key, std::string_view value) {
  for (Key& k : keys_) {
    if (k.parameter.key != key) continue;
    FPBENCH_ASSIGN_OR_RETURN(auto taken,
                             params::parse_value(k.parameter, value));
    k.values = {std::move(taken)};
    return {};
  }
  return usage_error("no parameter '" + std::string(key) + "' in this grid");
}

bool Grid::has(std::string_view key) const {
  return std::any_of(keys_.begin(), keys_.end(),
                     [&](const Key& k) { return k.parameter.key == key; });
}

std::vector<Parameter> Grid::parameters() const {
  std::vector<Parameter> out;
  for (const Key& k : keys_) out.push_back(k.parameter);
  return out;
}

std::vector<Config> Grid::expand() const {
  std::vector<Config> out(1);
  for (const auto& [parameter, values] : keys_) {
    std::vector<Config> next;
    next.reserve(out.size() * values.size());
    for (const Config& c : out) {
      for (const Value& v : values) {
        Config extended = c;
        extended.set(parameter.key, v);
        next.push_back(std::move(extended));
      }
    }
    out = std::move(next);
  }
  return out;
}

}  // namespace fpbench::scenarios
