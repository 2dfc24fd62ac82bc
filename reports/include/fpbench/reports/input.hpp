#pragma once

// Reads a whole input, a file or standard input ("-"), into memory.

#include <cstddef>
#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::reports {

// The name that messages use for an input path: "<stdin>" for "-".
std::string input_display_name(std::string_view path);

// The most one input may hold: 1 GiB, some 15 million samples. Beyond it
// (an endless stream such as /dev/zero, a wrong file) reading stops with a
// bad-input error instead of exhausting memory.
inline constexpr std::size_t kMaxInputBytes = std::size_t{1} << 30;

Result<std::string> read_input(const std::string& path,
                               std::size_t max_bytes = kMaxInputBytes);

}  // namespace fpbench::reports
