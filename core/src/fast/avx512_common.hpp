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
