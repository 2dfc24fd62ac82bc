#pragma once

// A JSON-like value model and Node 20's util.inspect() of it, as console.log
// prints it: the shapes `node -p CODE` prints in Node's
// benchmark/misc/print.js (a number, a string, process.versions, process).
//
// inspect() follows lib/internal/util/inspect.js (Node v20.20.2) with the
// options console.log passes: depth 2, breakLength 80 (inspect's default,
// which console.log keeps; checked against node with objects 50 to 82
// columns wide), compact 3, maxArrayLength 100, maxStringLength 10000, no
// colors. Rules implemented:
//   - objects deeper than depth 2 print [Object] / [Array]; empty ones
//     print {} / [] at any depth;
//   - an object is put on one line when its innermost nested object is fewer
//     than 3 levels down (ctx.currentDepth, which is the depth of the last
//     object entered, not the deepest) and its entries fit breakLength
//     (UTF-16 lengths, Node's "start" bias of entries + indentation + 10);
//   - arrays with more than 6 entries are grouped into columns exactly as
//     groupArrayElements does (numbers right-aligned, anything else left);
//     more than 100 items end with "... N more items";
//   - strings are quoted with ', or " when they hold a ' but no ", or ` when
//     they hold both but no ` and no ${; \\, the quote, C0 and C1 controls
//     are escaped (\n, \t, \x1B, \x85...); strings longer than 16 and than
//     breakLength - indentation - 4 are split after each \n into 'a\n' +
//     'b'; past 10000 UTF-16 units they end with "... N more characters";
//   - keys print bare when they match /^[a-zA-Z_][a-zA-Z_0-9]*$/, else
//     quoted as strings; __proto__ prints ['__proto__']; keys that are
//     array indices ("0", "42") come first in ascending order, as in a JS
//     object;
//   - numbers print as Number.prototype.toString does (shortest round-trip
//     digits, exponent form below 1e-6 and from 1e21: 1e+21, 1.5e-7) and
//     -0 as -0.
//
// Known differences from Node, none reachable from the print samples:
//   - strings are UTF-8. Invalid UTF-8 is copied through unchanged where
//     Node would have decoded it to U+FFFD; there are no lone surrogates to
//     escape, except that cutting a string at 10000 UTF-16 units inside a
//     surrogate pair prints the high half as \ud83d, as Node does.
//   - column widths in grouped arrays use a built-in table of wide (East
//     Asian Wide/Fullwidth, emoji presentation) and zero-width (combining,
//     format) code points, not ICU 78 on NFC-normalized text; rare code
//     points can be counted differently, which changes column padding only.
//   - an object must not repeat a key (a JS object cannot); repeated keys
//     print once each, where JSON.parse would keep only the last value.
//   - console.log colors its output when stdout is a TTY; these functions
//     never color.
//   - Node stops descending (depth -1) once one indentation level has
//     produced 2^27 characters; values that large are not supported.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace fpbench::core {

struct Member;

class Value {
 public:
  enum class Kind {
    kNull,
    kUndefined,
    kBool,
    kNumber,
    kString,
    kArray,
    kObject
  };
  using Array = std::vector<Value>;
  using Object = std::vector<Member>;  // in insertion order, keys unique

  // Defined below Member: a constructor needs the variant's destructor, and
  // with it Member complete (clang instantiates it where it is defined).
  Value();  // null
  static Value undefined();
  Value(bool b);
  template <class T>
  requires(std::is_arithmetic_v<T> && !std::same_as<T, bool>) Value(T number);
  Value(std::string s);
  Value(std::string_view s);
  Value(const char* s);
  Value(Array a);
  Value(Object o);

  [[nodiscard]] Kind kind() const { return static_cast<Kind>(v_.index()); }
  [[nodiscard]] bool boolean() const { return std::get<bool>(v_); }
  [[nodiscard]] double number() const { return std::get<double>(v_); }
  [[nodiscard]] const std::string& string() const {
    return std::get<std::string>(v_);
  }
  [[nodiscard]] const Array& array() const { return std::get<Array>(v_); }
  [[nodiscard]] const Object& object() const { return std::get<Object>(v_); }
  [[nodiscard]] Array& array() { return std::get<Array>(v_); }
  [[nodiscard]] Object& object() { return std::get<Object>(v_); }

 private:
  struct Undefined {};
  explicit Value(Undefined u);
  // The alternatives are in Kind order.
  std::variant<std::monostate, Undefined, bool, double, std::string, Array,
               Object>
      v_;
};

struct Member {
  std::string key;
  Value value;
};

inline Value::Value() = default;
inline Value Value::undefined() { return Value(Undefined{}); }
inline Value::Value(bool b) : v_(b) {}
template <class T>
requires(std::is_arithmetic_v<T> &&
         !std::same_as<T, bool>) Value::Value(T number)
    : v_(static_cast<double>(number)) {}
inline Value::Value(std::string s) : v_(std::move(s)) {}
inline Value::Value(std::string_view s) : v_(std::string(s)) {}
inline Value::Value(const char* s) : v_(std::string(s)) {}
inline Value::Value(Array a) : v_(std::move(a)) {}
inline Value::Value(Object o) : v_(std::move(o)) {}
inline Value::Value(Undefined u) : v_(u) {}

// util.inspect(value) with console.log's options: the reference, a
// transliteration of Node's algorithm (lists of entry strings per level,
// joined once the layout is known), and what the baseline print runs; it is
// defined with the baseline console in baseline/print.cpp. fast::format_line
// (print.hpp) is the single-buffer formatter that must give the same bytes.
std::string inspect(const Value& value);

// What console.log(value) writes: strings raw, everything else inspected,
// then "\n".
std::string log_line(const Value& value);

}  // namespace fpbench::core
