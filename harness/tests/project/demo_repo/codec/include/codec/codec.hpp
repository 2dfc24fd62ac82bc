// A delta + run-length codec for byte buffers.
//
// encode(input, level) applies `level` first-order delta passes (each byte
// minus the one before it, modulo 256) and run-length codes the result as
// (count, value) pairs, count 1..255. The encoded buffer starts with a header:
// the level (1 byte), the input size (4 bytes, little endian) and the FNV-1a
// 64-bit checksum of the input (8 bytes, little endian).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace codec {

using Bytes = std::vector<std::uint8_t>;

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 9;
inline constexpr std::size_t kHeaderSize = 1 + 4 + 8;

// `level` must lie in [kMinLevel, kMaxLevel]; inputs of 4 GiB or more are not
// supported.
Bytes encode(const Bytes& input, int level);

// The input encode() was given, or nullopt when `encoded` is not a buffer
// encode() can have produced.
std::optional<Bytes> decode(const Bytes& encoded);

// FNV-1a, 64 bits.
std::uint64_t checksum(const std::uint8_t* data, std::size_t size);

}  // namespace codec
