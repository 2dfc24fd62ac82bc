#pragma once

// Reads a whole input, a file or standard input ("-"), into memory.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::reports {

// The name that messages use for an input path: "<stdin>" for "-".
std::string input_display_name(std::string_view path);

Result<std::string> read_input(const std::string& path);

}  // namespace fpbench::reports
