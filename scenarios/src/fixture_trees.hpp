#pragma once

// Directory trees for the readdir scenarios, generated on first use into a
// cache directory shared by every process (see tree_cache_dir in the source).
// Generation is deterministic (a fixed seed and rng() % n, not the library's
// distributions), so every run and every machine walks the same names in the
// same shape.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::scenarios {

// The shape of a generated tree: how many directories (besides the root)
// and files it holds, how deep directories nest, and a seed for the names.
struct TreeShape {
  std::size_t directories = 0;
  std::size_t files = 0;
  std::size_t max_depth = 1;
  std::uint32_t seed = 1;
};

// Creates root (which must not exist) holding a random tree of the shape:
// each directory under a random earlier one at most max_depth - 1 deep,
// each file in a random directory, all files empty (hard links to one
// inode per directory).
Result<void> generate_tree(const std::string& root, const TreeShape& shape);

// A tree shaped like a Node.js checkout, as Node's readdir benchmark walks:
//   "lib"            ~300 files in 36 directories
//   "test"           860 directories and 13,000 entries in all, among them
//   "test/parallel"  one flat directory of 5,400 files
// Returns the path of the named part, creating the whole tree on first use.
Result<std::string> node_tree(std::string_view dir);

// A chain of depth nested directories d0/d1/..., each holding
// files_per_level files (the root too). Created on first use.
Result<std::string> chain_tree(int depth, int files_per_level);

}  // namespace fpbench::scenarios
