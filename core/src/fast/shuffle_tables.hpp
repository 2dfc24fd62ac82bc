#pragma once

// Byte-shuffle (pshufb) tables for the AVX2 kernels, which have no compress
// instruction: each maps a small bit mask to the shuffle that packs the kept
// bytes to the front. Index 0x80 in a shuffle writes a zero byte.

#include <array>
#include <bit>
#include <cstdint>

namespace fpbench::core::fast::tables {

using Shuffle16 = std::array<std::uint8_t, 16>;

// Eight 16-bit lanes, each a UTF-8 sequence of 1 byte (low byte) or, when bit
// k of the index is set, 2 bytes. Packed length: 8 + popcount(index).
constexpr std::array<Shuffle16, 256> make_pack_utf8_2() {
  std::array<Shuffle16, 256> t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    Shuffle16& s = t[mask];
    s.fill(0x80);
    unsigned out = 0;
    for (unsigned lane = 0; lane < 8; ++lane) {
      s[out++] = static_cast<std::uint8_t>(2 * lane);
      if ((mask >> lane) & 1)
        s[out++] = static_cast<std::uint8_t>(2 * lane + 1);
    }
  }
  return t;
}
inline constexpr std::array<Shuffle16, 256> kPackUtf8Of2 = make_pack_utf8_2();

// Four 32-bit lanes, each a UTF-8 sequence of 1 + a + b bytes, where a is bit
// k and b bit k + 4 of the index (units >= 0x80 and >= 0x800).
constexpr std::array<Shuffle16, 256> make_pack_utf8_3() {
  std::array<Shuffle16, 256> t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    Shuffle16& s = t[mask];
    s.fill(0x80);
    unsigned out = 0;
    for (unsigned lane = 0; lane < 4; ++lane) {
      const unsigned length =
          1 + ((mask >> lane) & 1) + ((mask >> (lane + 4)) & 1);
      for (unsigned b = 0; b < length; ++b) {
        s[out++] = static_cast<std::uint8_t>(4 * lane + b);
      }
    }
  }
  return t;
}
inline constexpr std::array<Shuffle16, 256> kPackUtf8Of3 = make_pack_utf8_3();

// Eight 16-bit lanes; keeps lane k when bit k of the index is set.
constexpr std::array<Shuffle16, 256> make_pack_units() {
  std::array<Shuffle16, 256> t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    Shuffle16& s = t[mask];
    s.fill(0x80);
    unsigned out = 0;
    for (unsigned lane = 0; lane < 8; ++lane) {
      if (((mask >> lane) & 1) == 0) continue;
      s[out++] = static_cast<std::uint8_t>(2 * lane);
      s[out++] = static_cast<std::uint8_t>(2 * lane + 1);
    }
  }
  return t;
}
inline constexpr std::array<Shuffle16, 256> kPackUnits = make_pack_units();

// Eight bytes; keeps byte k when bit k of the index is set. Each entry is the
// 8-byte shuffle as a little-endian word (0x80 fill stays >= 0x80 after +8,
// so the same entry serves the upper half of a 16-byte register).
constexpr std::array<std::uint64_t, 256> make_pack_bytes() {
  std::array<std::uint64_t, 256> t{};
  for (unsigned mask = 0; mask < 256; ++mask) {
    std::uint64_t word = 0x8080808080808080ull;
    unsigned out = 0;
    for (unsigned k = 0; k < 8; ++k) {
      if (((mask >> k) & 1) == 0) continue;
      word &= ~(0xFFull << (8 * out));
      word |= static_cast<std::uint64_t>(k) << (8 * out);
      ++out;
    }
    t[mask] = word;
  }
  return t;
}
inline constexpr std::array<std::uint64_t, 256> kPackBytes = make_pack_bytes();

}  // namespace fpbench::core::fast::tables
