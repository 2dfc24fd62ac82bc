// C++23 names this std::string::resize_and_overwrite. Under C++20 the
// length setter libstdc++ itself uses after reserve() is reached through an
// explicit instantiation, the one place where the standard exempts a name
// from access checking ([temp.spec.general]/6). With another library the
// new characters are zero-filled, which costs time and nothing else.

#include "uninitialized_string.hpp"

namespace fpbench::core::detail {
namespace {

#if defined(__cpp_lib_string_resize_and_overwrite)

void set_length(std::string& s, std::size_t n) {
  s.resize_and_overwrite(n, [](char*, std::size_t count) { return count; });
}

#elif defined(__GLIBCXX__) && _GLIBCXX_USE_CXX11_ABI

// Writes the terminating NUL at n and sets the length; needs n <= capacity().
void set_length(std::string& s, std::size_t n);

template <void (std::string::*kSetter)(std::size_t)>
struct LengthSetter {
  friend void set_length(std::string& s, std::size_t n) { (s.*kSetter)(n); }
};
template struct LengthSetter<&std::string::_M_set_length>;

#else

void set_length(std::string& s, std::size_t n) { s.resize(n); }

#endif

}  // namespace

void resize_uninitialized(std::string& s, std::size_t n) {
  if (n <= s.size()) {
    s.resize(n);
    return;
  }
  s.reserve(n);
  set_length(s, n);
}

}  // namespace fpbench::core::detail
