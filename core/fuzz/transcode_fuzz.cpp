// libFuzzer differential target: fast:: at every instruction-set level this
// CPU runs, against baseline::. The input is read three ways: as bytes to
// decode in every encoding, as a one-byte string, and as a two-byte string
// (little-endian pairs) to encode in every encoding. Any disagreement aborts.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fast/dispatch.hpp"
#include "fpbench/core/transcode.hpp"

namespace {

using fpbench::core::Encoding;
using fpbench::core::JsString;
using fpbench::core::fast::internal::Isa;
namespace baseline = fpbench::core::baseline;
namespace internal = fpbench::core::fast::internal;

constexpr Encoding kEncodings[] = {Encoding::kUtf8,   Encoding::kUtf16le,
                                   Encoding::kLatin1, Encoding::kAscii,
                                   Encoding::kBase64, Encoding::kBase64Url,
                                   Encoding::kHex};

[[noreturn]] void disagree(const char* what, Isa isa, Encoding e,
                           std::size_t size) {
  std::fprintf(stderr,
               "fast and baseline disagree: %s impl=%s encoding=%s size=%zu\n",
               what, std::string(internal::isa_name(isa)).c_str(),
               std::string(fpbench::core::encoding_name(e)).c_str(), size);
  std::abort();
}

void check_decode(std::string_view bytes, Isa isa) {
  bool ascii = true;
  for (char c : bytes) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (internal::is_ascii(bytes, isa) != ascii) {
    disagree("is_ascii", isa, Encoding::kUtf8, bytes.size());
  }
  for (Encoding e : kEncodings) {
    const JsString expected = baseline::decode(bytes, e);
    const JsString actual = internal::decode(bytes, e, isa);
    if (!(expected == actual) ||
        expected.is_one_byte() != actual.is_one_byte()) {
      disagree("decode", isa, e, bytes.size());
    }
  }
}

void check_encode(const JsString& s, Isa isa) {
  for (Encoding e : kEncodings) {
    const std::string expected = baseline::encode(s, e);
    if (internal::encode(s, e, isa) != expected)
      disagree("encode", isa, e, s.length());
    // Exactly the promised bound, so that AddressSanitizer sees any overrun.
    std::vector<char> out(fpbench::core::fast::max_encoded_length(s, e));
    const std::size_t written = internal::encode_into(s, e, out, isa);
    if (written > out.size() ||
        std::string_view(out.data(), written) != expected) {
      disagree("encode_into", isa, e, s.length());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::u16string units(size / 2, u'\0');
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i] = static_cast<char16_t>(data[2 * i] | (data[2 * i + 1] << 8));
  }
  const JsString one_byte(bytes);
  const JsString two_byte(units);
  for (Isa isa : {Isa::kPortable, Isa::kAvx2, Isa::kAvx512}) {
    if (!internal::isa_supported(isa)) continue;
    check_decode(bytes, isa);
    check_encode(one_byte, isa);
    check_encode(two_byte, isa);
  }
  return 0;
}
