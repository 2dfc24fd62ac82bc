#include "codec/codec.hpp"

namespace codec {

std::uint64_t checksum(const std::uint8_t* data, std::size_t size) {
  std::uint64_t hash = 0xcbf29ce484222325u;
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3u;
  }
  return hash;
}

}  // namespace codec
