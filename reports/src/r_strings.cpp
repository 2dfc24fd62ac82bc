#include "r_strings.hpp"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace fpbench::reports::detail {
namespace {

struct Range {
  char32_t first;
  char32_t last;
};

constexpr std::array<Range, 17> kWide = {{
    {0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},
    {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
    {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},
    {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F}, {0x1F900, 0x1F9FF},
    {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
}};

constexpr std::array<Range, 8> kZeroWidth = {{
    {0x0300, 0x036F},
    {0x0483, 0x0489},
    {0x0591, 0x05BD},
    {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF},
    {0x200B, 0x200F},
    {0x20D0, 0x20FF},
    {0xFE20, 0xFE2F},
}};

template <std::size_t N>
bool in_ranges(const std::array<Range, N>& ranges, char32_t c) {
  for (const Range& r : ranges) {
    if (c >= r.first && c <= r.last) return true;
  }
  return false;
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
    case '\a': out += "\\a"; return;
    case '\b': out += "\\b"; return;
    case '\f': out += "\\f"; return;
    case '\n': out += "\\n"; return;
    case '\r': out += "\\r"; return;
    case '\t': out += "\\t"; return;
    case '\v': out += "\\v"; return;
    case '\0': out += "\\0"; return;
    default: {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    }
  }
}

bool printable(char32_t c) {
  return !(c < 0x20 || (c >= 0x7F && c < 0xA0) || c == 0x2028 ||
           c == 0x2029 || (c >= 0xFFF9 && c <= 0xFFFB) || c == 0xFEFF);
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
    if (in_ranges(kWide, c)) {
      width += 2;
    } else if (!in_ranges(kZeroWidth, c)) {
      width += 1;
    }
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
