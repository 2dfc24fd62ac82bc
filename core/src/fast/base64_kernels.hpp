#pragma once

// What each instruction-set level provides for base64 (a table of kernels),
// and the scalar ends every level shares: the last partial group of a decode
// and of an encode. Private to fast/.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace fpbench::core::fast::kernels {

// Buffer.from(text, 'base64') reads text through the low byte of each code
// unit, skips characters outside both alphabets and stops at the first '='
// (encoding.hpp); out holds at least text_length / 4 * 3 + 2 bytes.
// buf.toString('base64' | 'base64url') writes exactly base64_length(n, url)
// characters.
struct Base64Kernels {
  std::size_t (*decode_one_byte)(const char* text, std::size_t n, char* out);
  std::size_t (*decode_two_byte)(const char16_t* text, std::size_t n,
                                 char* out);
  void (*encode)(const char* in, std::size_t n, char* out, bool url);
};

inline constexpr std::string_view kBase64Std =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
inline constexpr std::string_view kBase64Url =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

inline std::size_t base64_length(std::size_t n, bool url) {
  const std::size_t rest = n % 3;
  return n / 3 * 4 + (rest == 0 ? 0 : url ? rest + 1 : 4);
}

// count sextets (values 0 to 63) to bytes: whole groups of four, then a
// partial group of 2 or 3 gives 1 or 2 bytes and a lone sextet none, as in
// Node. Returns the bytes written.
inline std::size_t bytes_from_sextets(const unsigned char* s, std::size_t count,
                                      char* out) {
  std::size_t o = 0;
  std::size_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const std::uint32_t v = (std::uint32_t{s[k]} << 18) |
                            (std::uint32_t{s[k + 1]} << 12) |
                            (std::uint32_t{s[k + 2]} << 6) | s[k + 3];
    out[o++] = static_cast<char>(v >> 16);
    out[o++] = static_cast<char>(v >> 8);
    out[o++] = static_cast<char>(v);
  }
  if (count - k == 2) {
    out[o++] = static_cast<char>((s[k] << 2) | (s[k + 1] >> 4));
  } else if (count - k == 3) {
    const std::uint32_t v =
        (std::uint32_t{s[k]} << 12) | (std::uint32_t{s[k + 1]} << 6) | s[k + 2];
    out[o++] = static_cast<char>(v >> 10);
    out[o++] = static_cast<char>(v >> 2);
  }
  return o;
}

// n (below 3) last bytes to their characters, padded unless url.
inline void base64_final_group(const char* in, std::size_t n, char* out,
                               bool url) {
  if (n == 0) return;
  const std::string_view alphabet = url ? kBase64Url : kBase64Std;
  const auto* b = reinterpret_cast<const unsigned char*>(in);
  const std::uint32_t v =
      (std::uint32_t{b[0]} << 16) | (n == 2 ? std::uint32_t{b[1]} << 8 : 0u);
  out[0] = alphabet[v >> 18];
  out[1] = alphabet[(v >> 12) & 63];
  if (n == 2) out[2] = alphabet[(v >> 6) & 63];
  if (!url) {
    out[3] = '=';
    if (n == 1) out[2] = '=';
  }
}

}  // namespace fpbench::core::fast::kernels
