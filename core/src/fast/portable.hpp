#pragma once

// Kernels for any CPU: 64-bit words (SWAR) skip and copy ASCII eight bytes or
// four units at a time; everything else goes one code point at a time.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fast/kernels.hpp"

namespace fpbench::core::fast::portable {

inline constexpr std::uint64_t kHighBits = 0x8080808080808080ull;
inline constexpr bool kLittleEndian =
    std::endian::native == std::endian::little;

inline bool is_ascii(const char* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const std::uint64_t any =
        kernels::load_u64(in + i) | kernels::load_u64(in + i + 8) |
        kernels::load_u64(in + i + 16) | kernels::load_u64(in + i + 24);
    if (any & kHighBits) return false;
  }
  for (; i + 8 <= n; i += 8) {
    if (kernels::load_u64(in + i) & kHighBits) return false;
  }
  for (; i < n; ++i) {
    if (static_cast<unsigned char>(in[i]) >= 0x80) return false;
  }
  return true;
}

inline bool is_wide_lead(unsigned char b) {
  return b >= 0xC0 && (b & 0xFE) != 0xC2;
}

inline bool has_wide_lead(const char* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    // Only bytes with both top bits set can be leads.
    const std::uint64_t word = kernels::load_u64(in + i);
    if ((word & (word << 1) & kHighBits) == 0) continue;
    for (std::size_t k = i; k < i + 8; ++k) {
      if (is_wide_lead(static_cast<unsigned char>(in[k]))) return true;
    }
  }
  for (; i < n; ++i) {
    if (is_wide_lead(static_cast<unsigned char>(in[i]))) return true;
  }
  return false;
}

inline std::size_t utf8_from_latin1(const char* in, std::size_t n, char* out) {
  char* o = out;
  std::size_t i = 0;
  while (i < n) {
    if (i + 8 <= n) {
      const std::uint64_t word = kernels::load_u64(in + i);
      if ((word & kHighBits) == 0) {
        kernels::store_u64(o, word);
        i += 8;
        o += 8;
        continue;
      }
    }
    const std::size_t stop = i + 8 < n ? i + 8 : n;
    for (; i < stop; ++i)
      o = kernels::put_utf8(o, static_cast<unsigned char>(in[i]));
  }
  return static_cast<std::size_t>(o - out);
}

inline std::size_t utf8_from_utf16(const char16_t* in, std::size_t n,
                                   char* out) {
  char* o = out;
  std::size_t i = 0;
  while (i < n) {
    if (kLittleEndian && i + 4 <= n) {
      const std::uint64_t word = kernels::load_u64(in + i);
      if ((word & 0xFF80FF80FF80FF80ull) == 0) {
        const auto packed = static_cast<std::uint32_t>(
            (word & 0xFF) | ((word >> 8) & 0xFF00) | ((word >> 16) & 0xFF0000) |
            ((word >> 24) & 0xFF000000));
        std::memcpy(o, &packed, 4);
        i += 4;
        o += 4;
        continue;
      }
    }
    kernels::utf8_from_utf16_scalar(in, n, i, i + 4 < n ? i + 4 : n, o);
  }
  return static_cast<std::size_t>(o - out);
}

inline void narrow(const char16_t* in, std::size_t n, char* out) {
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<char>(in[i] & 0xFF);
}

inline void widen(const char* in, std::size_t n, char* out) {
  for (std::size_t i = 0; i < n; ++i) {
    out[2 * i] = in[i];
    out[2 * i + 1] = 0;
  }
}

inline void clear_high_bits(const char* in, std::size_t n, char* out) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    kernels::store_u64(out + i, kernels::load_u64(in + i) & ~kHighBits);
  }
  for (; i < n; ++i) out[i] = static_cast<char>(in[i] & 0x7F);
}

inline bool utf16le_is_latin1(const char* in, std::size_t units) {
  // The odd bytes (the high bytes of the units) must all be zero.
  constexpr std::uint64_t kOdd =
      kLittleEndian ? 0xFF00FF00FF00FF00ull : 0x00FF00FF00FF00FFull;
  const std::size_t n = 2 * units;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    if (kernels::load_u64(in + i) & kOdd) return false;
  }
  for (i += 1; i < n; i += 2) {
    if (in[i] != 0) return false;
  }
  return true;
}

inline void utf16le_to_latin1(const char* in, std::size_t units, char* out) {
  for (std::size_t i = 0; i < units; ++i) out[i] = in[2 * i];
}

// Length of the ASCII run at in[i], at least up to a multiple of 8 bytes.
inline std::size_t ascii_run(std::string_view in, std::size_t i) {
  std::size_t j = i;
  while (j + 8 <= in.size() &&
         (kernels::load_u64(in.data() + j) & kHighBits) == 0) {
    j += 8;
  }
  return j - i;
}

inline kernels::DecodeProgress latin1_from_utf8(std::string_view in,
                                                char* out) {
  std::size_t i = 0;
  std::size_t o = 0;
  while (i < in.size()) {
    const std::size_t run = ascii_run(in, i);
    if (run > 0) {
      std::memcpy(out + o, in.data() + i, run);
      i += run;
      o += run;
    }
    const std::size_t stop = i + 8 < in.size() ? i + 8 : in.size();
    if (!kernels::latin1_from_utf8_scalar(in, i, stop, out, o)) break;
  }
  return {i, o};
}

inline std::size_t utf16_from_utf8(std::string_view in, std::size_t i,
                                   char16_t* out, std::size_t o) {
  while (i < in.size()) {
    const std::size_t run = ascii_run(in, i);
    for (std::size_t k = 0; k < run; ++k) {
      out[o + k] = static_cast<unsigned char>(in[i + k]);
    }
    i += run;
    o += run;
    const std::size_t stop = i + 8 < in.size() ? i + 8 : in.size();
    kernels::utf16_from_utf8_scalar(in, i, stop, out, o);
  }
  return o;
}

inline constexpr kernels::Kernels kKernels = {
    is_ascii,
    has_wide_lead,
    utf8_from_latin1,
    utf8_from_utf16,
    narrow,
    widen,
    clear_high_bits,
    utf16le_is_latin1,
    utf16le_to_latin1,
    latin1_from_utf8,
    utf16_from_utf8,
};

}  // namespace fpbench::core::fast::portable
