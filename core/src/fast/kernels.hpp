#pragma once

// What each instruction-set level provides (a table of kernels), and the
// scalar loops that every level falls back to where SIMD does not pay:
// surrogates, invalid UTF-8, and short tails. Private to fast/.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "text_codecs.hpp"

namespace fpbench::core::fast::kernels {

// How far a decode got: bytes read and code units written.
struct DecodeProgress {
  std::size_t in;
  std::size_t out;
};

// Output buffers are sized by the callers to the usual bounds (2 bytes per
// Latin-1 byte, 3 per UTF-16 unit, one unit per UTF-8 byte); kernels may
// store whole vectors anywhere inside those bounds.
struct Kernels {
  bool (*is_ascii)(const char* in, std::size_t n);
  // Whether some byte is C0, C1 or C4 to FF: one that decodes, valid or not,
  // to a code point above 0xFF, so that UTF-8 input with it decodes to a
  // two-byte string.
  bool (*has_wide_lead)(const char* in, std::size_t n);
  std::size_t (*utf8_from_latin1)(const char* in, std::size_t n, char* out);
  std::size_t (*utf8_from_utf16)(const char16_t* in, std::size_t n, char* out);
  // The low byte of each unit.
  void (*narrow)(const char16_t* in, std::size_t n, char* out);
  // Each byte as a little-endian 16-bit unit (2n bytes out).
  void (*widen)(const char* in, std::size_t n, char* out);
  void (*clear_high_bits)(const char* in, std::size_t n, char* out);
  // Whether every little-endian unit of in (2 * units bytes) is below 0x100.
  bool (*utf16le_is_latin1)(const char* in, std::size_t units);
  void (*utf16le_to_latin1)(const char* in, std::size_t units, char* out);
  // UTF-8 to Latin-1 until the end or the first code point above 0xFF
  // (U+FFFD included); stops on a sequence boundary.
  DecodeProgress (*latin1_from_utf8)(std::string_view in, char* out);
  // UTF-8 from in[i] on to UTF-16 at out[o]; returns the units in out.
  std::size_t (*utf16_from_utf8)(std::string_view in, std::size_t i,
                                 char16_t* out, std::size_t o);
};

inline bool is_surrogate(char32_t u) { return (u & 0xF800) == 0xD800; }

inline char* put_utf8(char* o, char32_t cp) {
  if (cp < 0x80) {
    *o++ = static_cast<char>(cp);
  } else if (cp < 0x800) {
    *o++ = static_cast<char>(0xC0 | (cp >> 6));
    *o++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *o++ = static_cast<char>(0xE0 | (cp >> 12));
    *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *o++ = static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *o++ = static_cast<char>(0xF0 | (cp >> 18));
    *o++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *o++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return o;
}

// Encodes units from in[i] until i >= stop (one past stop when a pair
// straddles it), advancing i and o.
inline void utf8_from_utf16_scalar(const char16_t* in, std::size_t n,
                                   std::size_t& i, std::size_t stop, char*& o) {
  while (i < stop) {
    char32_t cp = in[i++];
    if (is_surrogate(cp)) {
      if (cp <= 0xDBFF && i < n && (in[i] & 0xFC00) == 0xDC00) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (in[i++] - 0xDC00u);
      } else {
        cp = 0xFFFD;
      }
    }
    o = put_utf8(o, cp);
  }
}

// Decodes UTF-8 to Latin-1 from in[i] until i >= stop. Returns false, with i
// on the offending sequence, at the first code point above 0xFF.
inline bool latin1_from_utf8_scalar(std::string_view in, std::size_t& i,
                                    std::size_t stop, char* out,
                                    std::size_t& o) {
  while (i < stop) {
    if (static_cast<unsigned char>(in[i]) < 0x80) {
      out[o++] = in[i++];
      continue;
    }
    const detail::Utf8Step step = detail::decode_utf8_step(in, i);
    if (step.code_point > 0xFF) return false;
    out[o++] = static_cast<char>(step.code_point);
    i += step.length;
  }
  return true;
}

// Decodes UTF-8 to UTF-16 from in[i] until i >= stop.
inline void utf16_from_utf8_scalar(std::string_view in, std::size_t& i,
                                   std::size_t stop, char16_t* out,
                                   std::size_t& o) {
  while (i < stop) {
    const auto b = static_cast<unsigned char>(in[i]);
    if (b < 0x80) {
      out[o++] = b;
      ++i;
      continue;
    }
    const detail::Utf8Step step = detail::decode_utf8_step(in, i);
    const char32_t cp = step.code_point;
    if (cp >= 0x10000) {
      out[o++] = static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      out[o++] = static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      out[o++] = static_cast<char16_t>(cp);
    }
    i += step.length;
  }
}

inline std::uint64_t load_u64(const void* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

inline void store_u64(void* p, std::uint64_t v) {
  std::memcpy(p, &v, sizeof v);
}

}  // namespace fpbench::core::fast::kernels
