#pragma once

// AVX-512 kernels for Ice Lake and later (F, BW, VL, VBMI, VBMI2). Masked
// loads and stores handle every tail in the vector code, and VBMI2's byte
// compress packs variable-length UTF-8 in one instruction, surrogate pairs
// included. UTF-8 decoding is in avx512_utf8_decode.hpp.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fast/avx512_common.hpp"
#include "fast/avx512_utf8_decode.hpp"
#include "fast/kernels.hpp"

#if defined(__x86_64__)

namespace fpbench::core::fast::avx512 {

FPBENCH_TARGET_AVX512 inline bool is_ascii(const char* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 256 <= n; i += 256) {
    const __m512i any = _mm512_or_si512(
        _mm512_or_si512(load(in + i), load(in + i + 64)),
        _mm512_or_si512(load(in + i + 128), load(in + i + 192)));
    if (_mm512_movepi8_mask(any) != 0) return false;
  }
  for (; i < n; i += 64) {
    const __m512i v = load_bytes(in + i, n - i);
    if (_mm512_movepi8_mask(v) != 0) return false;
  }
  return true;
}

FPBENCH_TARGET_AVX512 inline bool has_wide_lead(const char* in, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const std::uint64_t m = first(n - i);
    const __m512i v = load_bytes(in + i, n - i);
    const std::uint64_t lead = _mm512_mask_cmpge_epu8_mask(m, v, bytes(0xC0));
    const std::uint64_t latin1 =
        _mm512_cmpeq_epi8_mask(_mm512_and_si512(v, bytes(0xFE)), bytes(0xC2));
    if ((lead & ~latin1) != 0) return true;
  }
  return false;
}

// Units below 0x800 (16-bit lanes) as 2-byte UTF-8, lead byte low.
FPBENCH_TARGET_AVX512 inline __m512i utf8_pairs(__m512i u) {
  const __m512i lead = _mm512_or_si512(_mm512_srli_epi16(u, 6), words(0xC0));
  const __m512i cont =
      _mm512_or_si512(_mm512_and_si512(u, words(0x3F)), words(0x80));
  return _mm512_or_si512(lead, _mm512_slli_epi16(cont, 8));
}

// Up to 32 units below 0x800 (lanes in m) to UTF-8; wide marks >= 0x80.
// With room, a whole 64-byte store.
FPBENCH_TARGET_AVX512 inline std::size_t put_utf8_of_2(char* o, __m512i u,
                                                       std::uint32_t m,
                                                       std::uint32_t wide,
                                                       bool room) {
  const __m512i mixed = _mm512_mask_blend_epi16(wide, u, utf8_pairs(u));
  const std::uint64_t lead = m == 0xFFFFFFFFu
                                 ? 0x5555555555555555ull
                                 : deposit(m, 0x5555555555555555ull);
  const std::uint64_t keep = lead | deposit(wide, 0xAAAAAAAAAAAAAAAAull);
  if (!room) return put_bytes(o, mixed, keep);
  _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(keep, mixed));
  return static_cast<std::size_t>(std::popcount(keep));
}

FPBENCH_TARGET_AVX512 inline std::size_t utf8_from_latin1(const char* in,
                                                          std::size_t n,
                                                          char* out) {
  std::size_t i = 0;
  std::size_t o = 0;
  while (i < n) {
    if (n - i >= 64) {
      const __m512i v = load(in + i);
      if (_mm512_movepi8_mask(v) == 0) {
        _mm512_storeu_si512(out + o, v);
        i += 64;
        o += 64;
        continue;
      }
    }
    const std::size_t k = std::min<std::size_t>(n - i, 32);
    const __m256i b = load_half_bytes(in + i, k);
    const __m512i units = _mm512_cvtepu8_epi16(b);
    // A whole block stays inside the bound of 2 bytes a unit.
    o += put_utf8_of_2(out + o, units, first32(k), _mm256_movepi8_mask(b),
                       k == 32);
    i += k;
  }
  return o;
}

// 0x80 | the low six bits of each 32-bit lane.
FPBENCH_TARGET_AVX512 inline __m512i continuation(__m512i x) {
  return _mm512_or_si512(_mm512_and_si512(x, dwords(0x3F)), dwords(0x80));
}

// Units (32-bit lanes, no surrogates) as UTF-8 of 1 to 3 bytes, lead byte
// lowest; ge80 and ge800 mark the lanes of 2 and of 3 bytes.
FPBENCH_TARGET_AVX512 inline __m512i utf8_lanes(__m512i w, __mmask16 ge80,
                                                __mmask16 ge800) {
  const __m512i low6 =
      _mm512_or_si512(_mm512_and_si512(w, dwords(0x3F)), dwords(0x80));
  const __m512i mid6 = _mm512_or_si512(
      _mm512_and_si512(_mm512_srli_epi32(w, 6), dwords(0x3F)), dwords(0x80));
  const __m512i two =
      _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi32(w, 6), dwords(0xC0)),
                      _mm512_slli_epi32(low6, 8));
  const __m512i three = _mm512_or_si512(
      _mm512_or_si512(_mm512_srli_epi32(w, 12), dwords(0xE0)),
      _mm512_or_si512(_mm512_slli_epi32(mid6, 8), _mm512_slli_epi32(low6, 16)));
  return _mm512_mask_blend_epi32(ge800, _mm512_mask_blend_epi32(ge80, w, two),
                                 three);
}

// For unit j of a half block (half 0 or 1): the two bytes of its first
// word, then the two of its second, in four lanes.
constexpr std::array<std::uint8_t, 128> make_word_pairs_index() {
  std::array<std::uint8_t, 128> t{};
  for (unsigned half = 0; half < 2; ++half) {
    for (unsigned j = 0; j < 16; ++j) {
      const unsigned unit = 16 * half + j;
      for (unsigned b = 0; b < 2; ++b) {
        t[64 * half + 4 * j + b] = static_cast<std::uint8_t>(2 * unit + b);
        t[64 * half + 4 * j + 2 + b] =
            static_cast<std::uint8_t>(64 + 2 * unit + b);
      }
    }
  }
  return t;
}
alignas(64) inline constexpr std::array<std::uint8_t, 128> kWordPairs =
    make_word_pairs_index();

// The constants of utf8_from_utf16's loop, pinned to registers once per
// call.
struct Utf8BlockConstants {
  __m512i x3f, x80, xc0, xe0, x800, xd800, xf800, pairs_low, pairs_high;
};
FPBENCH_TARGET_AVX512 inline Utf8BlockConstants utf8_block_constants() {
  return {pinned(words(0x3F)),
          pinned(words(0x80)),
          pinned(words(0xC0)),
          pinned(words(0xE0)),
          pinned(words(0x800)),
          pinned(words(0xD800)),
          pinned(words(0xF800)),
          pinned(load(kWordPairs.data())),
          pinned(load(kWordPairs.data() + 64))};
}

// Up to 32 units (16-bit lanes in m, no surrogates; ge80 and ge800 within
// m) to UTF-8 of 1 to 3 bytes. The first two bytes of each unit are made in
// one word, the third in another, all 32 at once; two byte permutes
// interleave them four bytes a unit, and two compresses keep the bytes the
// unit masks call for. Those masks are spread by bit deposits in integer
// registers, which leaves the vector units only the bytes themselves. With
// room, whole 64-byte stores.
FPBENCH_TARGET_AVX512 inline std::size_t put_utf8_of_3(
    char* o, __m512i u, std::uint32_t m, std::uint32_t ge80,
    std::uint32_t ge800, bool room, const Utf8BlockConstants& c) {
  // 0xEA: (a & b) | c; 0xFE: a | b | c.
  const __m512i low6 = _mm512_ternarylogic_epi32(c.x3f, u, c.x80, 0xEA);
  const __m512i shifted = _mm512_srli_epi16(u, 6);
  const __m512i mid6 = _mm512_ternarylogic_epi32(c.x3f, shifted, c.x80, 0xEA);
  const __m512i two = _mm512_ternarylogic_epi32(
      shifted, c.xc0, _mm512_slli_epi16(low6, 8), 0xFE);
  const __m512i three = _mm512_ternarylogic_epi32(
      _mm512_srli_epi16(u, 12), c.xe0, _mm512_slli_epi16(mid6, 8), 0xFE);
  const __m512i first_word = _mm512_mask_blend_epi16(
      ge800, _mm512_mask_blend_epi16(ge80, u, two), three);
  const __m512i second_word = _mm512_maskz_mov_epi16(ge800, low6);
  std::size_t written = 0;
#pragma GCC unroll 2
  for (unsigned half = 0; half < 2; ++half) {
    const __m512i spread = _mm512_permutex2var_epi8(
        first_word, half == 0 ? c.pairs_low : c.pairs_high, second_word);
    const unsigned shift = 16 * half;
    const std::uint64_t lead =
        m == 0xFFFFFFFFu
            ? 0x1111111111111111ull
            : deposit((m >> shift) & 0xFFFF, 0x1111111111111111ull);
    const std::uint64_t keep =
        lead | deposit((ge80 >> shift) & 0xFFFF, 0x2222222222222222ull) |
        deposit((ge800 >> shift) & 0xFFFF, 0x4444444444444444ull);
    if (room) {
      _mm512_storeu_si512(o + written,
                          _mm512_maskz_compress_epi8(keep, spread));
      written += static_cast<std::size_t>(std::popcount(keep));
    } else {
      written += put_bytes(o + written, spread, keep);
    }
  }
  return written;
}

// Surrogates in a block of units.
struct SurrogateMasks {
  __mmask32 pair_start;  // a high surrogate followed by a low one
  __mmask32 pair_end;
  __mmask32 lone;  // encoded as U+FFFD
};

// Up to 16 units (32-bit lanes in m) with surrogates to UTF-8; next holds
// each lane's following unit. A pair becomes 4 bytes in its first lane and
// nothing in its second. With room, a whole 64-byte store.
FPBENCH_TARGET_AVX512 inline std::size_t put_utf8_of_4(
    char* o, __m512i w, __m512i next, __mmask16 m, __mmask16 ge80,
    __mmask16 ge800, const SurrogateMasks& s, unsigned shift, bool room) {
  const auto start = static_cast<__mmask16>(s.pair_start >> shift);
  const auto end = static_cast<__mmask16>(s.pair_end >> shift);
  const auto lone = static_cast<__mmask16>(s.lone >> shift);
  // (high - 0xD800) * 0x400 + (low - 0xDC00) + 0x10000, folded.
  const __m512i cp = _mm512_add_epi32(
      _mm512_slli_epi32(w, 10), _mm512_sub_epi32(next, dwords(0x35FDC00)));
  const __m512i four = _mm512_or_si512(
      _mm512_or_si512(
          _mm512_or_si512(_mm512_srli_epi32(cp, 18), dwords(0xF0)),
          _mm512_slli_epi32(continuation(_mm512_srli_epi32(cp, 12)), 8)),
      _mm512_or_si512(
          _mm512_slli_epi32(continuation(_mm512_srli_epi32(cp, 6)), 16),
          _mm512_slli_epi32(continuation(cp), 24)));
  const __m512i units = _mm512_mask_mov_epi32(w, lone, dwords(0xFFFD));
  const __m512i mixed =
      _mm512_mask_blend_epi32(start, utf8_lanes(units, ge80, ge800), four);
  const auto keep = static_cast<__mmask16>(m & ~end);
  const std::uint64_t bytes = deposit(keep, 0x1111111111111111ull) |
                              deposit(ge80 & keep, 0x2222222222222222ull) |
                              deposit(ge800 & keep, 0x4444444444444444ull) |
                              deposit(start, 0x8888888888888888ull);
  if (!room) return put_bytes(o, mixed, bytes);
  _mm512_storeu_si512(o, _mm512_maskz_compress_epi8(bytes, mixed));
  return static_cast<std::size_t>(std::popcount(bytes));
}

// Units i + 1 in lane i (the last lane keeps its own).
constexpr std::array<std::uint16_t, 32> make_next_unit_index() {
  std::array<std::uint16_t, 32> t{};
  for (unsigned j = 0; j < 32; ++j)
    t[j] = static_cast<std::uint16_t>(j < 31 ? j + 1 : j);
  return t;
}
inline constexpr std::array<std::uint16_t, 32> kNextUnit =
    make_next_unit_index();

// Units consumed and bytes written.
struct Converted {
  std::size_t units;
  std::size_t bytes;
};

// A block of k units holding surrogates, to UTF-8 at o; consumes k units,
// or k - 1 when a pair may straddle the block end. room: 64 units or more
// remain, so whole 64-byte stores stay inside the output bound.
FPBENCH_TARGET_AVX512 inline Converted put_utf8_with_surrogates(
    char* o, __m512i u, std::size_t k, bool more, bool room, __mmask32 high,
    __mmask32 low, __mmask32 ge80, __mmask32 ge800) {
  if (more && ((high >> (k - 1)) & 1) != 0) --k;
  const __mmask32 m = first32(k);
  high &= m;
  low &= m;
  ge80 &= m;
  ge800 &= m;
  SurrogateMasks s{};
  s.pair_start = high & (low >> 1);
  s.pair_end = s.pair_start << 1;
  s.lone = (high | low) & ~s.pair_start & ~s.pair_end;
  const __m512i next = _mm512_permutexvar_epi16(load(kNextUnit.data()), u);
  std::size_t bytes = put_utf8_of_4(
      o, _mm512_cvtepu16_epi32(low_half(u)),
      _mm512_cvtepu16_epi32(low_half(next)), static_cast<__mmask16>(m),
      static_cast<__mmask16>(ge80), static_cast<__mmask16>(ge800), s, 0, room);
  if (k > 16) {
    bytes += put_utf8_of_4(o + bytes, _mm512_cvtepu16_epi32(high_half(u)),
                           _mm512_cvtepu16_epi32(high_half(next)),
                           static_cast<__mmask16>(m >> 16),
                           static_cast<__mmask16>(ge80 >> 16),
                           static_cast<__mmask16>(ge800 >> 16), s, 16, room);
  }
  return {k, bytes};
}

// Up to 32 units from in + i (of n) to UTF-8 at o.
FPBENCH_TARGET_AVX512 inline Converted utf8_of_block(
    const char16_t* in, std::size_t n, std::size_t i, char* o,
    const Utf8BlockConstants& c) {
  const std::size_t k = std::min<std::size_t>(n - i, 32);
  const __mmask32 m = first32(k);
  const __m512i u = load_words(in + i, k);
  const __mmask32 ge80 = _mm512_cmpge_epu16_mask(u, words(0x80));
  if (ge80 == 0) {
    store_half_bytes(o, k, _mm512_cvtepi16_epi8(u));
    return {k, k};
  }
  const __mmask32 ge800 = _mm512_cmpge_epu16_mask(u, words(0x800));
  if (ge800 == 0) return {k, put_utf8_of_2(o, u, m, ge80, false)};
  const __m512i top6 = _mm512_and_si512(u, words(0xFC00));
  const __mmask32 high = _mm512_cmpeq_epi16_mask(top6, words(0xD800));
  const __mmask32 low = _mm512_cmpeq_epi16_mask(top6, words(0xDC00));
  if ((high | low) != 0) {
    return put_utf8_with_surrogates(o, u, k, i + k < n, n - i >= 64, high, low,
                                    ge80, ge800);
  }
  // Whole 64-byte stores stay inside the 3-bytes-a-unit bound while 64
  // units remain.
  return {k, put_utf8_of_3(o, u, m, ge80, ge800, n - i >= 64, c)};
}

FPBENCH_TARGET_AVX512 inline std::size_t utf8_from_utf16(const char16_t* in,
                                                         std::size_t n,
                                                         char* out) {
  std::size_t i = 0;
  char* o = out;
  const Utf8BlockConstants c = utf8_block_constants();
  // Two blocks a step while 96 units remain (the bound of 3 bytes a unit
  // then leaves room for whole 64-byte stores), with one branch for a pair
  // of one kind: ASCII, below 0x800, or without surrogates. Other pairs go
  // a block at a time.
  while (n - i >= 96) {
    const __m512i u0 = load(in + i);
    const __m512i u1 = load(in + i + 32);
    const auto a80 =
        static_cast<std::uint32_t>(_mm512_cmpge_epu16_mask(u0, c.x80));
    const auto b80 =
        static_cast<std::uint32_t>(_mm512_cmpge_epu16_mask(u1, c.x80));
    if ((a80 | b80) == 0) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(o),
                          _mm512_cvtepi16_epi8(u0));
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + 32),
                          _mm512_cvtepi16_epi8(u1));
      o += 64;
      i += 64;
      continue;
    }
    const auto a800 =
        static_cast<std::uint32_t>(_mm512_cmpge_epu16_mask(u0, c.x800));
    const auto b800 =
        static_cast<std::uint32_t>(_mm512_cmpge_epu16_mask(u1, c.x800));
    if ((a800 | b800) == 0) {
      o += put_utf8_of_2(o, u0, ~0u, a80, true);
      o += put_utf8_of_2(o, u1, ~0u, b80, true);
      i += 64;
      continue;
    }
    // Units from 0xD800 on are rare; the exact test is left to the block
    // at a time.
    if ((_mm512_cmpge_epu16_mask(u0, c.xd800) |
         _mm512_cmpge_epu16_mask(u1, c.xd800)) == 0) {
      o += put_utf8_of_3(o, u0, ~0u, a80, a800, true, c);
      o += put_utf8_of_3(o, u1, ~0u, b80, b800, true, c);
      i += 64;
      continue;
    }
    for (int block = 0; block < 2; ++block) {
      const Converted done = utf8_of_block(in, n, i, o, c);
      i += done.units;
      o += done.bytes;
    }
  }
  while (i < n) {
    const Converted done = utf8_of_block(in, n, i, o, c);
    i += done.units;
    o += done.bytes;
  }
  return static_cast<std::size_t>(o - out);
}

FPBENCH_TARGET_AVX512 inline void narrow(const char16_t* in, std::size_t n,
                                         char* out) {
  for (std::size_t i = 0; i < n; i += 32) {
    store_half_bytes(out + i, n - i,
                     _mm512_cvtepi16_epi8(load_words(in + i, n - i)));
  }
}

FPBENCH_TARGET_AVX512 inline void utf16le_to_latin1(const char* in,
                                                    std::size_t units,
                                                    char* out) {
  for (std::size_t i = 0; i < units; i += 32) {
    store_half_bytes(out + i, units - i,
                     _mm512_cvtepi16_epi8(load_words(in + 2 * i, units - i)));
  }
}

FPBENCH_TARGET_AVX512 inline void widen(const char* in, std::size_t n,
                                        char* out) {
  for (std::size_t i = 0; i < n; i += 32) {
    store_words(out + 2 * i, n - i,
                _mm512_cvtepu8_epi16(load_half_bytes(in + i, n - i)));
  }
}

FPBENCH_TARGET_AVX512 inline void clear_high_bits(const char* in, std::size_t n,
                                                  char* out) {
  for (std::size_t i = 0; i < n; i += 64) {
    store_bytes(out + i, n - i,
                _mm512_and_si512(load_bytes(in + i, n - i), bytes(0x7F)));
  }
}

FPBENCH_TARGET_AVX512 inline bool utf16le_is_latin1(const char* in,
                                                    std::size_t units) {
  std::size_t i = 0;
  for (; i + 64 <= units; i += 64) {
    const __m512i any =
        _mm512_or_si512(load(in + 2 * i), load(in + 2 * i + 64));
    if (_mm512_test_epi16_mask(any, words(0xFF00)) != 0) return false;
  }
  for (; i < units; i += 32) {
    const __m512i v = load_words(in + 2 * i, units - i);
    if (_mm512_test_epi16_mask(v, words(0xFF00)) != 0) return false;
  }
  return true;
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

}  // namespace fpbench::core::fast::avx512

#endif  // defined(__x86_64__)
