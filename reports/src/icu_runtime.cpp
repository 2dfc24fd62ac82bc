#include "icu_runtime.hpp"

#include <dlfcn.h>
#include <unicode/uvernum.h>

#include <stdexcept>
#include <string>

namespace fpbench::reports::detail {
namespace {

#define FPBENCH_ICU_STR2(x) #x
#define FPBENCH_ICU_STR(x) FPBENCH_ICU_STR2(x)

// ucol_open is a macro for ucol_open_72 (ICU's symbol renaming): the
// stringized expansion is the name in the library.
constexpr const char* kLibrary =
    "libicui18n.so." FPBENCH_ICU_STR(U_ICU_VERSION_MAJOR_NUM);

template <class F>
void bind(void* library, const char* name, F& out) {
  void* symbol = ::dlsym(library, name);
  if (symbol == nullptr) {
    throw std::runtime_error(std::string("cannot find ") + name + " in " +
                             kLibrary);
  }
  out = reinterpret_cast<F>(symbol);
}

IcuFunctions load() {
  void* library = ::dlopen(kLibrary, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = ::dlerror();
    throw std::runtime_error(
        std::string("cannot load ICU (") + kLibrary +
        "), needed to sort and measure names outside ASCII: " +
        (why != nullptr ? why : "unknown error"));
  }
  IcuFunctions f{};
  bind(library, FPBENCH_ICU_STR(ucol_open), f.collator_open);
  bind(library, FPBENCH_ICU_STR(ucol_strcollUTF8), f.strcoll_utf8);
  bind(library, FPBENCH_ICU_STR(u_errorName), f.error_name);
  bind(library, FPBENCH_ICU_STR(u_charAge), f.char_age);
  bind(library, FPBENCH_ICU_STR(u_charType), f.char_type);
  bind(library, FPBENCH_ICU_STR(u_getIntPropertyValue), f.int_property_value);
  bind(library, FPBENCH_ICU_STR(u_isdefined), f.is_defined);
  return f;
}

}  // namespace

const IcuFunctions& icu() {
  static const IcuFunctions functions = load();
  return functions;
}

}  // namespace fpbench::reports::detail
