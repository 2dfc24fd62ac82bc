#pragma once

// Shared by the AVX-512 kernels: the target attribute (Ice Lake and later:
// F, BW, VL, VBMI, VBMI2, with BMI2) and small helpers.

#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>

#define FPBENCH_TARGET_AVX512                                    \
  __attribute__((                                                \
      target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vbmi2," \
             "bmi,bmi2,popcnt")))

namespace fpbench::core::fast::avx512 {

// Mask of the first count lanes, count clamped to 64.
inline std::uint64_t first(std::size_t count) {
  return count >= 64 ? ~0ull : (1ull << count) - 1;
}
inline __mmask32 first32(std::size_t count) {
  return static_cast<__mmask32>(first(count));
}
FPBENCH_TARGET_AVX512 inline __m512i bytes(int b) {
  return _mm512_set1_epi8(static_cast<char>(b));
}
FPBENCH_TARGET_AVX512 inline __m512i words(int w) {
  return _mm512_set1_epi16(static_cast<short>(w));
}
FPBENCH_TARGET_AVX512 inline __m512i dwords(int d) {
  return _mm512_set1_epi32(d);
}
FPBENCH_TARGET_AVX512 inline __m512i load(const void* p) {
  return _mm512_loadu_si512(p);
}
FPBENCH_TARGET_AVX512 inline __m256i low_half(__m512i v) {
  return _mm512_castsi512_si256(v);
}
FPBENCH_TARGET_AVX512 inline __m256i high_half(__m512i v) {
  return _mm512_extracti64x4_epi64(v, 1);
}
// Loads and stores of the first count elements (the rest of a load zero).
// A whole vector goes through a plain load or store: the masked forms are
// kept for tails, since on AMD Zen 5 (family 1Ah) base64 of two-byte text
// ran 2.4 times slower with masked loads in every step
// (core/bench/transcode_bench.cpp, encode_into/base64_two_byte_fast).
FPBENCH_TARGET_AVX512 inline __m512i load_bytes(const void* p,
                                                std::size_t count) {
  return count >= 64 ? load(p) : _mm512_maskz_loadu_epi8(first(count), p);
}
FPBENCH_TARGET_AVX512 inline __m256i load_half_bytes(const void* p,
                                                     std::size_t count) {
  return count >= 32 ? _mm256_loadu_si256(static_cast<const __m256i*>(p))
                     : _mm256_maskz_loadu_epi8(first32(count), p);
}
FPBENCH_TARGET_AVX512 inline __m512i load_words(const void* p,
                                                std::size_t count) {
  return count >= 32 ? load(p) : _mm512_maskz_loadu_epi16(first32(count), p);
}
FPBENCH_TARGET_AVX512 inline void store_bytes(void* p, std::size_t count,
                                              __m512i v) {
  if (count >= 64) {
    _mm512_storeu_si512(p, v);
  } else {
    _mm512_mask_storeu_epi8(p, first(count), v);
  }
}
FPBENCH_TARGET_AVX512 inline void store_half_bytes(void* p, std::size_t count,
                                                   __m256i v) {
  if (count >= 32) {
    _mm256_storeu_si256(static_cast<__m256i*>(p), v);
  } else {
    _mm256_mask_storeu_epi8(p, first32(count), v);
  }
}
FPBENCH_TARGET_AVX512 inline void store_words(void* p, std::size_t count,
                                              __m512i v) {
  if (count >= 32) {
    _mm512_storeu_si512(p, v);
  } else {
    _mm512_mask_storeu_epi16(p, first32(count), v);
  }
}
// v, held in a register from here on. In a loop GCC otherwise rebuilds a
// broadcast constant at every use (a move and a broadcast), which cost the
// UTF-16 -> UTF-8 loop a sixth of its time.
FPBENCH_TARGET_AVX512 inline __m512i pinned(__m512i v) {
  asm("" : "+v"(v));
  return v;
}
// Each bit of mask (of the low 32) placed at the bits of spread.
FPBENCH_TARGET_AVX512 inline std::uint64_t deposit(std::uint64_t mask,
                                                   std::uint64_t spread) {
  return _pdep_u64(mask, spread);
}
// Packs the bytes of v selected by keep to the front and stores them.
FPBENCH_TARGET_AVX512 inline std::size_t put_bytes(char* o, __m512i v,
                                                   std::uint64_t keep) {
  const auto count = static_cast<std::size_t>(std::popcount(keep));
  _mm512_mask_storeu_epi8(o, first(count), _mm512_maskz_compress_epi8(keep, v));
  return count;
}

}  // namespace fpbench::core::fast::avx512

#endif  // defined(__x86_64__)
