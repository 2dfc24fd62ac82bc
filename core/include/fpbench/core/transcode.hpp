#pragma once

// Conversions between JsString and bytes (semantics in encoding.hpp), in two
// implementations with identical results:
//
//   baseline  plain loops, one code point at a time; the reference.
//   fast      wide registers: ASCII/Latin-1 checks and copies many bytes at a
//             time, SIMD UTF-8 <-> UTF-16 chosen at run time for the CPU
//             (AVX-512, AVX2, or portable code).

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "fpbench/core/encoding.hpp"
#include "fpbench/core/js_string.hpp"

namespace fpbench::core {

namespace baseline {
// The bytes of s in e, in a freshly allocated buffer (Buffer.from(s, e)).
std::string encode(const JsString& s, Encoding e);
// The string that bytes in e stand for (buf.toString(e)).
JsString decode(std::string_view bytes, Encoding e);
}  // namespace baseline

namespace fast {
std::string encode(const JsString& s, Encoding e);
JsString decode(std::string_view bytes, Encoding e);

// An upper bound of encode(s, e).size(), cheap to compute (no scan of s for
// latin1, ascii, utf16le; a length-only bound for the others).
std::size_t max_encoded_length(const JsString& s, Encoding e);
// Encodes into out, which holds at least max_encoded_length(s, e) bytes;
// returns the number of bytes written.
std::size_t encode_into(const JsString& s, Encoding e, std::span<char> out);

// True when every byte is below 0x80.
bool is_ascii(std::string_view bytes);

// The instruction set the fast paths run at in this process: "avx512",
// "avx2" or "portable" (Valgrind hides AVX-512, so under it "avx2").
std::string_view isa();
}  // namespace fast

}  // namespace fpbench::core
