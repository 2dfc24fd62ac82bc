// libFuzzer differential target for UTF-16 to UTF-8 (a two-byte string
// written as utf8): fast:: at every level this CPU runs against baseline::.
// The input is read as little-endian code units, lone surrogates and all;
// the high bytes of odd-numbered inputs are mostly cleared, so that runs of
// ASCII and of 2-byte characters, which take their own paths, occur too.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/core/transcode.hpp"
#include "fuzz_levels.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  using namespace fpbench::core;
  std::u16string units(size / 2, u'\0');
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i] = static_cast<char16_t>(data[2 * i] | (data[2 * i + 1] << 8));
    if (size % 2 == 1 && (data[2 * i + 1] & 0xF0) != 0xD0) {
      units[i] = static_cast<char16_t>(units[i] & 0x07FF);
    }
  }
  const JsString text(std::move(units));
  const std::string expected = baseline::encode(text, Encoding::kUtf8);
  for (fuzzing::Isa isa : fuzzing::kLevels) {
    if (!fast::internal::isa_supported(isa)) continue;
    // Exactly the promised bound, so that AddressSanitizer sees an overrun.
    std::vector<char> out(fast::max_encoded_length(text, Encoding::kUtf8));
    const std::size_t written =
        fast::internal::encode_into(text, Encoding::kUtf8, out, isa);
    if (written > out.size() ||
        std::string_view(out.data(), written) != expected) {
      fuzzing::disagree("UTF-16 to UTF-8", isa, Encoding::kUtf8, text.length());
    }
  }
  return 0;
}
