// Fast conversions between JsString and bytes. Results are identical to
// baseline:: (see encoding.hpp for the semantics). This file picks the
// kernels for the CPU once and builds the strings; the kernels live in the
// headers beside it, one per instruction-set level.

#include "fpbench/core/transcode.hpp"

#include <bit>
#include <cstring>
#include <vector>

#include "fast/base64_hex.hpp"
#include "fast/base64_kernels.hpp"
#include "fast/dispatch.hpp"
#include "fast/kernels.hpp"
#include "fast/portable.hpp"
#include "uninitialized_string.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FPBENCH_X86_DISPATCH 1
// GCC 12 flags the _mm512_undefined_* placeholders inside its own AVX-512
// intrinsics (GCC bug 105593, fixed in 13).
#if !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "fast/avx2.hpp"
#include "fast/avx2_base64.hpp"
#include "fast/avx512.hpp"
#include "fast/avx512_base64.hpp"
#if !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#else
#define FPBENCH_X86_DISPATCH 0
#endif

namespace fpbench::core::fast {
namespace {

using internal::Isa;
using kernels::Base64Kernels;
using kernels::Kernels;

constexpr bool kLittleEndian = std::endian::native == std::endian::little;

std::vector<Isa> detect_levels() {
  std::vector<Isa> levels{Isa::kPortable};
#if FPBENCH_X86_DISPATCH
  __builtin_cpu_init();
  const bool avx2 =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
      __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  const bool avx512 = avx2 && __builtin_cpu_supports("avx512f") &&
                      __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512vl") &&
                      __builtin_cpu_supports("avx512vbmi") &&
                      __builtin_cpu_supports("avx512vbmi2");
  if (avx2) levels.push_back(Isa::kAvx2);
  if (avx512) levels.push_back(Isa::kAvx512);
#endif
  return levels;
}

const Kernels& kernels_for(Isa isa) {
  if (static_cast<int>(isa) > static_cast<int>(internal::best_isa())) {
    isa = internal::best_isa();
  }
#if FPBENCH_X86_DISPATCH
  if (isa == Isa::kAvx512) return avx512::kKernels;
  if (isa == Isa::kAvx2) return avx2::kKernels;
#endif
  return portable::kKernels;
}

const Base64Kernels& base64_kernels_for(Isa isa) {
  if (static_cast<int>(isa) > static_cast<int>(internal::best_isa())) {
    isa = internal::best_isa();
  }
#if FPBENCH_X86_DISPATCH
  if (isa == Isa::kAvx512) return avx512::kBase64Kernels;
  if (isa == Isa::kAvx2) return avx2::kBase64Kernels;
#endif
  return codecs::kBase64Kernels;
}

// Copies n units into a new std::u16string from little-endian bytes.
std::u16string units_from_le(const char* in, std::size_t n) {
  std::u16string out(n, u'\0');
  if constexpr (kLittleEndian) {
    if (n > 0) std::memcpy(out.data(), in, 2 * n);
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = static_cast<char16_t>(
          static_cast<unsigned char>(in[2 * i]) |
          (static_cast<unsigned char>(in[2 * i + 1]) << 8));
    }
  }
  return out;
}

std::size_t encode_one_byte(std::string_view in, Encoding e, char* out,
                            Isa isa) {
  const Kernels& k = kernels_for(isa);
  const std::size_t n = in.size();
  switch (e) {
    case Encoding::kUtf8:
      return k.utf8_from_latin1(in.data(), n, out);
    case Encoding::kUtf16le:
      k.widen(in.data(), n, out);
      return 2 * n;
    case Encoding::kLatin1:
    case Encoding::kAscii:
      if (n > 0) std::memcpy(out, in.data(), n);
      return n;
    case Encoding::kBase64:
    case Encoding::kBase64Url:
      return base64_kernels_for(isa).decode_one_byte(in.data(), n, out);
    case Encoding::kHex:
      return codecs::hex_text_to_bytes(in.data(), n, out);
  }
  return 0;
}

std::size_t encode_two_byte(std::u16string_view in, Encoding e, char* out,
                            Isa isa) {
  const Kernels& k = kernels_for(isa);
  const std::size_t n = in.size();
  switch (e) {
    case Encoding::kUtf8:
      return k.utf8_from_utf16(in.data(), n, out);
    case Encoding::kUtf16le:
      if constexpr (kLittleEndian) {
        if (n > 0) std::memcpy(out, in.data(), 2 * n);
      } else {
        for (std::size_t i = 0; i < n; ++i) {
          out[2 * i] = static_cast<char>(in[i] & 0xFF);
          out[2 * i + 1] = static_cast<char>(in[i] >> 8);
        }
      }
      return 2 * n;
    case Encoding::kLatin1:
    case Encoding::kAscii:
      k.narrow(in.data(), n, out);
      return n;
    case Encoding::kBase64:
    case Encoding::kBase64Url:
      return base64_kernels_for(isa).decode_two_byte(in.data(), n, out);
    case Encoding::kHex:
      return codecs::hex_text_to_bytes(in.data(), n, out);
  }
  return 0;
}

JsString decode_utf8(std::string_view bytes, const Kernels& k) {
  if (k.is_ascii(bytes.data(), bytes.size())) return JsString(bytes);
  // One byte yields at most one code unit, in either form. The buffers are
  // left uninitialised: the kernels write every unit they report.
  if (k.has_wide_lead(bytes.data(), bytes.size())) {
    UnitBuffer<char16_t> utf16(bytes.size());
    utf16.shrink(k.utf16_from_utf8(bytes, 0, utf16.data(), 0));
    return JsString(std::move(utf16));
  }
  // Latin-1 unless the input turns out invalid (U+FFFD) on the way.
  UnitBuffer<char> latin1(bytes.size());
  const kernels::DecodeProgress done = k.latin1_from_utf8(bytes, latin1.data());
  if (done.in == bytes.size()) {
    latin1.shrink(done.out);
    return JsString(std::move(latin1));
  }
  UnitBuffer<char16_t> utf16(bytes.size());
  if constexpr (kLittleEndian) {
    k.widen(latin1.data(), done.out, reinterpret_cast<char*>(utf16.data()));
  } else {
    for (std::size_t i = 0; i < done.out; ++i) {
      utf16.data()[i] = static_cast<unsigned char>(latin1.data()[i]);
    }
  }
  utf16.shrink(k.utf16_from_utf8(bytes, done.in, utf16.data(), done.out));
  return JsString(std::move(utf16));
}

// buf.toString('base64' | 'base64url'), written once into its string.
JsString decode_base64(std::string_view bytes, bool url, Isa isa) {
  UnitBuffer<char> text(kernels::base64_length(bytes.size(), url));
  base64_kernels_for(isa).encode(bytes.data(), bytes.size(), text.data(), url);
  return JsString(std::move(text));
}

JsString decode_utf16le(std::string_view bytes, const Kernels& k) {
  const std::size_t units = bytes.size() / 2;
  if (k.utf16le_is_latin1(bytes.data(), units)) {
    std::string latin1(units, '\0');
    k.utf16le_to_latin1(bytes.data(), units, latin1.data());
    return JsString(std::move(latin1));
  }
  return JsString(units_from_le(bytes.data(), units));
}

}  // namespace

namespace internal {

std::string_view isa_name(Isa isa) {
  switch (isa) {
    case Isa::kPortable:
      return "portable";
    case Isa::kAvx2:
      return "avx2";
    case Isa::kAvx512:
      return "avx512";
  }
  return "?";
}

const std::vector<Isa>& cpu_levels() {
  static const std::vector<Isa> levels = detect_levels();
  return levels;
}

Isa best_isa() {
  static const Isa best = cpu_levels().back();
  return best;
}

bool isa_supported(Isa isa) {
  return static_cast<int>(isa) <= static_cast<int>(best_isa());
}

bool is_ascii(std::string_view bytes, Isa isa) {
  return kernels_for(isa).is_ascii(bytes.data(), bytes.size());
}

std::size_t encode_into(const JsString& s, Encoding e, std::span<char> out,
                        Isa isa) {
  return s.is_one_byte() ? encode_one_byte(s.one_byte(), e, out.data(), isa)
                         : encode_two_byte(s.two_byte(), e, out.data(), isa);
}

std::string encode(const JsString& s, Encoding e, Isa isa) {
  // ASCII is its own UTF-8: one copy, no over-allocation.
  if (e == Encoding::kUtf8 && s.is_one_byte() && is_ascii(s.one_byte(), isa)) {
    return std::string(s.one_byte());
  }
  // The bound, not zero-filled first: the encoder writes what is kept.
  std::string out;
  detail::resize_uninitialized(out, max_encoded_length(s, e));
  out.resize(encode_into(s, e, out, isa));
  return out;
}

JsString decode(std::string_view bytes, Encoding e, Isa isa) {
  const Kernels& k = kernels_for(isa);
  switch (e) {
    case Encoding::kUtf8:
      return decode_utf8(bytes, k);
    case Encoding::kUtf16le:
      return decode_utf16le(bytes, k);
    case Encoding::kLatin1:
      return JsString(bytes);
    case Encoding::kAscii: {
      std::string out(bytes.size(), '\0');
      k.clear_high_bits(bytes.data(), bytes.size(), out.data());
      return JsString(std::move(out));
    }
    case Encoding::kBase64:
      return decode_base64(bytes, /*url=*/false, isa);
    case Encoding::kBase64Url:
      return decode_base64(bytes, /*url=*/true, isa);
    case Encoding::kHex:
      return JsString(codecs::bytes_to_hex(bytes));
  }
  return {};
}

}  // namespace internal

bool is_ascii(std::string_view bytes) {
  return internal::is_ascii(bytes, internal::best_isa());
}

std::string_view isa() { return internal::isa_name(internal::best_isa()); }

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
  return internal::encode_into(s, e, out, internal::best_isa());
}

std::string encode(const JsString& s, Encoding e) {
  return internal::encode(s, e, internal::best_isa());
}

JsString decode(std::string_view bytes, Encoding e) {
  return internal::decode(bytes, e, internal::best_isa());
}

}  // namespace fpbench::core::fast
