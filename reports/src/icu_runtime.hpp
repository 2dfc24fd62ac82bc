#pragma once

// ICU, loaded when first needed instead of linked: the libraries and their
// 30 MB of data cost a millisecond of dynamic linking on every start of
// fpbench, and only names outside ASCII need them (collation.cpp and
// r_strings.cpp answer ASCII themselves). The version is the one built
// against: libicui18n.so.<major>, with its versioned symbol names.

#include <unicode/uchar.h>
#include <unicode/ucol.h>

namespace fpbench::reports::detail {

struct IcuFunctions {
  UCollator* (*collator_open)(const char*, UErrorCode*);
  UCollationResult (*strcoll_utf8)(const UCollator*, const char*, int32_t,
                                   const char*, int32_t, UErrorCode*);
  const char* (*error_name)(UErrorCode);
  void (*char_age)(UChar32, UVersionInfo);
  int8_t (*char_type)(UChar32);
  int32_t (*int_property_value)(UChar32, UProperty);
  UBool (*is_defined)(UChar32);
};

// Throws std::runtime_error naming the library when it cannot be loaded.
const IcuFunctions& icu();

}  // namespace fpbench::reports::detail
