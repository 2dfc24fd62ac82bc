// The pieces of Node 20's util.inspect (lib/internal/util/inspect.js) that
// both formatters share: numbers, quoted and escaped strings, keys and their
// order, UTF-16 lengths and display widths. The formatters themselves are
// inspect() in baseline/print.cpp (Node's algorithm, what the baseline runs)
// and fast::format_line in fast/print.cpp.

#include "fpbench/core/inspect.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "inspect_detail.hpp"

namespace fpbench::core {
namespace detail {
namespace {

// inspect.js's `meta`: how each C0 control, DEL and C1 control prints.
constexpr std::array<const char*, 32> kControlEscapes = {
    "\\x00", "\\x01", "\\x02", "\\x03", "\\x04", "\\x05", "\\x06", "\\x07",
    "\\b",   "\\t",   "\\n",   "\\x0B", "\\f",   "\\r",   "\\x0E", "\\x0F",
    "\\x10", "\\x11", "\\x12", "\\x13", "\\x14", "\\x15", "\\x16", "\\x17",
    "\\x18", "\\x19", "\\x1A", "\\x1B", "\\x1C", "\\x1D", "\\x1E", "\\x1F"};
constexpr char kHexUpper[] = "0123456789ABCDEF";

// Byte classes for one pass over a string: bytes that need a look before
// they are copied (quotes, backslash, controls, the lead byte of C1
// controls, '$' of "${").
enum : unsigned char { kPlain = 0, kSpecial = 1 };
constexpr std::array<unsigned char, 256> kByteClass = [] {
  std::array<unsigned char, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = kSpecial;
  for (const char c : {'\'', '"', '`', '\\', '$', '\x7f', '\xc2'})
    t[static_cast<unsigned char>(c)] = kSpecial;
  return t;
}();

// Printable ASCII without ' or \: the common string, which goes between
// single quotes as it is whatever else it holds (", ` and ${ only matter
// next to a '). Sixteen bytes per step where SSE2 is there.
bool plain_ascii(std::string_view s) {
#if defined(__SSE2__)
  const auto special = [](const char* p) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Signed compare: bytes from 0x80 up are negative, so "below 0x20" too.
    __m128i m = _mm_cmplt_epi8(v, _mm_set1_epi8(0x20));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\'')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8(0x7F)));
    return _mm_movemask_epi8(m) != 0;
  };
  std::size_t i = 0;
  for (; i + 16 <= s.size(); i += 16) {
    if (special(s.data() + i)) return false;
  }
  if (i == s.size()) return true;
  char tail[16];
  std::memset(tail, 'a', sizeof tail);
  std::memcpy(tail, s.data() + i, s.size() - i);
  return !special(tail);
#else
  return std::all_of(s.begin(), s.end(), [](char ch) {
    const auto c = static_cast<unsigned char>(ch);
    return c >= 0x20 && c < 0x7F && c != '\'' && c != '\\';
  });
#endif
}

// Bit 1: may start an identifier; bit 2: may continue one.
constexpr std::array<unsigned char, 256> kIdentifierChar = [] {
  std::array<unsigned char, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const bool alpha =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    t[static_cast<std::size_t>(c)] = alpha ? 3 : (c >= '0' && c <= '9') ? 2 : 0;
  }
  return t;
}();

struct Decoded {
  char32_t code_point;
  std::size_t length;
};

// One UTF-8 sequence; invalid bytes decode to themselves, one at a time.
Decoded decode_utf8(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const auto cont = [&](std::size_t k) {
    return i + k < s.size() &&
           (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
  };
  const auto bits = [&](std::size_t k) {
    return static_cast<char32_t>(static_cast<unsigned char>(s[i + k]) & 0x3F);
  };
  if (b >= 0xC0 && b < 0xE0 && cont(1))
    return {((b & 0x1Fu) << 6) | bits(1), 2};
  if (b >= 0xE0 && b < 0xF0 && cont(1) && cont(2)) {
    return {((b & 0x0Fu) << 12) | (bits(1) << 6) | bits(2), 3};
  }
  if (b >= 0xF0 && cont(1) && cont(2) && cont(3)) {
    return {((b & 0x07u) << 18) | (bits(1) << 12) | (bits(2) << 6) | bits(3),
            4};
  }
  return {b, 1};
}

struct Range {
  char32_t first, last;
};

// Zero-width: combining marks (Mn/Me), format controls (Cf) and emoji
// modifiers, the common blocks of what ICU reports.
constexpr Range kZeroWidth[] = {
    {0x0300, 0x036F},   {0x0483, 0x0489},   {0x0591, 0x05BD},
    {0x0610, 0x061A},   {0x061C, 0x061C},   {0x064B, 0x065F},
    {0x0670, 0x0670},   {0x06D6, 0x06DD},   {0x0E31, 0x0E31},
    {0x0E34, 0x0E3A},   {0x0E47, 0x0E4E},   {0x1AB0, 0x1AFF},
    {0x1DC0, 0x1DFF},   {0x200B, 0x200F},   {0x202A, 0x202E},
    {0x2060, 0x2064},   {0x2066, 0x206F},   {0x20D0, 0x20FF},
    {0xFE00, 0xFE0F},   {0xFE20, 0xFE2F},   {0xFEFF, 0xFEFF},
    {0x1F3FB, 0x1F3FF}, {0xE0001, 0xE007F}, {0xE0100, 0xE01EF}};

// Two columns: East Asian Wide and Fullwidth, and emoji presentation.
constexpr Range kWide[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},
    {0x23E9, 0x23EC},   {0x23F0, 0x23F0},   {0x23F3, 0x23F3},
    {0x25FD, 0x25FE},   {0x2614, 0x2615},   {0x2648, 0x2653},
    {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
    {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},
    {0x26CE, 0x26CE},   {0x26D4, 0x26D4},   {0x26EA, 0x26EA},
    {0x26F2, 0x26F3},   {0x26F5, 0x26F5},   {0x26FA, 0x26FA},
    {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
    {0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},
    {0x2753, 0x2755},   {0x2757, 0x2757},   {0x2795, 0x2797},
    {0x27B0, 0x27B0},   {0x27BF, 0x27BF},   {0x2B1B, 0x2B1C},
    {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x303E},
    {0x3041, 0x3247},   {0x3250, 0x4DBF},   {0x4E00, 0xA4C6},
    {0xA960, 0xA97C},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},
    {0xFE10, 0xFE19},   {0xFE30, 0xFE6B},   {0xFF01, 0xFF60},
    {0xFFE0, 0xFFE6},   {0x16FE0, 0x18CFF}, {0x1B000, 0x1B2FF},
    {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E},
    {0x1F191, 0x1F19A}, {0x1F200, 0x1F251}, {0x1F300, 0x1F64F},
    {0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB}, {0x1F90C, 0x1F9FF},
    {0x1FA70, 0x1FAFF}, {0x20000, 0x3FFFD}};

template <std::size_t N>
bool in_ranges(const Range (&ranges)[N], char32_t c) {
  return std::any_of(std::begin(ranges), std::end(ranges), [c](const Range& r) {
    return c >= r.first && c <= r.last;
  });
}

std::size_t code_point_width(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c < 0xA0)) return 0;
  if (in_ranges(kZeroWidth, c)) return 0;
  return in_ranges(kWide, c) ? 2 : 1;
}

bool is_identifier(std::string_view key) {
  if (key.empty() ||
      (kIdentifierChar[static_cast<unsigned char>(key[0])] & 1) == 0)
    return false;
  for (const char c : key) {
    if ((kIdentifierChar[static_cast<unsigned char>(c)] & 2) == 0) return false;
  }
  return true;
}

// A canonical array index: "0" or [1-9][0-9]* below 2^32 - 1.
bool array_index(std::string_view key, std::uint64_t& index) {
  if (key.empty() || key.size() > 10 || key[0] < '0' || key[0] > '9')
    return false;
  if (key[0] == '0' && key.size() > 1) return false;
  std::uint64_t n = 0;
  for (const char c : key) {
    if (c < '0' || c > '9') return false;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  index = n;
  return n < 0xFFFFFFFFull;
}

// strEscape() with an optional lone high surrogate at the end (a string cut
// inside a surrogate pair), which Node prints as \ud83d.
void append_quoted_impl(std::string& out, std::string_view s,
                        unsigned lone_surrogate) {
  if (lone_surrogate == 0 && plain_ascii(s)) {
    out += '\'';
    out += s;
    out += '\'';
    return;
  }
  bool has_single = false, has_double = false, has_backtick = false;
  bool has_template = false, needs_escape = lone_surrogate != 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (kByteClass[c] == kPlain) continue;
    switch (c) {
      case '\'':
        has_single = true;
        break;
      case '"':
        has_double = true;
        break;
      case '`':
        has_backtick = true;
        break;
      case '$':
        has_template |= i + 1 < s.size() && s[i + 1] == '{';
        break;
      case 0xC2:  // U+0080..U+009F are C1 controls
        needs_escape |=
            i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xA0;
        break;
      default:
        needs_escape = true;  // controls and the backslash
    }
  }
  char quote = '\'';
  if (has_single) {
    if (!has_double) {
      quote = '"';
    } else if (!has_backtick && !has_template) {
      quote = '`';
    }
  }
  out += quote;
  if (!needs_escape && !(has_single && quote == '\'')) {
    out += s;
  } else {
    std::size_t last = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const auto c = static_cast<unsigned char>(s[i]);
      if (kByteClass[c] == kPlain) continue;
      const char* escape = nullptr;
      char c1[5] = {'\\', 'x', '9', '0', '\0'};
      if (c < 0x20) {
        escape = kControlEscapes[c];
      } else if (c == '\\') {
        escape = "\\\\";
      } else if (c == 0x7F) {
        escape = "\\x7F";
      } else if (c == '\'' && quote == '\'') {
        escape = "\\'";
      } else if (c == 0xC2 && i + 1 < s.size() &&
                 static_cast<unsigned char>(s[i + 1]) < 0xA0) {
        const auto next = static_cast<unsigned char>(s[i + 1]);
        c1[2] = kHexUpper[next >> 4];
        c1[3] = kHexUpper[next & 0xF];
        escape = c1;
      }
      if (escape == nullptr) continue;
      out.append(s, last, i - last);
      out += escape;
      last = i + (c == 0xC2 ? 2 : 1);
      i = last - 1;
    }
    out.append(s, last);
    if (lone_surrogate != 0) {
      char hex[8];
      const auto r = std::to_chars(hex, hex + sizeof hex, lone_surrogate, 16);
      out += "\\u";
      out.append(hex, r.ptr);
    }
  }
  out += quote;
}

}  // namespace

void append_number(std::string& out, double d) {
  if (d == 0) {
    out += std::signbit(d) ? "-0" : "0";
    return;
  }
  if (std::isnan(d)) {
    out += "NaN";
    return;
  }
  if (std::isinf(d)) {
    out += d < 0 ? "-Infinity" : "Infinity";
    return;
  }
  char buf[32];
  if (std::abs(d) < 9007199254740992.0 && d == std::trunc(d)) {
    const auto r =
        std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(d));
    out.append(buf, r.ptr);
    return;
  }
  // Shortest round-trip digits (as V8), laid out by Number::toString's rules.
  const auto r =
      std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
  std::string_view s(buf, static_cast<std::size_t>(r.ptr - buf));
  if (s[0] == '-') {
    out += '-';
    s.remove_prefix(1);
  }
  const std::size_t e = s.find('e');
  char digits[24];
  int k = 0;
  for (const char c : s.substr(0, e)) {
    if (c != '.') digits[k++] = c;
  }
  int exponent = 0;  // after e: "+21" or "-07"
  for (const char c : s.substr(e + 2)) exponent = exponent * 10 + (c - '0');
  if (s[e + 1] == '-') exponent = -exponent;
  const int n = exponent + 1;
  const auto count = [](int x) { return static_cast<std::size_t>(x); };
  if (k <= n && n <= 21) {
    out.append(digits, count(k));
    out.append(count(n - k), '0');
  } else if (0 < n && n <= 21) {
    out.append(digits, count(n));
    out += '.';
    out.append(digits + n, count(k - n));
  } else if (-6 < n && n <= 0) {
    out += "0.";
    out.append(count(-n), '0');
    out.append(digits, count(k));
  } else {
    out += digits[0];
    if (k > 1) {
      out += '.';
      out.append(digits + 1, count(k - 1));
    }
    out += n - 1 < 0 ? "e-" : "e+";
    out += std::to_string(std::abs(n - 1));
  }
}

void append_quoted(std::string& out, std::string_view s) {
  append_quoted_impl(out, s, 0);
}

bool append_string_value(std::string& out, std::string_view s,
                         std::size_t indentation) {
  // UTF-16 length <= byte length: short strings, and strings without a
  // line to split that are too short to truncate, need no counting.
  if (s.size() <= kMinLineLength || (s.size() <= kMaxStringLength &&
                                     s.find('\n') == std::string_view::npos)) {
    append_quoted_impl(out, s, 0);
    return false;
  }
  std::size_t units = utf16_length(s);
  std::size_t remaining = 0;
  unsigned lone_surrogate = 0;
  if (units > kMaxStringLength) {
    remaining = units - kMaxStringLength;
    std::size_t i = 0, kept = 0;
    while (kept < kMaxStringLength && i < s.size()) {
      const Decoded d = decode_utf8(s, i);
      if (d.length == 4 && kept + 2 > kMaxStringLength) {
        lone_surrogate = 0xD800 + ((d.code_point - 0x10000) >> 10);
        break;
      }
      kept += d.length == 4 ? 2 : 1;
      i += d.length;
    }
    s = s.substr(0, i);
    units = kMaxStringLength;
  }
  bool multiline = false;
  const auto width =
      static_cast<long>(kBreakLength) - static_cast<long>(indentation) - 4;
  if (units > kMinLineLength && static_cast<long>(units) > width) {
    // One quoted piece per line, each ending at its \n (split(/(?<=\n)/)).
    std::size_t begin = 0;
    for (std::size_t nl = s.find('\n');
         nl != std::string_view::npos && nl + 1 < s.size();
         nl = s.find('\n', begin)) {
      append_quoted_impl(out, s.substr(begin, nl + 1 - begin), 0);
      out += " +\n";
      out.append(indentation + 2, ' ');
      begin = nl + 1;
      multiline = true;
    }
    s.remove_prefix(begin);
  }
  append_quoted_impl(out, s, lone_surrogate);
  if (remaining > 0) {
    out += "... " + std::to_string(remaining) + " more character";
    if (remaining > 1) out += 's';
  }
  return multiline;
}

void append_key(std::string& out, std::string_view key) {
  if (key == "__proto__") {
    out += "['__proto__']";
  } else if (is_identifier(key)) {
    out += key;
  } else {
    append_quoted_impl(out, key, 0);
  }
}

std::vector<std::size_t> js_key_order(const Value::Object& object) {
  std::vector<std::pair<std::uint64_t, std::size_t>> indices;
  std::uint64_t index = 0;
  for (std::size_t i = 0; i < object.size(); ++i) {
    if (array_index(object[i].key, index)) indices.emplace_back(index, i);
  }
  if (indices.empty()) return {};
  std::stable_sort(
      indices.begin(), indices.end(),
      [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::size_t> order;
  order.reserve(object.size());
  for (const auto& [n, i] : indices) order.push_back(i);
  for (std::size_t i = 0; i < object.size(); ++i) {
    if (!array_index(object[i].key, index)) order.push_back(i);
  }
  return order;
}

std::size_t utf16_length(std::string_view utf8) {
  std::size_t n = 0;
  for (const char ch : utf8) {
    const auto c = static_cast<unsigned char>(ch);
    n += (c & 0xC0) != 0x80;
    n += c >= 0xF0;  // a surrogate pair
  }
  return n;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    if (c < 0x80) {
      width += c >= 0x20 && c != 0x7F;
      ++i;
      continue;
    }
    const Decoded d = decode_utf8(utf8, i);
    width += code_point_width(d.code_point);
    i += d.length;
  }
  return width;
}

void append_remaining(std::string& out, std::size_t remaining) {
  out += "... ";
  out += std::to_string(remaining);
  out += remaining > 1 ? " more items" : " more item";
}

}  // namespace detail

}  // namespace fpbench::core
