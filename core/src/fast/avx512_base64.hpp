#pragma once

// Base64 with AVX-512 VBMI, 64 characters (48 bytes) a step. Decoding looks
// each character up in a 128-entry table with one two-table byte permute;
// whitespace and other characters outside the alphabets are squeezed out
// with VBMI2's byte compress into a small queue of sextets, so text with
// line breaks stays in the vector loop. Encoding spreads each 3 bytes over
// 4 lanes with a byte permute and cuts the sextets out with a multishift.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fast/avx512_common.hpp"
#include "fast/base64_kernels.hpp"

#if defined(__x86_64__)

namespace fpbench::core::fast::avx512 {

// Sextet of each 7-bit character in both alphabets; 0x80 for the others.
constexpr std::array<std::uint8_t, 128> make_base64_values() {
  std::array<std::uint8_t, 128> t{};
  for (auto& v : t) v = 0x80;
  for (unsigned k = 0; k < 64; ++k) {
    t[static_cast<unsigned char>(kernels::kBase64Std[k])] =
        static_cast<std::uint8_t>(k);
    t[static_cast<unsigned char>(kernels::kBase64Url[k])] =
        static_cast<std::uint8_t>(k);
  }
  return t;
}
alignas(64) inline constexpr std::array<std::uint8_t, 128> kBase64Values =
    make_base64_values();

// Bytes 2, 1, 0 of each 32-bit lane, lane after lane: 48 bytes.
constexpr std::array<std::uint8_t, 64> make_pack_48() {
  std::array<std::uint8_t, 64> t{};
  for (unsigned g = 0; g < 16; ++g) {
    for (unsigned j = 0; j < 3; ++j)
      t[3 * g + j] = static_cast<std::uint8_t>(4 * g + 2 - j);
  }
  return t;
}
alignas(64) inline constexpr std::array<std::uint8_t, 64> kPack48 =
    make_pack_48();

// Bytes 3g+1, 3g, 3g+2, 3g+1 in lane g: each 24-bit group big-endian with
// its middle byte repeated, so that one multishift reaches every sextet.
constexpr std::array<std::uint8_t, 64> make_spread_48() {
  std::array<std::uint8_t, 64> t{};
  for (unsigned g = 0; g < 16; ++g) {
    t[4 * g] = static_cast<std::uint8_t>(3 * g + 1);
    t[4 * g + 1] = static_cast<std::uint8_t>(3 * g);
    t[4 * g + 2] = static_cast<std::uint8_t>(3 * g + 2);
    t[4 * g + 3] = static_cast<std::uint8_t>(3 * g + 1);
  }
  return t;
}
alignas(64) inline constexpr std::array<std::uint8_t, 64> kSpread48 =
    make_spread_48();

// 0, 2, ..., 126: the low bytes of 64 units held in two vectors.
constexpr std::array<std::uint8_t, 64> make_even_bytes() {
  std::array<std::uint8_t, 64> t{};
  for (unsigned i = 0; i < 64; ++i) t[i] = static_cast<std::uint8_t>(2 * i);
  return t;
}
alignas(64) inline constexpr std::array<std::uint8_t, 64> kEvenBytes =
    make_even_bytes();

// The low byte of each of the units in m (64 lanes).
FPBENCH_TARGET_AVX512 inline __m512i low_bytes(const char* in,
                                               std::size_t count) {
  return load_bytes(in, count);
}
FPBENCH_TARGET_AVX512 inline __m512i low_bytes(const char16_t* in,
                                               std::size_t count) {
  // The even bytes of two vectors of units, in one permute.
  return _mm512_permutex2var_epi8(
      load_words(in, count), load(kEvenBytes.data()),
      count > 32 ? load_words(in + 32, count - 32) : _mm512_setzero_si512());
}

// 64 sextets, four to a 32-bit lane, to 48 bytes at out.
FPBENCH_TARGET_AVX512 inline void put_48(char* out, __m512i sextets) {
  // s0 * 64 + s1 and s2 * 64 + s3 in 16-bit lanes, then the 24-bit group.
  const __m512i twelve =
      _mm512_maddubs_epi16(sextets, _mm512_set1_epi32(0x01400140));
  const __m512i group =
      _mm512_madd_epi16(twelve, _mm512_set1_epi32(0x00011000));
  _mm512_mask_storeu_epi8(out, first(48),
                          _mm512_permutexvar_epi8(load(kPack48.data()), group));
}

template <typename Unit>
FPBENCH_TARGET_AVX512 std::size_t base64_decode(const Unit* in, std::size_t n,
                                                char* out) {
  const __m512i values_lo = load(kBase64Values.data());
  const __m512i values_hi = load(kBase64Values.data() + 64);
  // Sextets that do not yet make 64: at most 63 plus one step's 64.
  alignas(64) unsigned char queue[128] = {};
  std::size_t queued = 0;
  std::size_t o = 0;
  std::size_t i = 0;
  // Two steps at a time while the text is clean: no '=', nothing outside
  // the alphabets (whose lookups set the top bit), nothing queued.
  for (; n - i >= 128; i += 128) {
    const __m512i c0 = low_bytes(in + i, 64);
    const __m512i c1 = low_bytes(in + i + 64, 64);
    const __m512i s0 = _mm512_permutex2var_epi8(values_lo, c0, values_hi);
    const __m512i s1 = _mm512_permutex2var_epi8(values_lo, c1, values_hi);
    // 0xFE: a | b | c.
    const __m512i any =
        _mm512_ternarylogic_epi32(_mm512_or_si512(c0, s0), c1, s1, 0xFE);
    if (_mm512_movepi8_mask(any) != 0) break;
    put_48(out + o, s0);
    put_48(out + o + 48, s1);
    o += 96;
  }
  for (; i < n; i += 64) {
    const std::uint64_t m = first(n - i);
    const __m512i c = low_bytes(in + i, n - i);
    const __m512i s = _mm512_permutex2var_epi8(values_lo, c, values_hi);
    const std::uint64_t pad = _mm512_mask_cmpeq_epi8_mask(m, c, bytes('='));
    // Lanes before the first '=' (all when there is none).
    const std::uint64_t before = (pad & (0 - pad)) - 1;
    const std::uint64_t valid =
        m & before & ~_mm512_movepi8_mask(_mm512_or_si512(c, s));
    if (valid == ~0ull && queued == 0) {
      put_48(out + o, s);
      o += 48;
      continue;
    }
    _mm512_storeu_si512(queue + queued, _mm512_maskz_compress_epi8(valid, s));
    queued += static_cast<std::size_t>(std::popcount(valid));
    if (queued >= 64) {
      put_48(out + o, load(queue));
      o += 48;
      queued -= 64;
      _mm512_storeu_si512(queue, load(queue + 64));
    }
    if (pad != 0) break;
  }
  return o + kernels::bytes_from_sextets(queue, queued, out + o);
}

// Up to 16 groups of 3 bytes (the first 3 * groups of in) to characters.
FPBENCH_TARGET_AVX512 inline void put_base64(const char* in, std::size_t groups,
                                             char* out, __m512i alphabet) {
  const __m512i raw = _mm512_maskz_loadu_epi8(first(3 * groups), in);
  const __m512i spread = _mm512_permutexvar_epi8(load(kSpread48.data()), raw);
  // Bit offsets of the four sextets in each 32-bit lane, twice per 64 bits.
  const __m512i sextets = _mm512_multishift_epi64_epi8(
      _mm512_set1_epi64(0x3036242a1016040a), spread);
  _mm512_mask_storeu_epi8(out, first(4 * groups),
                          _mm512_permutexvar_epi8(sextets, alphabet));
}

FPBENCH_TARGET_AVX512 inline void base64_encode(const char* in, std::size_t n,
                                                char* out, bool url) {
  const __m512i alphabet =
      load(url ? kernels::kBase64Url.data() : kernels::kBase64Std.data());
  const std::size_t groups = n / 3;
  std::size_t g = 0;
  for (; g + 16 <= groups; g += 16)
    put_base64(in + 3 * g, 16, out + 4 * g, alphabet);
  if (g < groups) put_base64(in + 3 * g, groups - g, out + 4 * g, alphabet);
  kernels::base64_final_group(in + 3 * groups, n - 3 * groups, out + 4 * groups,
                              url);
}

inline constexpr kernels::Base64Kernels kBase64Kernels = {
    base64_decode<char>, base64_decode<char16_t>, base64_encode};

}  // namespace fpbench::core::fast::avx512

#endif  // defined(__x86_64__)
