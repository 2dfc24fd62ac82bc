#pragma once

// AVX2 kernels (Haswell and later, with BMI2): 32 bytes or 16 units a step.
// AVX2 has no compress instruction, so variable-length output is packed with
// pshufb tables (shuffle_tables.hpp). Tails shorter than a step, and steps
// holding surrogates or invalid UTF-8, go to the scalar loops.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fast/kernels.hpp"
#include "fast/portable.hpp"
#include "fast/shuffle_tables.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#define FPBENCH_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2,popcnt")))

namespace fpbench::core::fast::avx2 {

FPBENCH_TARGET_AVX2 inline __m256i load(const void* p) {
  return _mm256_loadu_si256(static_cast<const __m256i*>(p));
}
FPBENCH_TARGET_AVX2 inline void store(void* p, __m256i v) {
  _mm256_storeu_si256(static_cast<__m256i*>(p), v);
}
FPBENCH_TARGET_AVX2 inline __m128i load128(const void* p) {
  return _mm_loadu_si128(static_cast<const __m128i*>(p));
}
FPBENCH_TARGET_AVX2 inline void store128(void* p, __m128i v) {
  _mm_storeu_si128(static_cast<__m128i*>(p), v);
}
FPBENCH_TARGET_AVX2 inline __m256i bytes(int b) {
  return _mm256_set1_epi8(static_cast<char>(b));
}
FPBENCH_TARGET_AVX2 inline __m256i words(int w) {
  return _mm256_set1_epi16(static_cast<short>(w));
}
FPBENCH_TARGET_AVX2 inline __m256i dwords(int d) {
  return _mm256_set1_epi32(d);
}
FPBENCH_TARGET_AVX2 inline std::uint32_t sign_bits(__m256i v) {
  return static_cast<std::uint32_t>(_mm256_movemask_epi8(v));
}
// 0xFF in each byte of v that lies in [lo, lo + span].
FPBENCH_TARGET_AVX2 inline __m256i in_range(__m256i v, int lo, int span) {
  const __m256i from_lo = _mm256_sub_epi8(v, bytes(lo));
  return _mm256_cmpeq_epi8(_mm256_min_epu8(from_lo, bytes(span)), from_lo);
}
// v shifted up by one or two bytes across the lanes, zeros shifted in.
FPBENCH_TARGET_AVX2 inline __m256i prev1(__m256i v) {
  return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 15);
}
FPBENCH_TARGET_AVX2 inline __m256i prev2(__m256i v) {
  return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(v, v, 0x08), 14);
}
FPBENCH_TARGET_AVX2 inline __m256i shuffle_halves(__m256i v,
                                                  const tables::Shuffle16& lo,
                                                  const tables::Shuffle16& hi) {
  const __m256i s = _mm256_inserti128_si256(
      _mm256_castsi128_si256(load128(lo.data())), load128(hi.data()), 1);
  return _mm256_shuffle_epi8(v, s);
}
// Stores the low 16-byte half of v at o and the high half right after the
// first low_length bytes; returns o + low_length + high_length.
FPBENCH_TARGET_AVX2 inline char* store_halves(char* o, __m256i v,
                                              unsigned low_length,
                                              unsigned high_length) {
  store128(o, _mm256_castsi256_si128(v));
  o += low_length;
  store128(o, _mm256_extracti128_si256(v, 1));
  return o + high_length;
}
FPBENCH_TARGET_AVX2 inline unsigned popcount(std::uint32_t bits) {
  return static_cast<unsigned>(std::popcount(bits));
}

FPBENCH_TARGET_AVX2 inline bool is_ascii(const char* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 128 <= n; i += 128) {
    const __m256i any =
        _mm256_or_si256(_mm256_or_si256(load(in + i), load(in + i + 32)),
                        _mm256_or_si256(load(in + i + 64), load(in + i + 96)));
    if (sign_bits(any) != 0) return false;
  }
  for (; i + 32 <= n; i += 32) {
    if (sign_bits(load(in + i)) != 0) return false;
  }
  return portable::is_ascii(in + i, n - i);
}

FPBENCH_TARGET_AVX2 inline bool has_wide_lead(const char* in, std::size_t n) {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256i v = load(in + i);
    if (sign_bits(_mm256_andnot_si256(in_range(v, 0xC2, 1),
                                      in_range(v, 0xC0, 0x3F))) != 0) {
      return true;
    }
  }
  return portable::has_wide_lead(in + i, n - i);
}

// Units below 0x800 (in 16-bit lanes) as their 2-byte UTF-8 form, lead byte
// in the low half.
FPBENCH_TARGET_AVX2 inline __m256i utf8_pairs(__m256i u) {
  const __m256i lead = _mm256_or_si256(_mm256_srli_epi16(u, 6), words(0xC0));
  const __m256i cont =
      _mm256_or_si256(_mm256_and_si256(u, words(0x3F)), words(0x80));
  return _mm256_or_si256(lead, _mm256_slli_epi16(cont, 8));
}

// Sixteen units below 0x800 to UTF-8; wide marks the units >= 0x80.
FPBENCH_TARGET_AVX2 inline char* put_utf8_of_2(char* o, __m256i u,
                                               __m256i wide) {
  const std::uint32_t bits = _pext_u32(sign_bits(wide), 0x55555555u);
  const std::uint32_t lo = bits & 0xFF;
  const std::uint32_t hi = bits >> 8;
  const __m256i mixed = _mm256_blendv_epi8(u, utf8_pairs(u), wide);
  return store_halves(
      o,
      shuffle_halves(mixed, tables::kPackUtf8Of2[lo], tables::kPackUtf8Of2[hi]),
      8 + popcount(lo), 8 + popcount(hi));
}

FPBENCH_TARGET_AVX2 inline std::size_t utf8_from_latin1(const char* in,
                                                        std::size_t n,
                                                        char* out) {
  char* o = out;
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256i v = load(in + i);
    if (sign_bits(v) == 0) {
      store(o, v);
      o += 32;
      continue;
    }
    for (std::size_t half = 0; half < 32; half += 16) {
      const __m256i u = _mm256_cvtepu8_epi16(load128(in + i + half));
      o = put_utf8_of_2(o, u, _mm256_cmpgt_epi16(u, words(0x7F)));
    }
  }
  return static_cast<std::size_t>(o - out) +
         portable::utf8_from_latin1(in + i, n - i, o);
}

// Eight units (32-bit lanes, no surrogates) to UTF-8 of 1 to 3 bytes each.
FPBENCH_TARGET_AVX2 inline char* put_utf8_of_3(char* o, __m256i w) {
  const __m256i low6 =
      _mm256_or_si256(_mm256_and_si256(w, dwords(0x3F)), dwords(0x80));
  const __m256i mid6 = _mm256_or_si256(
      _mm256_and_si256(_mm256_srli_epi32(w, 6), dwords(0x3F)), dwords(0x80));
  const __m256i two =
      _mm256_or_si256(_mm256_or_si256(_mm256_srli_epi32(w, 6), dwords(0xC0)),
                      _mm256_slli_epi32(low6, 8));
  const __m256i three = _mm256_or_si256(
      _mm256_or_si256(_mm256_srli_epi32(w, 12), dwords(0xE0)),
      _mm256_or_si256(_mm256_slli_epi32(mid6, 8), _mm256_slli_epi32(low6, 16)));
  const __m256i ge80 = _mm256_cmpgt_epi32(w, dwords(0x7F));
  const __m256i ge800 = _mm256_cmpgt_epi32(w, dwords(0x7FF));
  const __m256i mixed =
      _mm256_blendv_epi8(_mm256_blendv_epi8(w, two, ge80), three, ge800);
  const auto m80 =
      static_cast<std::uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(ge80)));
  const auto m800 = static_cast<std::uint32_t>(
      _mm256_movemask_ps(_mm256_castsi256_ps(ge800)));
  const std::uint32_t lo = (m80 & 0xF) | ((m800 & 0xF) << 4);
  const std::uint32_t hi = (m80 >> 4) | ((m800 >> 4) << 4);
  return store_halves(
      o,
      shuffle_halves(mixed, tables::kPackUtf8Of3[lo], tables::kPackUtf8Of3[hi]),
      4 + popcount(lo), 4 + popcount(hi));
}

FPBENCH_TARGET_AVX2 inline std::size_t utf8_from_utf16(const char16_t* in,
                                                       std::size_t n,
                                                       char* out) {
  char* o = out;
  std::size_t i = 0;
  // A step stores 16 bytes per 4 units; 8 units of slack keep that inside
  // the 3-bytes-per-unit bound.
  while (i + 24 <= n) {
    const __m256i u = load(in + i);
    if (_mm256_testz_si256(u, words(0xFF80))) {
      store128(o, _mm_packus_epi16(_mm256_castsi256_si128(u),
                                   _mm256_extracti128_si256(u, 1)));
      o += 16;
      i += 16;
      continue;
    }
    if (_mm256_testz_si256(u, words(0xF800))) {
      o = put_utf8_of_2(o, u, _mm256_cmpgt_epi16(u, words(0x7F)));
      i += 16;
      continue;
    }
    const __m256i surrogates =
        _mm256_cmpeq_epi16(_mm256_and_si256(u, words(0xF800)), words(0xD800));
    if (!_mm256_testz_si256(surrogates, surrogates)) {
      kernels::utf8_from_utf16_scalar(in, n, i, i + 16, o);
      continue;
    }
    o = put_utf8_of_3(o, _mm256_cvtepu16_epi32(_mm256_castsi256_si128(u)));
    o = put_utf8_of_3(o, _mm256_cvtepu16_epi32(_mm256_extracti128_si256(u, 1)));
    i += 16;
  }
  kernels::utf8_from_utf16_scalar(in, n, i, n, o);
  return static_cast<std::size_t>(o - out);
}

FPBENCH_TARGET_AVX2 inline __m256i low_bytes_of_units(const void* units) {
  const auto* p = static_cast<const char*>(units);
  const __m256i a = _mm256_and_si256(load(p), words(0xFF));
  const __m256i b = _mm256_and_si256(load(p + 32), words(0xFF));
  return _mm256_permute4x64_epi64(_mm256_packus_epi16(a, b), 0xD8);
}

FPBENCH_TARGET_AVX2 inline void narrow(const char16_t* in, std::size_t n,
                                       char* out) {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) store(out + i, low_bytes_of_units(in + i));
  portable::narrow(in + i, n - i, out + i);
}

FPBENCH_TARGET_AVX2 inline void utf16le_to_latin1(const char* in,
                                                  std::size_t units,
                                                  char* out) {
  std::size_t i = 0;
  for (; i + 32 <= units; i += 32)
    store(out + i, low_bytes_of_units(in + 2 * i));
  portable::utf16le_to_latin1(in + 2 * i, units - i, out + i);
}

FPBENCH_TARGET_AVX2 inline void widen(const char* in, std::size_t n,
                                      char* out) {
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    store(out + 2 * i, _mm256_cvtepu8_epi16(load128(in + i)));
  }
  portable::widen(in + i, n - i, out + 2 * i);
}

FPBENCH_TARGET_AVX2 inline void clear_high_bits(const char* in, std::size_t n,
                                                char* out) {
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    store(out + i, _mm256_and_si256(load(in + i), bytes(0x7F)));
  }
  portable::clear_high_bits(in + i, n - i, out + i);
}

FPBENCH_TARGET_AVX2 inline bool utf16le_is_latin1(const char* in,
                                                  std::size_t units) {
  std::size_t i = 0;
  for (; i + 32 <= units; i += 32) {
    const __m256i any =
        _mm256_or_si256(load(in + 2 * i), load(in + 2 * i + 32));
    if (!_mm256_testz_si256(any, words(0xFF00))) return false;
  }
  return portable::utf16le_is_latin1(in + 2 * i, units - i);
}

FPBENCH_TARGET_AVX2 inline kernels::DecodeProgress latin1_from_utf8(
    std::string_view in, char* out) {
  std::size_t i = 0;
  std::size_t o = 0;
  while (i + 32 <= in.size()) {
    const __m256i v = load(in.data() + i);
    std::uint32_t high = sign_bits(v);
    if (high == 0) {
      store(out + o, v);
      i += 32;
      o += 32;
      continue;
    }
    std::uint32_t lead = sign_bits(in_range(v, 0xC2, 1));
    std::uint32_t cont = sign_bits(in_range(v, 0x80, 0x3F));
    // A pair that straddles the step is left for the next one.
    std::size_t k = 32;
    if (lead >> 31) {
      k = 31;
      lead &= 0x7FFFFFFFu;
      cont &= 0x7FFFFFFFu;
      high &= 0x7FFFFFFFu;
    }
    if ((lead << 1) != cont || (lead | cont) != high) {
      if (!kernels::latin1_from_utf8_scalar(in, i, i + k, out, o))
        return {i, o};
      continue;
    }
    // C3 xx is xx + 0x40, C2 xx is xx: fix the continuation, drop the lead.
    const __m256i fixed = _mm256_add_epi8(
        v, _mm256_and_si256(_mm256_cmpeq_epi8(prev1(v), bytes(0xC3)),
                            bytes(0x40)));
    const std::uint32_t keep = ~lead & (k == 32 ? ~0u : 0x7FFFFFFFu);
    constexpr std::uint64_t kUpper = 0x0808080808080808ull;
    const __m256i shuffle = _mm256_setr_epi64x(
        static_cast<long long>(tables::kPackBytes[keep & 0xFF]),
        static_cast<long long>(tables::kPackBytes[(keep >> 8) & 0xFF] + kUpper),
        static_cast<long long>(tables::kPackBytes[(keep >> 16) & 0xFF]),
        static_cast<long long>(tables::kPackBytes[keep >> 24] + kUpper));
    const __m256i packed = _mm256_shuffle_epi8(fixed, shuffle);
    alignas(32) std::uint64_t groups[4];
    store(groups, packed);
    for (unsigned g = 0; g < 4; ++g) {
      kernels::store_u64(out + o, groups[g]);
      o += popcount((keep >> (8 * g)) & 0xFF);
    }
    i += k;
  }
  const kernels::DecodeProgress tail =
      portable::latin1_from_utf8(in.substr(i), out + o);
  return {i + tail.in, o + tail.out};
}

// One 16-lane half of a valid step: the unit ending at each byte position,
// packed to the positions in ends.
FPBENCH_TARGET_AVX2 inline std::size_t put_units(char16_t* out, __m128i b,
                                                 __m128i b1, __m128i b2,
                                                 __m128i end2, __m128i end3,
                                                 std::uint32_t ends) {
  const __m256i wb = _mm256_cvtepu8_epi16(b);
  const __m256i w1 = _mm256_cvtepu8_epi16(b1);
  const __m256i w2 = _mm256_cvtepu8_epi16(b2);
  const __m256i low6 = _mm256_and_si256(wb, words(0x3F));
  const __m256i two = _mm256_or_si256(
      _mm256_slli_epi16(_mm256_and_si256(w1, words(0x1F)), 6), low6);
  const __m256i three = _mm256_or_si256(
      _mm256_or_si256(_mm256_slli_epi16(w2, 12),
                      _mm256_slli_epi16(_mm256_and_si256(w1, words(0x3F)), 6)),
      low6);
  __m256i units = _mm256_blendv_epi8(wb, two, _mm256_cvtepi8_epi16(end2));
  units = _mm256_blendv_epi8(units, three, _mm256_cvtepi8_epi16(end3));
  const std::uint32_t lo = ends & 0xFF;
  const std::uint32_t hi = ends >> 8;
  store_halves(
      reinterpret_cast<char*>(out),
      shuffle_halves(units, tables::kPackUnits[lo], tables::kPackUnits[hi]),
      2 * popcount(lo), 2 * popcount(hi));
  return popcount(ends);
}

FPBENCH_TARGET_AVX2 inline std::size_t utf16_from_utf8(std::string_view in,
                                                       std::size_t i,
                                                       char16_t* out,
                                                       std::size_t o) {
  while (i + 32 <= in.size()) {
    const __m256i v = load(in.data() + i);
    std::uint32_t high = sign_bits(v);
    if (high == 0) {
      store(out + o, _mm256_cvtepu8_epi16(_mm256_castsi256_si128(v)));
      store(out + o + 16, _mm256_cvtepu8_epi16(_mm256_extracti128_si256(v, 1)));
      i += 32;
      o += 32;
      continue;
    }
    std::uint32_t lead2 = sign_bits(in_range(v, 0xC2, 0x1D));
    std::uint32_t lead3 = sign_bits(in_range(v, 0xE0, 0x0F));
    std::uint32_t cont = sign_bits(in_range(v, 0x80, 0x3F));
    const std::uint32_t e0 = sign_bits(_mm256_cmpeq_epi8(v, bytes(0xE0)));
    const std::uint32_t ed = sign_bits(_mm256_cmpeq_epi8(v, bytes(0xED)));
    const std::uint32_t below_a0 = sign_bits(in_range(v, 0x00, 0x9F));
    // A sequence that straddles the step is left for the next one.
    std::size_t k = 32;
    const std::uint32_t pending =
        ((lead2 | lead3) & 0x80000000u) | (lead3 & 0x40000000u);
    if (pending != 0) k = static_cast<std::size_t>(std::countr_zero(pending));
    const std::uint32_t m = k == 32 ? ~0u : (1u << k) - 1;
    lead2 &= m;
    lead3 &= m;
    cont &= m;
    high &= m;
    const std::uint32_t expected = ((lead2 | lead3) << 1) | (lead3 << 2);
    const bool valid = (high & ~(lead2 | lead3 | cont)) == 0 &&
                       expected == cont && ((e0 << 1) & below_a0 & m) == 0 &&
                       ((ed << 1) & ~below_a0 & m) == 0;
    if (!valid) {
      kernels::utf16_from_utf8_scalar(in, i, i + k, out, o);
      continue;
    }
    const __m256i p1 = prev1(v);
    const __m256i p2 = prev2(v);
    const __m256i end2 = in_range(p1, 0xC2, 0x1D);
    const __m256i end3 = in_range(p2, 0xE0, 0x0F);
    const std::uint32_t ends = (m & ~high) | (lead2 << 1) | (lead3 << 2);
    o += put_units(out + o, _mm256_castsi256_si128(v),
                   _mm256_castsi256_si128(p1), _mm256_castsi256_si128(p2),
                   _mm256_castsi256_si128(end2), _mm256_castsi256_si128(end3),
                   ends & 0xFFFF);
    o += put_units(out + o, _mm256_extracti128_si256(v, 1),
                   _mm256_extracti128_si256(p1, 1),
                   _mm256_extracti128_si256(p2, 1),
                   _mm256_extracti128_si256(end2, 1),
                   _mm256_extracti128_si256(end3, 1), ends >> 16);
    i += k;
  }
  return portable::utf16_from_utf8(in, i, out, o);
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

}  // namespace fpbench::core::fast::avx2

#endif  // defined(__x86_64__)
