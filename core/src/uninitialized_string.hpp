#pragma once

// Growing a std::string without writing the characters it gains, for
// storage that read(2) or a decoder fills right after: resize() would first
// zero-fill it, one more pass over memory as long as the read itself.
// Private to core.

#include <cstddef>
#include <string>

namespace fpbench::core::detail {

// Makes s.size() == n. Characters past the old size are indeterminate until
// written; shrinking is resize(n). Grows the capacity to exactly n when it
// is smaller, keeping the old characters.
void resize_uninitialized(std::string& s, std::size_t n);

}  // namespace fpbench::core::detail
