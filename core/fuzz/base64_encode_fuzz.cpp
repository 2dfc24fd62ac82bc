// libFuzzer differential target for bytes to base64 text (readFileSync with
// 'base64' or 'base64url'): fast:: at every level this CPU runs against
// baseline::, on the input bytes.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fpbench/core/transcode.hpp"
#include "fuzz_levels.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  using namespace fpbench::core;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (fuzzing::Isa isa : fuzzing::kLevels) {
    if (!fast::internal::isa_supported(isa)) continue;
    for (Encoding e : {Encoding::kBase64, Encoding::kBase64Url}) {
      const JsString text = fast::internal::decode(bytes, e, isa);
      if (!(text == baseline::decode(bytes, e)) || !text.is_one_byte()) {
        fuzzing::disagree("bytes to text", isa, e, size);
      }
    }
  }
  return 0;
}
