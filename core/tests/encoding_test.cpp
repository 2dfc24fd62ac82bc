// Node's Buffer semantics, pinned with values Node 20 itself printed
// (Buffer.from(s, e).toString('hex') and buf.toString(e)), for both
// implementations.

#include "fpbench/core/encoding.hpp"

#include <gtest/gtest.h>

#include "fpbench/core/transcode.hpp"
#include "text_codecs.hpp"

namespace fpbench::core {
namespace {

TEST(ParseEncoding, NodeNamesAnyCase) {
  EXPECT_EQ(parse_encoding("utf8"), Encoding::kUtf8);
  EXPECT_EQ(parse_encoding("UTF-8"), Encoding::kUtf8);
  EXPECT_EQ(parse_encoding("UTF8"), Encoding::kUtf8);  // nodejs/node#49888
  EXPECT_EQ(parse_encoding("Ucs-2"), Encoding::kUtf16le);
  EXPECT_EQ(parse_encoding("binary"), Encoding::kLatin1);
  EXPECT_EQ(parse_encoding("BASE64URL"), Encoding::kBase64Url);
  EXPECT_EQ(parse_encoding("utf16"), std::nullopt);
  EXPECT_EQ(parse_encoding(""), std::nullopt);
  EXPECT_EQ(encoding_name(Encoding::kUtf16le), "utf16le");
}

std::string unhex(std::string_view hex) {
  return detail::hex_text_to_bytes(JsString(hex));
}

struct EncodeCase {
  std::u16string text;
  Encoding encoding;
  std::string_view hex;
};

class BothImplementations : public ::testing::TestWithParam<bool> {
 protected:
  std::string encode(const JsString& s, Encoding e) const {
    return GetParam() ? fast::encode(s, e) : baseline::encode(s, e);
  }
  JsString decode(std::string_view b, Encoding e) const {
    return GetParam() ? fast::decode(b, e) : baseline::decode(b, e);
  }
};

TEST_P(BothImplementations, EncodeLikeNode) {
  const EncodeCase cases[] = {
      {u"ab$cd", Encoding::kBase64, "69b71d"},
      {u"YQ==YWJj", Encoding::kBase64, "61"},
      {u"Y", Encoding::kBase64, ""},
      {u"YW", Encoding::kBase64, "61"},
      {u"YWJ", Encoding::kBase64, "6162"},
      {u"-_-_", Encoding::kBase64, "fbffbf"},
      {u" Y W J j ", Encoding::kBase64, "616263"},
      {u"\u0141\u0141\u0141\u0141", Encoding::kBase64, "000000"},
      {u"QUF\u013dQUFB", Encoding::kBase64, "4141"},
      {u"QUFB\u0100QUFB", Encoding::kBase64, "414141414141"},
      {u"abz1", Encoding::kHex, "ab"},
      {u"abc", Encoding::kHex, "ab"},
      {u"zz11", Encoding::kHex, ""},
      {u"\u0161\u0162", Encoding::kHex, "ab"},
      {u"a\u0100b", Encoding::kHex, ""},
      {u"\u00e9\u20ac", Encoding::kAscii, "e9ac"},
      {u"\u00e9\u20ac", Encoding::kLatin1, "e9ac"},
      {u"\xD800x", Encoding::kUtf8, "efbfbd78"},
      {u"\xDC00\xD800", Encoding::kUtf8, "efbfbdefbfbd"},
      {u"\U0001F600", Encoding::kUtf8, "f09f9880"},
      {u"\u00e9", Encoding::kUtf16le, "e900"},
  };
  for (const EncodeCase& c : cases) {
    EXPECT_EQ(encode(JsString(c.text), c.encoding), unhex(c.hex))
        << encoding_name(c.encoding) << " case " << c.hex;
  }
  // One-byte strings: Latin-1 code units become two UTF-8 bytes.
  EXPECT_EQ(encode(JsString(std::string_view("\xe9"
                                             "a")),
                   Encoding::kUtf8),
            unhex("c3a961"));
}

TEST_P(BothImplementations, DecodeLikeNode) {
  EXPECT_EQ(decode(unhex("e941"), Encoding::kAscii),
            JsString(std::string_view("iA")));
  EXPECT_EQ(decode(unhex("fffe41"), Encoding::kBase64Url),
            JsString(std::string_view("__5B")));
  EXPECT_EQ(decode(unhex("fffe"), Encoding::kBase64),
            JsString(std::string_view("//4=")));
  EXPECT_EQ(decode(unhex("abcdef"), Encoding::kHex),
            JsString(std::string_view("abcdef")));
  EXPECT_EQ(decode(unhex("410042"), Encoding::kUtf16le),
            JsString(std::string_view("A")));
  // WHATWG maximal subparts: F0 90 80 | A | E0 | 80 | C0 | ED | A0 | 80.
  const JsString replaced = decode(unhex("f09080"
                                         "41"
                                         "e080"
                                         "c0"
                                         "eda080"),
                                   Encoding::kUtf8);
  EXPECT_EQ(replaced, JsString(std::u16string_view(
                          u"\uFFFD"
                          u"A"
                          u"\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD")));
  EXPECT_FALSE(replaced.is_one_byte());
}

TEST_P(BothImplementations, DecodedStringsAreOneByteWhenLatin1Fits) {
  const JsString latin = decode(unhex("c3a9"
                                      "41"),
                                Encoding::kUtf8);  // "éA"
  EXPECT_TRUE(latin.is_one_byte());
  EXPECT_EQ(latin, JsString(std::string_view("\xe9"
                                             "A")));
  const JsString euro = decode(unhex("e282ac"), Encoding::kUtf8);
  EXPECT_FALSE(euro.is_one_byte());
  EXPECT_EQ(euro, JsString(std::u16string_view(u"\u20ac")));
  EXPECT_TRUE(decode(unhex("4100e900"), Encoding::kUtf16le).is_one_byte());
  EXPECT_FALSE(decode(unhex("ac20"), Encoding::kUtf16le).is_one_byte());
}

INSTANTIATE_TEST_SUITE_P(Core, BothImplementations,
                         ::testing::Values(false, true),
                         [](const auto& param_info) {
                           return param_info.param ? "fast" : "baseline";
                         });

TEST(JsString, EqualityIsByContent) {
  EXPECT_EQ(JsString(std::string_view("ab")),
            JsString(std::u16string_view(u"ab")));
  EXPECT_NE(JsString(std::string_view("ab")),
            JsString(std::u16string_view(u"a\u0162")));
  EXPECT_NE(JsString(std::string_view("ab")),
            JsString(std::string_view("abc")));
}

}  // namespace
}  // namespace fpbench::core
