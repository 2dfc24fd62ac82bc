#include "codec/codec.hpp"

namespace codec {
namespace {

std::uint64_t get_le(const Bytes& in, std::size_t offset, int size) {
  std::uint64_t value = 0;
  for (int i = 0; i < size; ++i) {
    value |= std::uint64_t{in[offset + static_cast<std::size_t>(i)]} << (8 * i);
  }
  return value;
}

}  // namespace

std::optional<Bytes> decode(const Bytes& encoded) {
  if (encoded.size() < kHeaderSize) return std::nullopt;
  const int level = encoded[0];
  if (level < kMinLevel || level > kMaxLevel) return std::nullopt;
  const std::size_t size = get_le(encoded, 1, 4);
  if ((encoded.size() - kHeaderSize) % 2 != 0) return std::nullopt;

  Bytes out;
  out.reserve(size);
  for (std::size_t i = kHeaderSize; i < encoded.size(); i += 2) {
    const std::size_t count = encoded[i];
    if (count == 0 || count > size - out.size()) return std::nullopt;
    out.insert(out.end(), count, encoded[i + 1]);
  }
  if (out.size() != size) return std::nullopt;

  for (int pass = 0; pass < level; ++pass) {
    for (std::size_t i = 1; i < out.size(); ++i) {
      out[i] = static_cast<std::uint8_t>(out[i] + out[i - 1]);
    }
  }
  return out;
}

}  // namespace codec
