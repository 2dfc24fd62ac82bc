#pragma once

// The encodings of Node's Buffer, and the conversions between JsString and
// bytes in each, as Buffer.from(string, encoding) and buf.toString(encoding)
// perform them:
//
//   utf8      UTF-8; a lone surrogate encodes as U+FFFD (EF BF BD); invalid
//             input decodes to U+FFFD per maximal subpart (WHATWG Encoding).
//   utf16le   two bytes per code unit, little-endian; a trailing odd byte is
//             dropped when decoding.
//   latin1    one byte per code unit (the low byte when encoding).
//   ascii     encodes as latin1; decoding clears the high bit of each byte.
//   base64    decoding text: both alphabets, whitespace and other characters
//   base64url outside the alphabet skipped, stop at the first '='; encoding
//             bytes: padded standard alphabet, or unpadded URL alphabet.
//   hex       decoding text: pairs of hex digits up to the first bad pair;
//             encoding bytes: lowercase.
//
// Text in base64 and hex is read one code unit at a time through its low
// byte, as Node 20 does: U+0141 counts as 'A' (0x41), U+013D as '='.
//
// A decoded string is one-byte when every code point fits in Latin-1, and
// two-byte otherwise, as V8 creates it.

#include <optional>
#include <string_view>
#include <vector>

namespace fpbench::core {

enum class Encoding {
  kUtf8,
  kUtf16le,
  kLatin1,
  kAscii,
  kBase64,
  kBase64Url,
  kHex
};

// Node's names, matched case-insensitively: utf8, utf-8, utf16le, utf-16le,
// ucs2, ucs-2, latin1, binary, ascii, base64, base64url, hex.
std::optional<Encoding> parse_encoding(std::string_view name);

// Those names, in lower case.
std::vector<std::string_view> encoding_names();

// The canonical name: "utf8", "utf16le", "latin1", "ascii", "base64",
// "base64url", "hex".
std::string_view encoding_name(Encoding e);

}  // namespace fpbench::core
