#pragma once

// Result<T>: a value or an Error, for library code that must not throw.
// Member names follow std::expected (has_value, value, error) so that a later
// move to C++23 is a rename of the type, not of every call site.

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "fpbench/base/check.hpp"
#include "fpbench/base/error.hpp"

namespace fpbench {

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  [[nodiscard]] bool has_value() const { return state_.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    FPBENCH_CHECK(has_value());
    return std::get<0>(state_);
  }
  const T& value() const& {
    FPBENCH_CHECK(has_value());
    return std::get<0>(state_);
  }
  T&& value() && {
    FPBENCH_CHECK(has_value());
    return std::get<0>(std::move(state_));
  }
  const Error& error() const {
    FPBENCH_CHECK(!has_value());
    return std::get<1>(state_);
  }

  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Error> state_;
};

// Result<void>: success or an Error.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)), ok_(false) {}

  [[nodiscard]] bool has_value() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const {
    FPBENCH_CHECK(!ok_);
    return error_;
  }

 private:
  Error error_;
  bool ok_ = true;
};

}  // namespace fpbench
