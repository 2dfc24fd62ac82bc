// The note of an old spelling.

#include "fpbench/base/cli_vocabulary.hpp"

#include <cstdio>
#include <set>

namespace fpbench::cli {

void note_old_spelling(const std::string& old_spelling,
                       const std::string& new_spelling) {
  static std::set<std::string> noted;
  if (!noted.insert(old_spelling).second) return;
  std::fprintf(stderr,
               "fpbench: note: %s is now %s; %s goes in the next "
               "release\n",
               old_spelling.c_str(), new_spelling.c_str(),
               old_spelling.c_str());
}

}  // namespace fpbench::cli
