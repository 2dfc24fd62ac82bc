#pragma once

// Ordering of benchmark names as R's sort() orders them in a UTF-8 locale:
// the Unicode Collation Algorithm with CLDR root rules (libicu's root
// collator, tertiary strength). Punctuation sorts before digits, digits
// before letters, and at equal letters lowercase before uppercase, so
// `code='process.versions'` < `code='process'` and `buffer/` < `Buffer/`.

#include <string_view>

namespace fpbench::reports {

// Negative, zero or positive as a sorts before, with or after b. Distinct
// strings can collate equal when they differ only in ignorable characters
// (U+200B, say).
int collate(std::string_view a, std::string_view b);

}  // namespace fpbench::reports
