// The reference conversions: one code unit or one byte at a time, no tricks.
// The fast implementation is tested against these.

#include "fpbench/core/transcode.hpp"

#include <cstdint>

#include "text_codecs.hpp"

namespace fpbench::core::baseline {
namespace {

void put_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool is_high_surrogate(char16_t u) { return u >= 0xD800 && u <= 0xDBFF; }
bool is_low_surrogate(char16_t u) { return u >= 0xDC00 && u <= 0xDFFF; }

std::string encode_utf8(const JsString& s) {
  std::string out;
  const std::size_t n = s.length();
  for (std::size_t i = 0; i < n; ++i) {
    const char16_t u = s.at(i);
    if (is_high_surrogate(u) && i + 1 < n && is_low_surrogate(s.at(i + 1))) {
      const char16_t low = s.at(++i);
      put_utf8(out, 0x10000 + ((static_cast<char32_t>(u) - 0xD800) << 10) +
                        (static_cast<char32_t>(low) - 0xDC00));
    } else if (is_high_surrogate(u) || is_low_surrogate(u)) {
      put_utf8(out, 0xFFFD);
    } else {
      put_utf8(out, u);
    }
  }
  return out;
}

// Builds the decoded string one code point at a time, one-byte while every
// code point fits in Latin-1.
class StringBuilder {
 public:
  void push(char32_t cp) {
    if (one_byte_ && cp <= 0xFF) {
      latin1_ += static_cast<char>(cp);
      return;
    }
    if (one_byte_) {
      one_byte_ = false;
      for (char c : latin1_) utf16_ += static_cast<unsigned char>(c);
    }
    if (cp >= 0x10000) {
      utf16_ += static_cast<char16_t>(0xD800 + ((cp - 0x10000) >> 10));
      utf16_ += static_cast<char16_t>(0xDC00 + ((cp - 0x10000) & 0x3FF));
    } else {
      utf16_ += static_cast<char16_t>(cp);
    }
  }
  JsString finish() {
    return one_byte_ ? JsString(std::move(latin1_))
                     : JsString(std::move(utf16_));
  }

 private:
  bool one_byte_ = true;
  std::string latin1_;
  std::u16string utf16_;
};

JsString decode_utf8(std::string_view bytes) {
  StringBuilder out;
  std::size_t i = 0;
  while (i < bytes.size()) {
    const detail::Utf8Step step = detail::decode_utf8_step(bytes, i);
    out.push(step.code_point);
    i += step.length;
  }
  return out.finish();
}

JsString decode_utf16le(std::string_view bytes) {
  StringBuilder out;
  for (std::size_t i = 0; i + 1 < bytes.size(); i += 2) {
    const auto lo = static_cast<unsigned char>(bytes[i]);
    const auto hi = static_cast<unsigned char>(bytes[i + 1]);
    // Code units, not code points: a lone surrogate goes in as it is.
    out.push(static_cast<char16_t>(lo | (hi << 8)));
  }
  return out.finish();
}

}  // namespace

std::string encode(const JsString& s, Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
      return encode_utf8(s);
    case Encoding::kUtf16le: {
      std::string out;
      for (std::size_t i = 0; i < s.length(); ++i) {
        const char16_t u = s.at(i);
        out += static_cast<char>(u & 0xFF);
        out += static_cast<char>(u >> 8);
      }
      return out;
    }
    case Encoding::kLatin1:
    case Encoding::kAscii: {
      std::string out;
      for (std::size_t i = 0; i < s.length(); ++i) {
        out += static_cast<char>(s.at(i) & 0xFF);
      }
      return out;
    }
    case Encoding::kBase64:
    case Encoding::kBase64Url:
      return detail::base64_text_to_bytes(s);
    case Encoding::kHex:
      return detail::hex_text_to_bytes(s);
  }
  return {};
}

JsString decode(std::string_view bytes, Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
      return decode_utf8(bytes);
    case Encoding::kUtf16le:
      return decode_utf16le(bytes);
    case Encoding::kLatin1:
      return JsString(bytes);
    case Encoding::kAscii: {
      std::string out;
      for (char c : bytes) out += static_cast<char>(c & 0x7F);
      return JsString(std::move(out));
    }
    case Encoding::kBase64:
      return JsString(detail::bytes_to_base64(bytes, /*url=*/false));
    case Encoding::kBase64Url:
      return JsString(detail::bytes_to_base64(bytes, /*url=*/true));
    case Encoding::kHex:
      return JsString(detail::bytes_to_hex(bytes));
  }
  return {};
}

}  // namespace fpbench::core::baseline
