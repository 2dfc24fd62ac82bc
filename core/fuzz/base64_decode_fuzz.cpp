// libFuzzer differential target for base64 text to bytes (writeFileSync
// with 'base64'): fast:: at every level this CPU runs against baseline::.
// The input is the text twice over: as a one-byte string, and as a two-byte
// string of little-endian pairs, whose high bytes must not matter.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/transcode.hpp"
#include "fuzz_levels.hpp"

namespace {

using namespace fpbench::core;
using fuzzing::disagree;

void check(const JsString& text, fuzzing::Isa isa) {
  for (Encoding e : {Encoding::kBase64, Encoding::kBase64Url}) {
    const std::string expected = baseline::encode(text, e);
    // Exactly the promised bound, so that AddressSanitizer sees an overrun.
    std::vector<char> out(fast::max_encoded_length(text, e));
    const std::size_t written = fast::internal::encode_into(text, e, out, isa);
    if (written > out.size() ||
        std::string_view(out.data(), written) != expected) {
      disagree("text to bytes", isa, e, text.length());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const JsString one_byte(
      std::string_view(reinterpret_cast<const char*>(data), size));
  std::u16string units(size / 2, u'\0');
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i] = static_cast<char16_t>(data[2 * i] | (data[2 * i + 1] << 8));
  }
  const JsString two_byte(std::move(units));
  for (fuzzing::Isa isa : fuzzing::kLevels) {
    if (!fast::internal::isa_supported(isa)) continue;
    check(one_byte, isa);
    check(two_byte, isa);
  }
  return 0;
}
