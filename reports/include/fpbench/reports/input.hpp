#pragma once

// Reads a whole input, a file or standard input ("-"), into memory.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "fpbench/base/result.hpp"

namespace fpbench::reports {

// The name that messages use for an input path: "<stdin>" for "-".
std::string input_display_name(std::string_view path);

// The most one input may hold: 1 GiB, some 15 million samples. Beyond it
// (an endless stream such as /dev/zero, a wrong file) reading stops with a
// bad-input error instead of exhausting memory.
inline constexpr std::size_t kMaxInputBytes = std::size_t{1} << 30;

Result<std::string> read_input(const std::string& path,
                               std::size_t max_bytes = kMaxInputBytes);

// The same bytes without a copy where it can: a regular file is mapped
// (read-only, pages loaded up front), anything else is read as above. A
// mapped file must not be truncated while its view is in use.
class InputText {
 public:
  InputText() = default;
  explicit InputText(std::string text) : text_(std::move(text)), view_(text_) {}
  InputText(const void* mapped, std::size_t size);
  InputText(InputText&& other) noexcept;
  InputText& operator=(InputText&& other) noexcept;
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;
  ~InputText();

  [[nodiscard]] std::string_view view() const { return view_; }

 private:
  std::string text_;
  std::string_view view_;
  const void* mapped_ = nullptr;
};

Result<InputText> open_input(const std::string& path,
                             std::size_t max_bytes = kMaxInputBytes);

}  // namespace fpbench::reports
