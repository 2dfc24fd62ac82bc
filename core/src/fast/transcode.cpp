// Fast conversions between JsString and bytes. Results are identical to
// baseline:: (see encoding.hpp for the semantics).

#include <cstdint>
#include <cstring>

#include "fpbench/core/transcode.hpp"
#include "text_codecs.hpp"

namespace fpbench::core::fast {
namespace {

std::size_t utf8_from_latin1(std::string_view in, char* out) {
  char* o = out;
  for (char c : in) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      *o++ = c;
    } else {
      *o++ = static_cast<char>(0xC0 | (b >> 6));
      *o++ = static_cast<char>(0x80 | (b & 0x3F));
    }
  }
  return static_cast<std::size_t>(o - out);
}

std::size_t utf8_from_utf16(std::u16string_view in, char* out) {
  char* o = out;
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n; ++i) {
    char32_t cp = in[i];
    if (cp < 0x80) {
      *o++ = static_cast<char>(cp);
      continue;
    }
    if (cp < 0x800) {
      *o++ = static_cast<char>(0xC0 | (cp >> 6));
      *o++ = static_cast<char>(0x80 | (cp & 0x3F));
      continue;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) {
      if (cp <= 0xDBFF && i + 1 < n && in[i + 1] >= 0xDC00 && in[i + 1] <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (in[++i] - 0xDC00u);
        *o++ = static_cast<char>(0xF0 | (cp >> 18));
        *o++ = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        *o++ = static_cast<char>(0x80 | (cp & 0x3F));
        continue;
      }
      cp = 0xFFFD;
    }
    *o++ = static_cast<char>(0xE0 | (cp >> 12));
    *o++ = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *o++ = static_cast<char>(0x80 | (cp & 0x3F));
  }
  return static_cast<std::size_t>(o - out);
}

}  // namespace

bool is_ascii(std::string_view bytes) {
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    if (word & 0x8080808080808080ull) return false;
  }
  for (; i < bytes.size(); ++i) {
    if (static_cast<unsigned char>(bytes[i]) >= 0x80) return false;
  }
  return true;
}

std::size_t max_encoded_length(const JsString& s, Encoding e) {
  const std::size_t n = s.length();
  switch (e) {
    case Encoding::kUtf8:
      return s.is_one_byte() ? 2 * n : 3 * n;
    case Encoding::kUtf16le:
      return 2 * n;
    case Encoding::kLatin1:
    case Encoding::kAscii:
      return n;
    case Encoding::kBase64:
    case Encoding::kBase64Url:
      return detail::base64_max_bytes(n);
    case Encoding::kHex:
      return n / 2;
  }
  return 0;
}

std::size_t encode_into(const JsString& s, Encoding e, std::span<char> out) {
  if (s.is_one_byte()) {
    const std::string_view in = s.one_byte();
    switch (e) {
      case Encoding::kUtf8:
        return utf8_from_latin1(in, out.data());
      case Encoding::kLatin1:
      case Encoding::kAscii:
        if (!in.empty()) std::memcpy(out.data(), in.data(), in.size());
        return in.size();
      case Encoding::kBase64:
      case Encoding::kBase64Url:
        return detail::base64_text_to_bytes(in, out.data());
      default:
        break;
    }
  } else if (e == Encoding::kUtf8) {
    return utf8_from_utf16(s.two_byte(), out.data());
  }
  const std::string bytes = baseline::encode(s, e);
  if (!bytes.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
  return bytes.size();
}

std::string encode(const JsString& s, Encoding e) {
  std::string out(max_encoded_length(s, e), '\0');
  out.resize(encode_into(s, e, out));
  return out;
}

JsString decode(std::string_view bytes, Encoding e) {
  if ((e == Encoding::kUtf8 || e == Encoding::kAscii) && is_ascii(bytes)) {
    return JsString(bytes);
  }
  return baseline::decode(bytes, e);
}

}  // namespace fpbench::core::fast
