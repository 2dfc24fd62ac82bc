#include "fpbench/core/js_string.hpp"

#include <algorithm>

namespace fpbench::core {

bool operator==(const JsString& a, const JsString& b) {
  if (a.is_one_byte() && b.is_one_byte()) return a.one_byte() == b.one_byte();
  if (!a.is_one_byte() && !b.is_one_byte()) return a.two_byte() == b.two_byte();
  const JsString& narrow = a.is_one_byte() ? a : b;
  const JsString& wide = a.is_one_byte() ? b : a;
  const std::string_view n = narrow.one_byte();
  const std::u16string_view w = wide.two_byte();
  return n.size() == w.size() &&
         std::equal(n.begin(), n.end(), w.begin(), [](char c, char16_t u) {
           return static_cast<unsigned char>(c) == u;
         });
}

std::u16string to_utf16(const JsString& s) {
  if (!s.is_one_byte()) return std::u16string(s.two_byte());
  std::u16string out(s.length(), u'\0');
  std::transform(s.one_byte().begin(), s.one_byte().end(), out.begin(),
                 [](char c) { return static_cast<unsigned char>(c); });
  return out;
}

}  // namespace fpbench::core
