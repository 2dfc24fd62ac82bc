#pragma once

// Base64 with AVX2 (and BMI2), 32 characters (24 bytes) a step. Decoding
// classifies characters by range compares; characters outside the alphabets
// are squeezed out eight at a time with pext into a queue of sextets, so text
// with line breaks stays in the vector loop. Encoding is Muła's: a pshufb
// spreads each 3 bytes over 4, multiplies cut out the sextets, and a 16-entry
// pshufb turns them into characters. Tails go through a zeroed block.

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fast/base64_kernels.hpp"
#include "fast/kernels.hpp"

#if defined(__x86_64__)
#include <immintrin.h>

#include "fast/avx2.hpp"

namespace fpbench::core::fast::avx2 {

FPBENCH_TARGET_AVX2 inline __m256i in_range(__m256i c, char lo, char hi) {
  // Signed compares: bytes from 0x80 up are negative and in no range.
  return _mm256_and_si256(_mm256_cmpgt_epi8(c, bytes(lo - 1)),
                          _mm256_cmpgt_epi8(bytes(hi + 1), c));
}
FPBENCH_TARGET_AVX2 inline __m256i either(__m256i c, char a, char b) {
  return _mm256_or_si256(_mm256_cmpeq_epi8(c, bytes(a)),
                         _mm256_cmpeq_epi8(c, bytes(b)));
}

// Sextets of the characters of c, and in valid the lanes in an alphabet.
FPBENCH_TARGET_AVX2 inline __m256i base64_values(__m256i c, __m256i& valid) {
  const __m256i upper = in_range(c, 'A', 'Z');
  const __m256i lower = in_range(c, 'a', 'z');
  const __m256i digit = in_range(c, '0', '9');
  const __m256i v62 = either(c, '+', '-');
  const __m256i v63 = either(c, '/', '_');
  valid = _mm256_or_si256(_mm256_or_si256(upper, lower),
                          _mm256_or_si256(digit, _mm256_or_si256(v62, v63)));
  const __m256i shift =
      _mm256_or_si256(_mm256_or_si256(_mm256_and_si256(upper, bytes(-'A')),
                                      _mm256_and_si256(lower, bytes(26 - 'a'))),
                      _mm256_and_si256(digit, bytes(52 - '0')));
  const __m256i value =
      _mm256_and_si256(_mm256_add_epi8(c, shift),
                       _mm256_or_si256(upper, _mm256_or_si256(lower, digit)));
  return _mm256_or_si256(value,
                         _mm256_or_si256(_mm256_and_si256(v62, bytes(62)),
                                         _mm256_and_si256(v63, bytes(63))));
}

// 32 sextets, four to a 32-bit lane, to 24 bytes at out.
FPBENCH_TARGET_AVX2 inline void put_24(char* out, __m256i sextets) {
  const __m256i twelve =
      _mm256_maddubs_epi16(sextets, _mm256_set1_epi32(0x01400140));
  const __m256i group =
      _mm256_madd_epi16(twelve, _mm256_set1_epi32(0x00011000));
  const __m256i packed = _mm256_shuffle_epi8(
      group,
      _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1,
                       2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1));
  const __m256i joined = _mm256_permutevar8x32_epi32(
      packed, _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7));
  store128(out, _mm256_castsi256_si128(joined));
  _mm_storel_epi64(reinterpret_cast<__m128i*>(out + 16),
                   _mm256_extracti128_si256(joined, 1));
}

FPBENCH_TARGET_AVX2 inline __m256i low_bytes(const char* in) {
  return load(in);
}
FPBENCH_TARGET_AVX2 inline __m256i low_bytes(const char16_t* in) {
  return low_bytes_of_units(in);
}

// The characters at in (count of them, below 32) in a block padded with
// zeros, which are outside the alphabet.
template <typename Unit>
FPBENCH_TARGET_AVX2 __m256i low_bytes_of_tail(const Unit* in,
                                              std::size_t count) {
  alignas(32) Unit block[32] = {};
  std::memcpy(block, in, count * sizeof(Unit));
  return low_bytes(block);
}

// Appends the lanes of s set in keep to the queue, eight lanes at a time.
FPBENCH_TARGET_AVX2 inline std::size_t enqueue(unsigned char* queue, __m256i s,
                                               std::uint32_t keep) {
  alignas(32) unsigned char lanes[32];
  store(lanes, s);
  std::size_t q = 0;
  for (unsigned k = 0; k < 4; ++k) {
    const std::uint32_t bits = (keep >> (8 * k)) & 0xFF;
    const std::uint64_t spread = _pdep_u64(bits, 0x0101010101010101ull) * 0xFF;
    kernels::store_u64(queue + q,
                       _pext_u64(kernels::load_u64(lanes + 8 * k), spread));
    q += static_cast<std::size_t>(std::popcount(bits));
  }
  return q;
}

template <typename Unit>
FPBENCH_TARGET_AVX2 std::size_t base64_decode(const Unit* in, std::size_t n,
                                              char* out) {
  // Sextets that do not yet make 32: at most 31 plus one step's 32, and
  // eight bytes of slack for the last 8-byte store.
  alignas(32) unsigned char queue[80] = {};
  std::size_t queued = 0;
  std::size_t o = 0;
  for (std::size_t i = 0; i < n; i += 32) {
    const bool whole = n - i >= 32;
    const __m256i c =
        whole ? low_bytes(in + i) : low_bytes_of_tail(in + i, n - i);
    __m256i valid_lanes;
    const __m256i s = base64_values(c, valid_lanes);
    const auto pad = static_cast<std::uint32_t>(
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(c, bytes('='))));
    const std::uint32_t before = (pad & (0 - pad)) - 1;
    const std::uint32_t valid =
        before & static_cast<std::uint32_t>(_mm256_movemask_epi8(valid_lanes));
    if (valid == ~0u && queued == 0) {
      put_24(out + o, s);
      o += 24;
      continue;
    }
    queued += enqueue(queue + queued, s, valid);
    if (queued >= 32) {
      put_24(out + o, load(queue));
      o += 24;
      queued -= 32;
      store(queue, load(queue + 32));
    }
    if (pad != 0) break;
  }
  return o + kernels::bytes_from_sextets(queue, queued, out + o);
}

// 24 bytes (from in, 28 readable) to 32 characters.
FPBENCH_TARGET_AVX2 inline void put_base64(const char* in, char* out,
                                           __m256i shifts) {
  const __m256i raw = _mm256_setr_m128i(load128(in), load128(in + 12));
  const __m256i spread = _mm256_shuffle_epi8(
      raw, _mm256_setr_epi8(1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10,
                            1, 0, 2, 1, 4, 3, 5, 4, 7, 6, 8, 7, 10, 9, 11, 10));
  // Each sextet into its own byte (Muła): s0 and s2 by a high multiply, s1
  // and s3 by a low one.
  const __m256i t0 = _mm256_mulhi_epu16(
      _mm256_and_si256(spread, _mm256_set1_epi32(0x0FC0FC00)),
      _mm256_set1_epi32(0x04000040));
  const __m256i t1 = _mm256_mullo_epi16(
      _mm256_and_si256(spread, _mm256_set1_epi32(0x003F03F0)),
      _mm256_set1_epi32(0x01000010));
  const __m256i sextets = _mm256_or_si256(t0, t1);
  // 0-25 -> 13, 26-51 -> 0, 52-61 -> 1-10, 62 -> 11, 63 -> 12: the row of
  // shifts that turns each range into its characters.
  __m256i row = _mm256_subs_epu8(sextets, bytes(51));
  row = _mm256_or_si256(
      row, _mm256_and_si256(_mm256_cmpgt_epi8(bytes(26), sextets), bytes(13)));
  store(out, _mm256_add_epi8(_mm256_shuffle_epi8(shifts, row), sextets));
}

FPBENCH_TARGET_AVX2 inline void base64_encode(const char* in, std::size_t n,
                                              char* out, bool url) {
  const char c62 = url ? '-' : '+';
  const char c63 = url ? '_' : '/';
  const __m128i row = _mm_setr_epi8(
      'a' - 26, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52, '0' - 52,
      '0' - 52, '0' - 52, '0' - 52, '0' - 52, static_cast<char>(c62 - 62),
      static_cast<char>(c63 - 63), 'A', 0, 0);
  const __m256i shifts = _mm256_broadcastsi128_si256(row);
  std::size_t i = 0;
  char* o = out;
  for (; i + 28 <= n; i += 24, o += 32) put_base64(in + i, o, shifts);
  while (n - i >= 3) {
    alignas(32) char block[32] = {};
    alignas(32) char chars[32];
    const std::size_t whole = std::min<std::size_t>((n - i) / 3 * 3, 24);
    std::memcpy(block, in + i, whole);
    put_base64(block, chars, shifts);
    std::memcpy(o, chars, whole / 3 * 4);
    i += whole;
    o += whole / 3 * 4;
  }
  kernels::base64_final_group(in + i, n - i, o, url);
}

inline constexpr kernels::Base64Kernels kBase64Kernels = {
    base64_decode<char>, base64_decode<char16_t>, base64_encode};

}  // namespace fpbench::core::fast::avx2

#endif  // defined(__x86_64__)
