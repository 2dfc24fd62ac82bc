#pragma once

// Result<T>: a value or an Error, for library code that must not throw.
// Member names follow std::expected (has_value, value, error) so that a later
// move to C++23 is a rename of the type, not of every call site.
//
// The error type is a parameter so that a module can carry more than base's
// Error (the fs core's FsError, with Node's fields). Errors convert where
// their types do, and so do whole Results: an FsError passed up where an
// Error is expected keeps its kind and message.

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "fpbench/base/check.hpp"
#include "fpbench/base/error.hpp"
#include "fpbench/base/try.hpp"

namespace fpbench {

template <class T, class E = Error>
class [[nodiscard]] Result;

namespace detail {
// Another error type that converts to E.
template <class From, class E>
concept OtherErrorFor = !std::is_same_v<std::remove_cvref_t<From>, E> &&
                        std::is_convertible_v<From, E>;
}  // namespace detail

template <class T, class E>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(E error) : state_(std::in_place_index<1>, std::move(error)) {}
  template <detail::OtherErrorFor<E> E2>
  Result(E2 error) : state_(std::in_place_index<1>, E(std::move(error))) {}
  template <detail::OtherErrorFor<E> E2>
  Result(Result<T, E2> other)
      : state_(other.has_value()
                   ? State(std::in_place_index<0>, std::move(other).value())
                   : State(std::in_place_index<1>, E(other.error()))) {}

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
  const E& error() const {
    FPBENCH_CHECK(!has_value());
    return std::get<1>(state_);
  }

  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  using State = std::variant<T, E>;
  State state_;
};

// Result<void>: success or an error.
template <class E>
class [[nodiscard]] Result<void, E> {
 public:
  Result() = default;
  Result(E error) : error_(std::move(error)), ok_(false) {}
  template <detail::OtherErrorFor<E> E2>
  Result(E2 error) : error_(std::move(error)), ok_(false) {}
  template <detail::OtherErrorFor<E> E2>
  Result(const Result<void, E2>& other)
      : error_(other ? E() : E(other.error())), ok_(other.has_value()) {}

  [[nodiscard]] bool has_value() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const E& error() const {
    FPBENCH_CHECK(!ok_);
    return error_;
  }

 private:
  E error_;
  bool ok_ = true;
};

}  // namespace fpbench
