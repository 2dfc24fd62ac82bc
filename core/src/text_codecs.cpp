#include "text_codecs.hpp"

#include <array>

namespace fpbench::core::detail {
namespace {

constexpr std::array<signed char, 256> make_base64_table() {
  std::array<signed char, 256> t{};
  for (auto& v : t) v = -1;
  constexpr std::string_view kStd =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (std::size_t i = 0; i < kStd.size(); ++i) {
    t[static_cast<unsigned char>(kStd[i])] = static_cast<signed char>(i);
  }
  t['-'] = 62;
  t['_'] = 63;
  return t;
}
constexpr std::array<signed char, 256> kBase64Table = make_base64_table();

int hex_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Feeds base64 characters, given as low bytes, into 24-bit groups.
class Base64Decoder {
 public:
  explicit Base64Decoder(char* out) : out_(out) {}
  // Returns false at '=', where decoding stops.
  bool feed(unsigned char c) {
    if (c == '=') return false;
    const int v = kBase64Table[c];
    if (v < 0) return true;
    group_ = (group_ << 6) | static_cast<unsigned>(v);
    if (++count_ == 4) {
      out_[written_++] = static_cast<char>(group_ >> 16);
      out_[written_++] = static_cast<char>(group_ >> 8);
      out_[written_++] = static_cast<char>(group_);
      group_ = 0;
      count_ = 0;
    }
    return true;
  }
  std::size_t finish() {
    if (count_ == 2) {
      out_[written_++] = static_cast<char>(group_ >> 4);
    } else if (count_ == 3) {
      out_[written_++] = static_cast<char>(group_ >> 10);
      out_[written_++] = static_cast<char>(group_ >> 2);
    }
    return written_;
  }

 private:
  char* out_;
  std::size_t written_ = 0;
  unsigned group_ = 0;
  int count_ = 0;
};

}  // namespace

Utf8Step decode_utf8_step(std::string_view bytes, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(bytes[i]);
  if (b0 < 0x80) return {b0, 1};
  std::size_t need = 0;
  unsigned char lower = 0x80;
  unsigned char upper = 0xBF;
  char32_t cp = 0;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    need = 1;
    cp = b0 & 0x1Fu;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    need = 2;
    cp = b0 & 0x0Fu;
    if (b0 == 0xE0) lower = 0xA0;
    if (b0 == 0xED) upper = 0x9F;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    need = 3;
    cp = b0 & 0x07u;
    if (b0 == 0xF0) lower = 0x90;
    if (b0 == 0xF4) upper = 0x8F;
  } else {
    return {0xFFFD, 1};
  }
  std::size_t length = 1;
  for (std::size_t k = 0; k < need; ++k) {
    if (i + length >= bytes.size()) return {0xFFFD, length};
    const auto b = static_cast<unsigned char>(bytes[i + length]);
    if (b < lower || b > upper) return {0xFFFD, length};
    lower = 0x80;
    upper = 0xBF;
    cp = (cp << 6) | (b & 0x3Fu);
    ++length;
  }
  return {cp, length};
}

int base64_value(unsigned char c) { return kBase64Table[c]; }

std::string base64_text_to_bytes(const JsString& text) {
  std::string out(base64_max_bytes(text.length()), '\0');
  Base64Decoder decoder(out.data());
  for (std::size_t i = 0; i < text.length(); ++i) {
    if (!decoder.feed(static_cast<unsigned char>(text.at(i) & 0xFF))) break;
  }
  out.resize(decoder.finish());
  return out;
}

std::size_t base64_text_to_bytes(std::string_view text, char* out) {
  Base64Decoder decoder(out);
  for (char c : text) {
    if (!decoder.feed(static_cast<unsigned char>(c))) break;
  }
  return decoder.finish();
}

std::string hex_text_to_bytes(const JsString& text) {
  std::string out;
  for (std::size_t i = 0; i + 1 < text.length(); i += 2) {
    const int hi = hex_value(static_cast<unsigned char>(text.at(i) & 0xFF));
    const int lo = hex_value(static_cast<unsigned char>(text.at(i + 1) & 0xFF));
    if (hi < 0 || lo < 0) break;
    out += static_cast<char>((hi << 4) | lo);
  }
  return out;
}

std::string bytes_to_base64(std::string_view bytes, bool url) {
  const char* alphabet =
      url ? "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
          : "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  auto byte = [&](std::size_t k) {
    return static_cast<unsigned>(static_cast<unsigned char>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned g = (byte(i) << 16) | (byte(i + 1) << 8) | byte(i + 2);
    out += alphabet[g >> 18];
    out += alphabet[(g >> 12) & 63];
    out += alphabet[(g >> 6) & 63];
    out += alphabet[g & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    const unsigned g = (byte(i) << 16) | (rest == 2 ? byte(i + 1) << 8 : 0u);
    out += alphabet[g >> 18];
    out += alphabet[(g >> 12) & 63];
    if (rest == 2) out += alphabet[(g >> 6) & 63];
    if (!url) out.append(rest == 1 ? "==" : "=");
  }
  return out;
}

std::string bytes_to_hex(std::string_view bytes) {
  constexpr std::string_view kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

}  // namespace fpbench::core::detail
