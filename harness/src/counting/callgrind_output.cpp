#include "counting/callgrind_output.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace fpbench::harness {

Result<std::string> make_callgrind_dir() {
  char dir[] = "/tmp/fpbench-callgrind-XXXXXX";
  if (::mkdtemp(dir) == nullptr) {
    return io_error("cannot create a folder for callgrind's output in /tmp");
  }
  return std::string(dir);
}

std::vector<std::string> callgrind_argv(const std::string& valgrind,
                                        const std::string& dir) {
  return {valgrind, "--tool=callgrind", "--combine-dumps=yes",
          "--callgrind-out-file=" + dir + "/callgrind.%p"};
}

std::string take_measured_callgrind_output(const std::string& dir) {
  std::string best;
  std::size_t best_loops = 0;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ignored)) {
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    const std::string t = text.str();
    std::size_t loops = 0;
    for (std::size_t at = t.find("fpbench-loop"); at != std::string::npos;
         at = t.find("fpbench-loop", at + 1)) {
      ++loops;
    }
    if (best.empty() || loops > best_loops) {
      best = t;
      best_loops = loops;
    }
  }
  std::filesystem::remove_all(dir, ignored);
  return best;
}

}  // namespace fpbench::harness
