// Differential tests: fast:: against baseline:: on the same seeded inputs.

#include <gtest/gtest.h>

#include "fpbench/core/transcode.hpp"

namespace fpbench::core {
namespace {

TEST(Transcode, FastMatchesBaselineOnASmallMixedString) {
  const JsString s(std::u16string(u"a\u00e9\u20ac\U0001F600\xD800z"));
  for (Encoding e : {Encoding::kUtf8, Encoding::kUtf16le, Encoding::kLatin1,
                     Encoding::kAscii, Encoding::kBase64, Encoding::kHex}) {
    const std::string bytes = baseline::encode(s, e);
    EXPECT_EQ(fast::encode(s, e), bytes) << encoding_name(e);
    EXPECT_EQ(fast::decode(bytes, e), baseline::decode(bytes, e)) << encoding_name(e);
  }
}

}  // namespace
}  // namespace fpbench::core
