#include "fpbench/base/sibling.hpp"

#include <unistd.h>

#include <cstdlib>

namespace fpbench {

std::string executable_dir() {
  char self[4096];
  const ssize_t n = ::readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return {};
  const std::string exe(self, static_cast<std::size_t>(n));
  return exe.substr(0, exe.rfind('/'));
}

std::vector<std::string> sibling_candidates(const SiblingSearch& search) {
  const std::string self = executable_dir();
  std::vector<std::string> out;
  for (const std::string& dir : search.dirs) {
    if (dir.starts_with('/')) {
      out.push_back(dir + "/" + search.name);
    } else if (!self.empty()) {
      out.push_back(self + (dir == "." ? "" : "/" + dir) + "/" + search.name);
    }
  }
  return out;
}

std::optional<std::string> find_sibling(const SiblingSearch& search) {
  if (search.env != nullptr) {
    const char* value = std::getenv(search.env);
    if (value != nullptr && *value != '\0') return std::string(value);
  }
  const int mode = search.executable ? X_OK : R_OK;
  for (const std::string& candidate : sibling_candidates(search)) {
    if (::access(candidate.c_str(), mode) == 0) return candidate;
  }
  return std::nullopt;
}

}  // namespace fpbench
