#pragma once

// JsString: a JavaScript string the way V8 stores it, either one-byte
// (Latin-1 code units, V8's "one-byte string") or two-byte (UTF-16 code
// units, possibly with lone surrogates). Equality is by content, whatever
// the representation, as in JavaScript.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace fpbench::core {

class JsString {
 public:
  JsString() = default;
  // One-byte string whose code units are the bytes of latin1.
  explicit JsString(std::string_view latin1) : data_(std::string(latin1)) {}
  // Two-byte string with these UTF-16 code units.
  explicit JsString(std::u16string_view utf16) : data_(std::u16string(utf16)) {}
  explicit JsString(std::string&& latin1) : data_(std::move(latin1)) {}
  explicit JsString(std::u16string&& utf16) : data_(std::move(utf16)) {}

  [[nodiscard]] bool is_one_byte() const { return data_.index() == 0; }
  [[nodiscard]] std::size_t length() const {
    return is_one_byte() ? one_byte().size() : two_byte().size();
  }
  [[nodiscard]] bool empty() const { return length() == 0; }
  // Code units; one_byte() needs is_one_byte(), two_byte() the opposite.
  [[nodiscard]] std::string_view one_byte() const { return std::get<0>(data_); }
  [[nodiscard]] std::u16string_view two_byte() const {
    return std::get<1>(data_);
  }
  // The code unit at i, whatever the representation.
  [[nodiscard]] char16_t at(std::size_t i) const {
    return is_one_byte() ? static_cast<unsigned char>(one_byte()[i])
                         : two_byte()[i];
  }

  friend bool operator==(const JsString& a, const JsString& b);

 private:
  std::variant<std::string, std::u16string> data_;
};

// A UTF-16 rendering for messages and test output: one-byte strings widened.
std::u16string to_utf16(const JsString& s);

}  // namespace fpbench::core
