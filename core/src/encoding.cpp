#include "fpbench/core/encoding.hpp"

#include <array>
#include <utility>

namespace fpbench::core {
namespace {

bool equals_ignoring_ascii_case(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char c = a[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower[i]) return false;
  }
  return true;
}

constexpr std::array<std::pair<std::string_view, Encoding>, 12> kNames = {{
    {"utf8", Encoding::kUtf8},
    {"utf-8", Encoding::kUtf8},
    {"utf16le", Encoding::kUtf16le},
    {"utf-16le", Encoding::kUtf16le},
    {"ucs2", Encoding::kUtf16le},
    {"ucs-2", Encoding::kUtf16le},
    {"latin1", Encoding::kLatin1},
    {"binary", Encoding::kLatin1},
    {"ascii", Encoding::kAscii},
    {"base64", Encoding::kBase64},
    {"base64url", Encoding::kBase64Url},
    {"hex", Encoding::kHex},
}};

}  // namespace

std::optional<Encoding> parse_encoding(std::string_view name) {
  for (const auto& [known, encoding] : kNames) {
    if (equals_ignoring_ascii_case(name, known)) return encoding;
  }
  return std::nullopt;
}

std::vector<std::string_view> encoding_names() {
  std::vector<std::string_view> out;
  for (const auto& [name, encoding] : kNames) out.push_back(name);
  return out;
}

std::string_view encoding_name(Encoding e) {
  switch (e) {
    case Encoding::kUtf8:
      return "utf8";
    case Encoding::kUtf16le:
      return "utf16le";
    case Encoding::kLatin1:
      return "latin1";
    case Encoding::kAscii:
      return "ascii";
    case Encoding::kBase64:
      return "base64";
    case Encoding::kBase64Url:
      return "base64url";
    case Encoding::kHex:
      return "hex";
  }
  return "unknown";
}

}  // namespace fpbench::core
