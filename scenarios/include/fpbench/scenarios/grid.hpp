#pragma once

// Node-style parameter grids. A grid is an ordered list of keys, each with a
// list of values; its configurations are the Cartesian product, first key
// varying slowest, as Node's benchmark/common.js expands `configs`. A
// configuration prints as Node prints it: key=value joined by single spaces,
// strings in single quotes, numbers bare (encoding='utf8' useFd='true'
// length=1024). Each key says what it may take (base/parameters.hpp), so a
// --set value the scenario cannot run is refused before anything runs.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "fpbench/base/parameters.hpp"
#include "fpbench/base/result.hpp"

namespace fpbench::scenarios {

using Value = params::ParameterValue;
using params::Parameter;

class Config {
 public:
  void set(std::string key, Value value);
  [[nodiscard]] const std::string& text(std::string_view key) const;
  [[nodiscard]] std::int64_t number(std::string_view key) const;
  [[nodiscard]] bool flag(std::string_view key) const;  // 'true' or 'false'
  // key=value pairs in grid order: "encoding='utf8' length=1024".
  [[nodiscard]] std::string to_string() const;

 private:
  [[nodiscard]] const Value& get(std::string_view key) const;
  std::vector<std::pair<std::string, Value>> entries_;
};

class Grid {
 public:
  struct Key {
    Parameter parameter;
    std::vector<Value> values;
  };

  // A key, what it takes, and its values, each one it takes.
  Grid& add(Parameter parameter, std::vector<Value> values);
  // Replaces the values of an existing key with one (Node's --set), read as
  // the key takes it: an unknown key, or a value it does not take, is an
  // error that says what it takes, and the grid is left as it was.
  Result<void> set(std::string_view key, std::string_view value);
  [[nodiscard]] bool has(std::string_view key) const;
  [[nodiscard]] std::vector<Config> expand() const;
  [[nodiscard]] const std::vector<Key>& keys() const { return keys_; }
  [[nodiscard]] std::vector<Parameter> parameters() const;

 private:
  std::vector<Key> keys_;
};

// Node's rendering of one value: 'text' or 1024.
std::string format_value(const Value& v);

}  // namespace fpbench::scenarios
