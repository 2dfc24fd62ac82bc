#pragma once

// The building blocks of util.inspect() that the reference (inspect.cpp) and
// fast::format_line share. Private to core.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/inspect.hpp"

namespace fpbench::core {

// The building blocks both formatters share. Each appends to out.
namespace detail {

inline constexpr int kDepth = 2;
inline constexpr std::size_t kBreakLength = 80;
inline constexpr int kCompact = 3;
inline constexpr std::size_t kMaxArrayLength = 100;
inline constexpr std::size_t kMaxStringLength = 10000;
inline constexpr std::size_t kMinLineLength = 16;

// Number.prototype.toString(), except -0 prints as -0 (formatNumber).
void append_number(std::string& out, double d);
// strEscape(): the string quoted and escaped.
void append_quoted(std::string& out, std::string_view s);
// formatPrimitive() for a string nested at this indentation: truncation at
// kMaxStringLength, splitting long multi-line strings. Returns whether the
// result holds a newline.
bool append_string_value(std::string& out, std::string_view s,
                         std::size_t indentation);
// formatProperty()'s key: bare identifier, ['__proto__'] or quoted.
void append_key(std::string& out, std::string_view key);
// The order JS gives an object's own keys: array indices ascending first,
// then the rest in insertion order. Empty when that is insertion order.
std::vector<std::size_t> js_key_order(const Value::Object& object);
// String.prototype.length of UTF-8 text (UTF-16 code units).
std::size_t utf16_length(std::string_view utf8);
// getStringWidth(): terminal columns (see the known differences in
// inspect.hpp).
std::size_t display_width(std::string_view utf8);
// "... 5 more items"
void append_remaining(std::string& out, std::size_t remaining);

}  // namespace detail

}  // namespace fpbench::core
