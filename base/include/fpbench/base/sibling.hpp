#pragma once

// Finding the programs and files that ship with fpbench (fpbench-scenarios,
// fpbench-history, fpbench-print, the plot script) relative to the running
// program, so that a build tree and an installed prefix both work from any
// directory, and a prefix can be moved whole.

#include <optional>
#include <string>
#include <vector>

namespace fpbench {

struct SiblingSearch {
  // An environment variable that, set and not empty, names the file
  // outright; its value is taken as it is, unchecked.
  const char* env = nullptr;
  std::string name;  // "fpbench-history"
  // Where to look, in order: folders relative to the running program's own
  // ("." beside it, "../libexec/fpbench" in an install, "../history" in the
  // build tree), or absolute ones.
  std::vector<std::string> dirs = {"."};
  // A program must be executable; a script that is run by its interpreter
  // need only be readable.
  bool executable = true;
};

// The folder of the running program (/proc/self/exe), or "" when the kernel
// does not say.
std::string executable_dir();

// Every place `search.dirs` names, in order, with the file name appended
// (the environment variable aside): what an error says was looked in.
std::vector<std::string> sibling_candidates(const SiblingSearch& search);

// The environment variable's value, else the first candidate that is there
// (and executable, for a program), else nothing.
std::optional<std::string> find_sibling(const SiblingSearch& search);

}  // namespace fpbench
