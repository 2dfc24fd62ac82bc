#pragma once

// Table-driven base64 and hex, any CPU. Text to bytes reads each code unit
// through its low byte (see encoding.hpp); a group of four valid base64
// characters decodes in one step, and anything else (whitespace, junk, '=')
// goes through the character-at-a-time rule of text_codecs.cpp.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "fast/base64_kernels.hpp"

namespace fpbench::core::fast::codecs {

using kernels::kBase64Std;
using kernels::kBase64Url;
// Set in a shifted-table entry for a byte outside both alphabets; no valid
// 24-bit group reaches it.
inline constexpr std::uint32_t kInvalid = 0x01000000;

// Sextet value of each byte, shifted into place for character `slot` of a
// group of four (slot 0 is the top six bits), or kInvalid.
constexpr std::array<std::uint32_t, 256> make_base64_slot(unsigned slot) {
  std::array<std::uint32_t, 256> t{};
  for (auto& v : t) v = kInvalid;
  for (unsigned k = 0; k < 64; ++k) {
    const std::uint32_t value = k << (18 - 6 * slot);
    t[static_cast<unsigned char>(kBase64Std[k])] = value;
    t[static_cast<unsigned char>(kBase64Url[k])] = value;
  }
  return t;
}
inline constexpr std::array<std::array<std::uint32_t, 256>, 4> kBase64Slots = {
    make_base64_slot(0), make_base64_slot(1), make_base64_slot(2),
    make_base64_slot(3)};

template <typename Unit>
inline unsigned char low_byte(Unit u) {
  return static_cast<unsigned char>(static_cast<unsigned>(u) & 0xFF);
}

// Buffer.from(text, 'base64'): out holds at least text.size() / 4 * 3 + 2
// bytes; returns the count written.
template <typename Unit>
std::size_t base64_text_to_bytes(const Unit* text, std::size_t n, char* out) {
  const auto& slot = kBase64Slots;
  std::size_t i = 0;
  std::size_t o = 0;
  std::uint32_t group = 0;
  unsigned count = 0;
  while (i < n) {
    if (count == 0) {
      // Whole groups; the 4-byte store stays inside the bound because at
      // least four characters remain.
      while (i + 4 <= n) {
        const std::uint32_t g =
            slot[0][low_byte(text[i])] | slot[1][low_byte(text[i + 1])] |
            slot[2][low_byte(text[i + 2])] | slot[3][low_byte(text[i + 3])];
        if (g >= kInvalid) break;
        // The three bytes in memory order, and a fourth that the next
        // group overwrites.
        const std::uint32_t word = std::endian::native == std::endian::little
                                       ? __builtin_bswap32(g << 8)
                                       : g << 8;
        std::memcpy(out + o, &word, 4);
        i += 4;
        o += 3;
      }
      if (i >= n) break;
    }
    const unsigned char c = low_byte(text[i++]);
    if (c == '=') break;
    const std::uint32_t v = slot[3][c];
    if (v >= kInvalid) continue;
    group = (group << 6) | v;
    if (++count == 4) {
      out[o++] = static_cast<char>(group >> 16);
      out[o++] = static_cast<char>(group >> 8);
      out[o++] = static_cast<char>(group);
      group = 0;
      count = 0;
    }
  }
  if (count == 2) {
    out[o++] = static_cast<char>(group >> 4);
  } else if (count == 3) {
    out[o++] = static_cast<char>(group >> 10);
    out[o++] = static_cast<char>(group >> 2);
  }
  return o;
}

constexpr std::array<signed char, 256> make_hex_values() {
  std::array<signed char, 256> t{};
  for (auto& v : t) v = -1;
  for (int d = 0; d < 10; ++d)
    t[static_cast<std::size_t>('0' + d)] = static_cast<signed char>(d);
  for (int d = 0; d < 6; ++d) {
    t[static_cast<std::size_t>('a' + d)] = static_cast<signed char>(10 + d);
    t[static_cast<std::size_t>('A' + d)] = static_cast<signed char>(10 + d);
  }
  return t;
}
inline constexpr std::array<signed char, 256> kHexValues = make_hex_values();

// Buffer.from(text, 'hex'): out holds at least n / 2 bytes.
template <typename Unit>
std::size_t hex_text_to_bytes(const Unit* text, std::size_t n, char* out) {
  std::size_t o = 0;
  for (std::size_t i = 0; i + 1 < n; i += 2) {
    const int hi = kHexValues[low_byte(text[i])];
    const int lo = kHexValues[low_byte(text[i + 1])];
    if ((hi | lo) < 0) break;
    out[o++] = static_cast<char>((hi << 4) | lo);
  }
  return o;
}

// Two output characters for each 12-bit value.
constexpr std::array<std::uint16_t, 4096> make_base64_pairs(
    std::string_view alphabet) {
  std::array<std::uint16_t, 4096> t{};
  for (unsigned v = 0; v < 4096; ++v) {
    // Little-endian: the first character in the low byte.
    t[v] = static_cast<std::uint16_t>(
        static_cast<unsigned char>(alphabet[v >> 6]) |
        (static_cast<unsigned char>(alphabet[v & 63]) << 8));
  }
  return t;
}
inline constexpr std::array<std::uint16_t, 4096> kBase64PairsStd =
    make_base64_pairs(kBase64Std);
inline constexpr std::array<std::uint16_t, 4096> kBase64PairsUrl =
    make_base64_pairs(kBase64Url);

// buf.toString('base64' | 'base64url') into out, which holds
// kernels::base64_length(n, url) characters.
inline void base64_encode(const char* bytes, std::size_t n, char* out,
                          bool url) {
  const std::size_t full = n / 3;
  const auto& pairs = url ? kBase64PairsUrl : kBase64PairsStd;
  const auto* in = reinterpret_cast<const unsigned char*>(bytes);
  char* o = out;
  for (std::size_t g = 0; g < full; ++g, in += 3, o += 4) {
    const std::uint32_t v =
        (std::uint32_t{in[0]} << 16) | (std::uint32_t{in[1]} << 8) | in[2];
    if constexpr (std::endian::native == std::endian::little) {
      const std::uint32_t chars =
          pairs[v >> 12] | (std::uint32_t{pairs[v & 0xFFF]} << 16);
      std::memcpy(o, &chars, 4);
    } else {
      for (unsigned k = 0; k < 4; ++k) {
        o[k] = static_cast<char>(pairs[k < 2 ? v >> 12 : v & 0xFFF] >>
                                 (k % 2 * 8));
      }
    }
  }
  kernels::base64_final_group(bytes + 3 * full, n - 3 * full, o, url);
}

inline constexpr kernels::Base64Kernels kBase64Kernels = {
    base64_text_to_bytes<char>, base64_text_to_bytes<char16_t>, base64_encode};

// The two lowercase digits of each byte, in memory order.
constexpr std::array<std::array<char, 2>, 256> make_hex_digits() {
  constexpr std::string_view kDigits = "0123456789abcdef";
  std::array<std::array<char, 2>, 256> t{};
  for (unsigned b = 0; b < 256; ++b) t[b] = {kDigits[b >> 4], kDigits[b & 15]};
  return t;
}
inline constexpr std::array<std::array<char, 2>, 256> kHexDigits =
    make_hex_digits();

// buf.toString('hex').
inline std::string bytes_to_hex(std::string_view bytes) {
  std::string out(2 * bytes.size(), '\0');
  char* o = out.data();
  for (char c : bytes) {
    std::memcpy(o, kHexDigits[static_cast<unsigned char>(c)].data(), 2);
    o += 2;
  }
  return out;
}

}  // namespace fpbench::core::fast::codecs
