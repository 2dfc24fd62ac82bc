#include "codec/codec.hpp"

namespace codec {
namespace {

void put_le(Bytes& out, std::uint64_t value, int size) {
  for (int i = 0; i < size; ++i) {
    out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  }
}

}  // namespace

Bytes encode(const Bytes& input, int level) {
  Bytes filtered(input);
  for (int pass = 0; pass < level; ++pass) {
    for (std::size_t i = filtered.size(); i-- > 1;) {
      filtered[i] = static_cast<std::uint8_t>(filtered[i] - filtered[i - 1]);
    }
  }

  Bytes out;
  out.reserve(kHeaderSize + 2 * input.size());
  out.push_back(static_cast<std::uint8_t>(level));
  put_le(out, input.size(), 4);
  put_le(out, checksum(input.data(), input.size()), 8);
  for (std::size_t start = 0; start < filtered.size();) {
    const std::uint8_t value = filtered[start];
    std::size_t run = 1;
    while (start + run < filtered.size() && run < 255 &&
           filtered[start + run] == value) {
      ++run;
    }
    out.push_back(static_cast<std::uint8_t>(run));
    out.push_back(value);
    start += run;
  }
  return out;
}

}  // namespace codec
