#include "fpbench/reports/collation.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "fpbench/base/check.hpp"
#include "icu_runtime.hpp"

namespace fpbench::reports {
namespace {

// The root collator's primary weights of the ASCII characters, as ranks:
// 0 for the completely ignorable controls (U+0000-0008, U+000E-001F,
// U+007F), then whitespace (TAB LF VT FF CR space), punctuation and symbols
// in CLDR's order (_ - , ; : ! ? . ' " ( ) [ ] { } @ * / \ & # % ` ^ + < = >
// | ~ $), digits, and letters with each lower and upper case sharing one
// rank. Read from ICU's root collator and checked against it on every pair
// of characters and random strings (collation_test.cpp).
constexpr std::array<unsigned char, 128> kPrimary = {
    0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  2,  3,  4,  5,  0,  0,   //
    0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,   //
    6,  12, 16, 28, 38, 29, 27, 15, 17, 18, 24, 32, 9,  8,  14, 25,  //
    39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 11, 10, 33, 34, 35, 13,  //
    23, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,  //
    64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 19, 26, 20, 31, 7,   //
    30, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,  //
    64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 21, 36, 22, 37, 0};

bool is_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return static_cast<unsigned char>(c) < 0x80;
  });
}

unsigned char primary(char c) {
  return kPrimary[static_cast<unsigned char>(c)];
}

// The next non-ignorable position at or after i.
std::size_t skip_ignorable(std::string_view s, std::size_t i) {
  while (i < s.size() && primary(s[i]) == 0) ++i;
  return i;
}

// The root collation at tertiary strength, for ASCII: primary weights
// first; at equal primaries (same letters, ignoring case) the first case
// difference decides, lowercase first. ASCII has no secondary differences.
int collate_ascii(std::string_view a, std::string_view b) {
  std::size_t i = skip_ignorable(a, 0), j = skip_ignorable(b, 0);
  for (; i < a.size() && j < b.size();
       i = skip_ignorable(a, i + 1), j = skip_ignorable(b, j + 1)) {
    if (primary(a[i]) != primary(b[j]))
      return primary(a[i]) < primary(b[j]) ? -1 : 1;
  }
  if (i < a.size() || j < b.size()) return i < a.size() ? 1 : -1;
  for (i = skip_ignorable(a, 0), j = skip_ignorable(b, 0); i < a.size();
       i = skip_ignorable(a, i + 1), j = skip_ignorable(b, j + 1)) {
    const bool upper_a = a[i] >= 'A' && a[i] <= 'Z';
    const bool upper_b = b[j] >= 'A' && b[j] <= 'Z';
    if (upper_a != upper_b) return upper_a ? 1 : -1;
  }
  return 0;
}

// The root collator is immutable after opening and ucol_strcoll* is safe to
// call from several threads on one collator.
const UCollator* root_collator() {
  static const UCollator* const collator = [] {
    UErrorCode status = U_ZERO_ERROR;
    UCollator* c = detail::icu().collator_open("", &status);
    if (U_FAILURE(status)) {
      throw std::runtime_error(
          std::string("cannot open the ICU root collator: ") +
          detail::icu().error_name(status));
    }
    return c;
  }();
  return collator;
}

int32_t icu_length(std::string_view s) {
  FPBENCH_CHECK(s.size() <= static_cast<std::size_t>(INT32_MAX));
  return static_cast<int32_t>(s.size());
}

}  // namespace

std::optional<std::string> collation_key(std::string_view name) {
  if (!is_ascii(name)) return std::nullopt;
  // The primary ranks (all above 0), a 0 that ends them (a prefix sorts
  // first), then one case byte per weighted character: what collate_ascii
  // compares, in its order.
  std::string key;
  key.reserve(2 * name.size() + 1);
  for (char c : name) {
    if (primary(c) != 0) key += static_cast<char>(primary(c));
  }
  key += '\0';
  for (char c : name) {
    if (primary(c) != 0) key += c >= 'A' && c <= 'Z' ? '\2' : '\1';
  }
  return key;
}

int collate(std::string_view a, std::string_view b) {
  if (is_ascii(a) && is_ascii(b)) return collate_ascii(a, b);
  UErrorCode status = U_ZERO_ERROR;
  const UCollationResult r =
      detail::icu().strcoll_utf8(root_collator(), a.data(), icu_length(a),
                                 b.data(), icu_length(b), &status);
  FPBENCH_CHECK(U_SUCCESS(status));
  return r == UCOL_EQUAL ? 0 : (r == UCOL_LESS ? -1 : 1);
}

}  // namespace fpbench::reports
