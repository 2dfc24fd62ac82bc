#pragma once

// Comparisons for the differential tests of the fast conversions: a
// mismatch says where (the caller's text), the sizes, and the first
// differing byte or code unit.

#include <gtest/gtest.h>

#include <cstddef>
#include <sstream>
#include <string>

#include "fpbench/core/js_string.hpp"

namespace fpbench::core::testing_support {

inline std::string units_of(const JsString& s) {
  std::ostringstream out;
  out << (s.is_one_byte() ? "one-byte" : "two-byte") << " length "
      << s.length();
  return out.str();
}

template <typename A, typename B>
inline std::size_t first_difference(const A& a, const B& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

inline testing::AssertionResult same_bytes(const std::string& expected,
                                           const std::string& actual,
                                           const std::string& where) {
  if (expected == actual) return testing::AssertionSuccess();
  const std::size_t i = first_difference(expected, actual);
  auto failure = testing::AssertionFailure();
  failure << where << ": first difference at byte " << i << " (sizes "
          << expected.size() << " vs " << actual.size() << ")";
  if (i < expected.size() && i < actual.size()) {
    failure << std::hex << ", expected 0x"
            << static_cast<unsigned>(static_cast<unsigned char>(expected[i]))
            << " got 0x"
            << static_cast<unsigned>(static_cast<unsigned char>(actual[i]));
  }
  return failure;
}

// Representation counts too unless told otherwise: V8 makes a one-byte
// string when it can.
inline testing::AssertionResult same_string(const JsString& expected,
                                            const JsString& actual,
                                            const std::string& where,
                                            bool same_representation = true) {
  if (expected == actual && (!same_representation ||
                             expected.is_one_byte() == actual.is_one_byte())) {
    return testing::AssertionSuccess();
  }
  const std::u16string e = to_utf16(expected);
  const std::u16string a = to_utf16(actual);
  const std::size_t i = first_difference(e, a);
  auto failure = testing::AssertionFailure();
  failure << where << ": expected " << units_of(expected) << ", got "
          << units_of(actual) << "; first difference at unit " << i;
  if (i < e.size() && i < a.size()) {
    failure << std::hex << " (expected U+" << static_cast<unsigned>(e[i])
            << " got U+" << static_cast<unsigned>(a[i]) << ")";
  }
  return failure;
}

}  // namespace fpbench::core::testing_support
