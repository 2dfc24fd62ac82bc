#include "fpbench/reports/collation.hpp"

#include <unicode/ucol.h>

#include <memory>
#include <stdexcept>

#include "fpbench/base/check.hpp"

namespace fpbench::reports {
namespace {

struct CollatorCloser {
  void operator()(UCollator* c) const { ucol_close(c); }
};

// The root collator is immutable after opening and ucol_strcoll* is safe to
// call from several threads on one collator.
const UCollator* root_collator() {
  static const std::unique_ptr<UCollator, CollatorCloser> collator = [] {
    UErrorCode status = U_ZERO_ERROR;
    UCollator* c = ucol_open("", &status);
    if (U_FAILURE(status)) {
      throw std::runtime_error(std::string("cannot open the ICU root collator: ") +
                               u_errorName(status));
    }
    return std::unique_ptr<UCollator, CollatorCloser>(c);
  }();
  return collator.get();
}

int32_t icu_length(std::string_view s) {
  FPBENCH_CHECK(s.size() <= static_cast<std::size_t>(INT32_MAX));
  return static_cast<int32_t>(s.size());
}

}  // namespace

int collate(std::string_view a, std::string_view b) {
  UErrorCode status = U_ZERO_ERROR;
  const UCollationResult r =
      ucol_strcollUTF8(root_collator(), a.data(), icu_length(a), b.data(),
                       icu_length(b), &status);
  FPBENCH_CHECK(U_SUCCESS(status));
  return r == UCOL_EQUAL ? 0 : (r == UCOL_LESS ? -1 : 1);
}

}  // namespace fpbench::reports
