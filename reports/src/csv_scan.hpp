#pragma once

// The CSV reader's inner loop: the next of three delimiter bytes. Fields of
// compare.js files are tens of bytes long, so comparing sixteen bytes at a
// time (SSE2, part of every x86-64) beats both a byte loop and one memchr
// per delimiter; elsewhere, and for the last few bytes, a byte loop.

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fpbench::reports::detail {

[[nodiscard]] inline const char* find_first_of3_bytewise(const char* p,
                                                         const char* end,
                                                         char a, char b,
                                                         char c) {
  while (p != end && *p != a && *p != b && *p != c) ++p;
  return p;
}

// The first byte in [p, end) equal to a, b or c, or end.
[[nodiscard]] inline const char* find_first_of3(const char* p, const char* end,
                                                char a, char b, char c) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a);
  const __m128i vb = _mm_set1_epi8(b);
  const __m128i vc = _mm_set1_epi8(c);
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hits = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(block, va), _mm_cmpeq_epi8(block, vb)),
        _mm_cmpeq_epi8(block, vc));
    const auto mask = static_cast<unsigned>(_mm_movemask_epi8(hits));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
  }
#endif
  return find_first_of3_bytewise(p, end, a, b, c);
}

}  // namespace fpbench::reports::detail
