#pragma once

// Node-style parameter grids. A grid is an ordered list of keys, each with a
// list of values; its configurations are the Cartesian product, first key
// varying slowest, as Node's benchmark/common.js expands `configs`. A
// configuration prints as Node prints it: key=value joined by single spaces,
// strings in single quotes, numbers bare (encoding='utf8' useFd='true'
// length=1024).

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "fpbench/base/result.hpp"

namespace fpbench::scenarios {

using Value = std::variant<std::int64_t, std::string>;

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
  Grid& add(std::string key, std::vector<Value> values);
  // Replaces the values of an existing key (Node's --set); a value that
  // reads as an integer becomes a number, anything else a string.
  Result<void> set(std::string_view key, std::string_view value);
  [[nodiscard]] std::vector<Config> expand() const;
  [[nodiscard]] const std::vector<std::pair<std::string, std::vector<Value>>>& keys() const {
    return keys_;
  }

 private:
  std::vector<std::pair<std::string, std::vector<Value>>> keys_;
};

// Node's rendering of one value: 'text' or 1024.
std::string format_value(const Value& v);

}  // namespace fpbench::scenarios
