#include "r_strings.hpp"

#include <locale.h>
#include <wctype.h>

#include <cmath>
#include <cstdint>
#include <cstdio>

#include "icu_runtime.hpp"

namespace fpbench::reports::detail {
namespace {

// Terminal columns of one code point, as R 4.2 counts them (its own width
// table, Unicode 13): combining and format characters take none, East
// Asian wide and full-width ones two. ICU supplies the Unicode properties;
// characters assigned after Unicode 13 are one column, as R does not know
// them. Checked against R's nchar(type = "width") on 38,441 code points:
// all agree but U+1734, whose category Unicode changed since.
int code_point_width(char32_t c) {
  if (c < 0x80) return 1;  // no ASCII character is a mark or wide
  const auto cp = static_cast<UChar32>(c);
  if (c == 0xAD) return 1;  // soft hyphen: a format character R shows
  const IcuFunctions& u = icu();
  UVersionInfo age;
  u.char_age(cp, age);
  if (age[0] > 13) return 1;
  const int8_t category = u.char_type(cp);
  if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK ||
      category == U_FORMAT_CHAR || (c >= 0x1160 && c <= 0x11FF)) {
    return 0;
  }
  const int east_asian = u.int_property_value(cp, UCHAR_EAST_ASIAN_WIDTH);
  return east_asian == U_EA_WIDE || east_asian == U_EA_FULLWIDTH ? 2 : 1;
}

// Decodes one UTF-8 sequence at s[i]; returns its length, or 0 when the bytes
// there are not well-formed UTF-8.
std::size_t decode_utf8(std::string_view s, std::size_t i, char32_t& out) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) {
    out = b0;
    return 1;
  }
  std::size_t len = 0;
  char32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2, out = b0 & 0x1Fu, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, out = b0 & 0x0Fu, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, out = b0 & 0x07u, min = 0x10000;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if ((b & 0xC0) != 0x80) return 0;
    out = (out << 6) | (b & 0x3Fu);
  }
  if (out < min || out > 0x10FFFF || (out >= 0xD800 && out <= 0xDFFF)) {
    return 0;
  }
  return len;
}

void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\a':
      out += "\\a";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\v':
      out += "\\v";
      return;
    case '\0':
      out += "\\0";
      return;
    default: {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
}

// R asks the C library (iswprint) whether to show a character or escape
// it; in a UTF-8 locale glibc escapes C0 and C1 controls, U+2028, U+2029
// and unassigned code points, and shows private-use and format characters.
bool printable(char32_t c) {
  if (c < 0x80) return c >= 0x20 && c != 0x7F;
  static const locale_t utf8 =
      ::newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  if (utf8 != locale_t{})
    return ::iswprint_l(static_cast<wint_t>(c), utf8) != 0;
  return c >= 0xA0 && c != 0x2028 && c != 0x2029 &&
         icu().is_defined(static_cast<UChar32>(c));
}

}  // namespace

std::string r_escape(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    char32_t c = 0;
    const std::size_t len = decode_utf8(utf8, i, c);
    if (len == 0) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "<%02x>",
                    static_cast<unsigned char>(utf8[i]));
      out += buf;
      ++i;
      continue;
    }
    if (c == '\\') {
      out += "\\\\";
    } else if (c < 0x80 && !printable(c)) {
      append_escape(out, static_cast<unsigned char>(c));
    } else if (!printable(c)) {
      char buf[16];
      std::snprintf(buf, sizeof buf, c > 0xFFFF ? "\\U%08x" : "\\u%04x",
                    static_cast<unsigned>(c));
      out += buf;
    } else {
      out.append(utf8.substr(i, len));
    }
    i += len;
  }
  return out;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    char32_t c = 0;
    const std::size_t len = decode_utf8(utf8, i, c);
    if (len == 0) {
      ++width;
      ++i;
      continue;
    }
    width += static_cast<std::size_t>(code_point_width(c));
    i += len;
  }
  return width;
}

std::string r_fixed2(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Inf" : "-Inf";
  char buf[400];
  std::snprintf(buf, sizeof buf, "%.2f", x);
  return buf;
}

}  // namespace fpbench::reports::detail
