#pragma once

// Scalar pieces both implementations share: the WHATWG UTF-8 decoding step,
// and base64 and hex in both directions. Private to core.

#include <cstddef>
#include <string>
#include <string_view>

#include "fpbench/core/js_string.hpp"

namespace fpbench::core::detail {

struct Utf8Step {
  char32_t code_point;  // U+FFFD for an invalid sequence
  std::size_t length;   // bytes consumed, at least 1
};

// Decodes the sequence at bytes[i] (i < size). An invalid or truncated
// sequence gives U+FFFD and consumes its maximal subpart (WHATWG Encoding,
// "UTF-8 decoder"): the lead byte and the continuation bytes that were
// still acceptable.
Utf8Step decode_utf8_step(std::string_view bytes, std::size_t i);

// Value of a base64 character of either alphabet, or -1.
int base64_value(unsigned char c);

// Buffer.from(text, 'base64'): characters outside both alphabets skipped,
// stop at the first '='; each code unit read through its low byte.
std::string base64_text_to_bytes(const JsString& text);
// Writes the same bytes to out (at least base64_max_bytes(length) long) and
// returns their count; the text is given as bytes (a one-byte string).
std::size_t base64_text_to_bytes(std::string_view text, char* out);
inline std::size_t base64_max_bytes(std::size_t text_length) {
  return text_length / 4 * 3 + 2;
}

// Buffer.from(text, 'hex'): pairs up to the first pair that is not hex.
std::string hex_text_to_bytes(const JsString& text);

// buf.toString('base64' | 'base64url') and buf.toString('hex').
std::string bytes_to_base64(std::string_view bytes, bool url);
std::string bytes_to_hex(std::string_view bytes);

}  // namespace fpbench::core::detail
