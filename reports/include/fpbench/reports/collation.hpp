#pragma once

// Ordering of benchmark names as R's sort() orders them in a UTF-8 locale:
// the Unicode Collation Algorithm with CLDR root rules (libicu's root
// collator, tertiary strength). Punctuation sorts before digits, digits
// before letters, and at equal letters lowercase before uppercase, so
// `code='process.versions'` < `code='process'` and `buffer/` < `Buffer/`.

#include <optional>
#include <string>
#include <string_view>

namespace fpbench::reports {

// Negative, zero or positive as a sorts before, with or after b. Distinct
// strings can collate equal when they differ only in ignorable characters
// (U+200B, say).
int collate(std::string_view a, std::string_view b);

// For an ASCII name, a key whose byte order is collate's order (equal keys
// for names that collate equal), so that a sort computes each name's
// weights once; nullopt for a name outside ASCII.
std::optional<std::string> collation_key(std::string_view ascii_name);

}  // namespace fpbench::reports
