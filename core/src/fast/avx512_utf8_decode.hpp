#pragma once

// AVX-512 UTF-8 decoding, 64 bytes a block. A block is validated with 64-bit
// class masks (one bit per byte: leads of 2, 3 and 4 bytes, continuations,
// and the narrower second-byte ranges after E0, ED, F0, F4) instead of lookup
// tables; a valid block is converted by computing, at every byte position,
// the unit that a sequence ending there would give, then compressing the
// positions where sequences end. Invalid blocks go to the scalar loop, which
// gives WHATWG's U+FFFD per maximal subpart.

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fast/avx512_common.hpp"
#include "fast/kernels.hpp"

#if defined(__x86_64__)

namespace fpbench::core::fast::avx512 {

// Byte indexes that move each byte up by one or two positions.
constexpr std::array<std::uint8_t, 64> make_shift_index(unsigned by) {
  std::array<std::uint8_t, 64> t{};
  for (unsigned j = 0; j < 64; ++j)
    t[j] = static_cast<std::uint8_t>(j < by ? 0 : j - by);
  return t;
}
inline constexpr std::array<std::uint8_t, 64> kPrev1 = make_shift_index(1);
inline constexpr std::array<std::uint8_t, 64> kPrev2 = make_shift_index(2);

FPBENCH_TARGET_AVX512 inline kernels::DecodeProgress latin1_from_utf8(
    std::string_view in, char* out) {
  const std::size_t n = in.size();
  std::size_t i = 0;
  std::size_t o = 0;
  while (i < n) {
    std::size_t k = std::min<std::size_t>(n - i, 64);
    std::uint64_t m = first(k);
    const __m512i v = load_bytes(in.data() + i, k);
    std::uint64_t high = _mm512_movepi8_mask(v);
    if (high == 0) {
      store_bytes(out + o, k, v);
      i += k;
      o += k;
      continue;
    }
    std::uint64_t lead = _mm512_mask_cmpeq_epi8_mask(
        m, _mm512_and_si512(v, bytes(0xFE)), bytes(0xC2));
    std::uint64_t cont = _mm512_mask_cmpeq_epi8_mask(
        m, _mm512_and_si512(v, bytes(0xC0)), bytes(0x80));
    if (k == 64 && (lead >> 63) != 0) {
      // A pair that straddles the block is left for the next one (where one
      // cut off by the end of the input shows up as invalid).
      k = 63;
      m >>= 1;
      lead &= m;
      cont &= m;
      high &= m;
    }
    const bool valid = (lead << 1) == cont && (lead | cont) == high;
    if (!valid) {
      if (!kernels::latin1_from_utf8_scalar(in, i, i + k, out, o))
        return {i, o};
      continue;
    }
    // C3 xx is xx + 0x40, C2 xx is xx: fix the continuation, drop the lead.
    const std::uint64_t after_c3 =
        _mm512_mask_cmpeq_epi8_mask(m, v, bytes(0xC3)) << 1;
    const __m512i fixed = _mm512_mask_add_epi8(v, after_c3, v, bytes(0x40));
    o += put_bytes(out + o, fixed, m & ~lead);
    i += k;
  }
  return {i, o};
}

// One 32-lane half of a valid block: the unit ending at each byte position,
// packed to the positions in ends.
FPBENCH_TARGET_AVX512 inline std::size_t put_units(
    char16_t* out, __m256i b, __m256i b1, __m256i b2, __mmask32 end2,
    __mmask32 end3, __mmask32 end4_high, __mmask32 end4_low, __mmask32 ends) {
  const __m512i wb = _mm512_cvtepu8_epi16(b);
  const __m512i w1 = _mm512_cvtepu8_epi16(b1);
  const __m512i w2 = _mm512_cvtepu8_epi16(b2);
  const __m512i low6 = _mm512_and_si512(wb, words(0x3F));
  const __m512i two = _mm512_or_si512(
      _mm512_slli_epi16(_mm512_and_si512(w1, words(0x1F)), 6), low6);
  const __m512i three = _mm512_or_si512(
      _mm512_or_si512(_mm512_slli_epi16(w2, 12),
                      _mm512_slli_epi16(_mm512_and_si512(w1, words(0x3F)), 6)),
      low6);
  __m512i units = _mm512_mask_blend_epi16(
      end3, _mm512_mask_blend_epi16(end2, wb, two), three);
  if ((end4_high | end4_low) != 0) {
    // A 4-byte sequence gives its high surrogate at its third byte and its
    // low surrogate at its fourth.
    const __m512i high = _mm512_add_epi16(
        _mm512_or_si512(
            _mm512_or_si512(
                _mm512_slli_epi16(_mm512_and_si512(w2, words(0x07)), 8),
                _mm512_slli_epi16(_mm512_and_si512(w1, words(0x3F)), 2)),
            _mm512_srli_epi16(low6, 4)),
        words(0xD800 - 0x40));
    const __m512i low = _mm512_or_si512(
        _mm512_or_si512(_mm512_slli_epi16(_mm512_and_si512(w1, words(0x0F)), 6),
                        low6),
        words(0xDC00));
    units = _mm512_mask_blend_epi16(end4_high, units, high);
    units = _mm512_mask_blend_epi16(end4_low, units, low);
  }
  const auto count = static_cast<std::size_t>(std::popcount(ends));
  _mm512_mask_storeu_epi16(out, first32(count),
                           _mm512_maskz_compress_epi16(ends, units));
  return count;
}

FPBENCH_TARGET_AVX512 inline std::size_t utf16_from_utf8(std::string_view in,
                                                         std::size_t i,
                                                         char16_t* out,
                                                         std::size_t o) {
  const std::size_t n = in.size();
  const __m512i prev1_index = load(kPrev1.data());
  const __m512i prev2_index = load(kPrev2.data());
  while (i < n) {
    std::size_t k = std::min<std::size_t>(n - i, 64);
    std::uint64_t m = first(k);
    const __m512i v = load_bytes(in.data() + i, k);
    std::uint64_t high = _mm512_movepi8_mask(v);
    if (high == 0) {
      store_words(out + o, k, _mm512_cvtepu8_epi16(low_half(v)));
      if (k > 32)
        store_words(out + o + 32, k - 32, _mm512_cvtepu8_epi16(high_half(v)));
      i += k;
      o += k;
      continue;
    }
    std::uint64_t lead2 = _mm512_mask_cmple_epu8_mask(
        m, _mm512_sub_epi8(v, bytes(0xC2)), bytes(0xDF - 0xC2));
    std::uint64_t lead3 = _mm512_mask_cmpeq_epi8_mask(
        m, _mm512_and_si512(v, bytes(0xF0)), bytes(0xE0));
    std::uint64_t lead4 = _mm512_mask_cmple_epu8_mask(
        m, _mm512_sub_epi8(v, bytes(0xF0)), bytes(0xF4 - 0xF0));
    std::uint64_t cont = _mm512_mask_cmpeq_epi8_mask(
        m, _mm512_and_si512(v, bytes(0xC0)), bytes(0x80));
    const std::uint64_t lead = lead2 | lead3 | lead4;
    const std::uint64_t pending =
        k < 64 ? 0
               : (lead & (1ull << 63)) | ((lead3 | lead4) & (1ull << 62)) |
                     (lead4 & (1ull << 61));
    if (pending != 0) {
      // Sequences that straddle the block are left for the next one (where
      // those cut off by the end of the input show up as invalid).
      k = static_cast<std::size_t>(std::countr_zero(pending));
      m = first(k);
      lead2 &= m;
      lead3 &= m;
      lead4 &= m;
      cont &= m;
      high &= m;
    }
    const std::uint64_t expected =
        ((lead2 | lead3 | lead4) << 1) | ((lead3 | lead4) << 2) | (lead4 << 3);
    // The second byte's narrower range after E0, ED, F0 and F4.
    const auto after = [&](std::uint64_t lead_byte) {
      return (lead_byte << 1) & cont;
    };
    const std::uint64_t e0 = _mm512_mask_cmpeq_epi8_mask(m, v, bytes(0xE0));
    const std::uint64_t ed = _mm512_mask_cmpeq_epi8_mask(m, v, bytes(0xED));
    const std::uint64_t f0 = _mm512_mask_cmpeq_epi8_mask(m, v, bytes(0xF0));
    const std::uint64_t f4 = _mm512_mask_cmpeq_epi8_mask(m, v, bytes(0xF4));
    const std::uint64_t below_a0 = _mm512_cmplt_epu8_mask(v, bytes(0xA0));
    const std::uint64_t below_90 = _mm512_cmplt_epu8_mask(v, bytes(0x90));
    const bool valid =
        (high & ~(lead2 | lead3 | lead4 | cont)) == 0 && expected == cont &&
        (after(e0) & below_a0) == 0 && (after(ed) & ~below_a0) == 0 &&
        (after(f0) & below_90) == 0 && (after(f4) & ~below_90) == 0;
    if (!valid) {
      kernels::utf16_from_utf8_scalar(in, i, i + k, out, o);
      continue;
    }
    const __m512i p1 = _mm512_permutexvar_epi8(prev1_index, v);
    const __m512i p2 = _mm512_permutexvar_epi8(prev2_index, v);
    const std::uint64_t end2 = lead2 << 1;
    const std::uint64_t end3 = lead3 << 2;
    const std::uint64_t end4_high = lead4 << 2;
    const std::uint64_t end4_low = lead4 << 3;
    const std::uint64_t ends = (m & ~high) | end2 | end3 | end4_high | end4_low;
    o += put_units(out + o, low_half(v), low_half(p1), low_half(p2),
                   static_cast<__mmask32>(end2), static_cast<__mmask32>(end3),
                   static_cast<__mmask32>(end4_high),
                   static_cast<__mmask32>(end4_low),
                   static_cast<__mmask32>(ends));
    if (k > 32) {
      o += put_units(out + o, high_half(v), high_half(p1), high_half(p2),
                     static_cast<__mmask32>(end2 >> 32),
                     static_cast<__mmask32>(end3 >> 32),
                     static_cast<__mmask32>(end4_high >> 32),
                     static_cast<__mmask32>(end4_low >> 32),
                     static_cast<__mmask32>(ends >> 32));
    }
    i += k;
  }
  return o;
}

}  // namespace fpbench::core::fast::avx512

#endif  // defined(__x86_64__)
