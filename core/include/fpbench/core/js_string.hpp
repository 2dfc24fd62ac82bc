#pragma once

// JsString: a JavaScript string the way V8 stores it, either one-byte
// (Latin-1 code units, V8's "one-byte string") or two-byte (UTF-16 code
// units, possibly with lone surrogates). Equality is by content, whatever
// the representation, as in JavaScript.

#include <algorithm>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace fpbench::core {

// Code units that are not initialised when allocated: a decoder that writes
// every unit then pays for one pass over the memory, not two (std::string's
// resize zero-fills, and C++20 has no resize_and_overwrite).
template <typename Unit>
class UnitBuffer {
 public:
  UnitBuffer() = default;
  explicit UnitBuffer(std::size_t size) : data_(new Unit[size]), size_(size) {}
  UnitBuffer(const UnitBuffer& other) : UnitBuffer(other.size_) {
    std::copy_n(other.data_.get(), size_, data_.get());
  }
  UnitBuffer& operator=(const UnitBuffer& other) {
    if (this != &other) *this = UnitBuffer(other);
    return *this;
  }
  UnitBuffer(UnitBuffer&&) noexcept = default;
  UnitBuffer& operator=(UnitBuffer&&) noexcept = default;
  ~UnitBuffer() = default;

  [[nodiscard]] Unit* data() { return data_.get(); }
  [[nodiscard]] const Unit* data() const { return data_.get(); }
  [[nodiscard]] std::size_t size() const { return size_; }
  // Keeps the first size units; the memory stays allocated, as with
  // std::string::resize to a smaller size.
  void shrink(std::size_t size) { size_ = std::min(size, size_); }

 private:
  std::unique_ptr<Unit[]> data_;
  std::size_t size_ = 0;
};

class JsString {
 public:
  JsString() = default;
  // One-byte string whose code units are the bytes of latin1.
  explicit JsString(std::string_view latin1) : data_(std::string(latin1)) {}
  // Two-byte string with these UTF-16 code units.
  explicit JsString(std::u16string_view utf16) : data_(std::u16string(utf16)) {}
  explicit JsString(std::string&& latin1) : data_(std::move(latin1)) {}
  explicit JsString(std::u16string&& utf16) : data_(std::move(utf16)) {}
  explicit JsString(UnitBuffer<char>&& latin1) : data_(std::move(latin1)) {}
  explicit JsString(UnitBuffer<char16_t>&& utf16) : data_(std::move(utf16)) {}

  [[nodiscard]] bool is_one_byte() const { return data_.index() % 2 == 0; }
  [[nodiscard]] std::size_t length() const {
    return is_one_byte() ? one_byte().size() : two_byte().size();
  }
  [[nodiscard]] bool empty() const { return length() == 0; }
  // Code units; one_byte() needs is_one_byte(), two_byte() the opposite.
  [[nodiscard]] std::string_view one_byte() const {
    if (const auto* s = std::get_if<std::string>(&data_)) return *s;
    const auto& b = std::get<UnitBuffer<char>>(data_);
    return {b.data(), b.size()};
  }
  [[nodiscard]] std::u16string_view two_byte() const {
    if (const auto* s = std::get_if<std::u16string>(&data_)) return *s;
    const auto& b = std::get<UnitBuffer<char16_t>>(data_);
    return {b.data(), b.size()};
  }
  // The code unit at i, whatever the representation.
  [[nodiscard]] char16_t at(std::size_t i) const {
    return is_one_byte() ? static_cast<unsigned char>(one_byte()[i])
                         : two_byte()[i];
  }

  friend bool operator==(const JsString& a, const JsString& b);

 private:
  // Even indexes one-byte, odd two-byte.
  std::variant<std::string, std::u16string, UnitBuffer<char>,
               UnitBuffer<char16_t>>
      data_;
};

// A UTF-16 rendering for messages and test output: one-byte strings widened.
std::u16string to_utf16(const JsString& s);

}  // namespace fpbench::core
