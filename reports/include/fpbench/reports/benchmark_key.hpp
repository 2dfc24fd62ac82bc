#pragma once

// What names one benchmark everywhere: a filename and a configuration, as
// compare.js writes them. Its one text form is compare.R's name, the two
// joined by a space ("fs/read-file-sync encoding='utf8' size=1024"; an empty
// configuration leaves the trailing space).

#include <compare>
#include <string>
#include <string_view>

namespace fpbench::reports {

struct BenchmarkKey {
  std::string filename;
  std::string configuration;

  [[nodiscard]] std::string text() const {
    return filename + " " + configuration;
  }
  // The key of a name whose filename holds no space, as fpbench-scenarios
  // names its benchmarks: split at the first space.
  [[nodiscard]] static BenchmarkKey from_text(std::string_view text) {
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos) return {std::string(text), ""};
    return {std::string(text.substr(0, space)),
            std::string(text.substr(space + 1))};
  }

  auto operator<=>(const BenchmarkKey&) const = default;
};

}  // namespace fpbench::reports
