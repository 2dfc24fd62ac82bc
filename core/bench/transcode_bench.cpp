// Throughput of baseline:: against fast:: on 1 MiB inputs (Google Benchmark;
// bytes/s counts the input's storage: 1 byte per one-byte unit, 2 per
// two-byte unit, 1 per UTF-8 byte). Built as the fpbench_transcode_bench
// target: build/core/fpbench_transcode_bench [--benchmark_filter=...].

#include <benchmark/benchmark.h>

#include <string>

#include "fpbench/core/transcode.hpp"

namespace fpbench::core {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

// Repeats a pattern up to exactly n code units.
template <typename S>
S repeat(const S& pattern, std::size_t n) {
  S out;
  while (out.size() < n) out += pattern;
  out.resize(n);
  return out;
}

const JsString& ascii_string() {
  static const JsString s(repeat(
      std::string("The quick brown fox jumps over the lazy dog. "), kMiB));
  return s;
}
// German and French prose: mostly ASCII, an accented letter every few words.
const JsString& latin1_string() {
  static const JsString s(repeat(std::string("Gr\xFC\xDF"
                                             "e aus K\xF6ln, \xE0 bient\xF4t! "
                                             "Stra\xDF"
                                             "e, na\xEF"
                                             "ve caf\xE9, \xDC"
                                             "ber "),
                                 kMiB));
  return s;
}
// 'ü', '€', CJK and ASCII: 512 Ki units, 1 MiB of storage.
const JsString& mixed_string() {
  static const JsString s(
      repeat(std::u16string(u"M\u00fcnchen kostet 5\u20ac, "
                            u"\u6771\u4eac\u306f\u9ad8\u3044\u3002 "
                            u"gr\u00fc\u00dfe "),
             kMiB / 2));
  return s;
}
const std::string& mixed_utf8() {
  static const std::string s = [] {
    std::string bytes = baseline::encode(mixed_string(), Encoding::kUtf8) +
                        baseline::encode(mixed_string(), Encoding::kUtf8);
    std::size_t end = kMiB;
    while ((static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) --end;
    bytes.resize(end);
    return bytes;
  }();
  return s;
}
const std::string& ascii_bytes() {
  static const std::string s(ascii_string().one_byte());
  return s;
}

// 'Hello €😀 ' and friends: astral pairs among the rest.
const JsString& emoji_string() {
  static const JsString s(
      repeat(std::u16string(u"Hello \U0001F600 w\u00f6rld \u20ac "
                            u"\U0001F44D\U0001F3FD ok. "),
             kMiB / 2));
  return s;
}
const std::string& emoji_utf8() {
  static const std::string s =
      baseline::encode(emoji_string(), Encoding::kUtf8);
  return s;
}
const std::string& latin1_utf8() {
  static const std::string s =
      baseline::encode(latin1_string(), Encoding::kUtf8);
  return s;
}
const std::string& mixed_utf16le() {
  static const std::string s =
      baseline::encode(mixed_string(), Encoding::kUtf16le);
  return s;
}
// Base64 text with a line break every 76 characters, as MIME writes it.
const JsString& base64_text() {
  static const JsString s = [] {
    const std::string b64(
        baseline::decode(ascii_bytes(), Encoding::kBase64).one_byte());
    std::string text;
    for (std::size_t i = 0; i < b64.size(); i += 76)
      text += b64.substr(i, 76) + "\n";
    return JsString(std::move(text));
  }();
  return s;
}

// 16 Ki units of mixed_string(): input and output stay in the L2 cache, so
// the kernel rather than memory sets the pace.
const JsString& mixed_string_small() {
  static const JsString s(mixed_string().two_byte().substr(0, 16384));
  return s;
}

// Base64 text of the ASCII bytes, no line breaks, in both representations.
const JsString& base64_plain() {
  static const JsString s(std::string(
      baseline::decode(ascii_bytes(), Encoding::kBase64).one_byte()));
  return s;
}
const JsString& base64_plain_two_byte() {
  static const JsString s(to_utf16(base64_plain()));
  return s;
}

std::size_t storage(const JsString& s) {
  return s.is_one_byte() ? s.length() : 2 * s.length();
}

using EncodeFn = std::string (*)(const JsString&, Encoding);
using DecodeFn = JsString (*)(std::string_view, Encoding);

void encode_utf8(benchmark::State& state, EncodeFn encode,
                 const JsString& (*input)()) {
  const JsString& s = input();
  for (auto _ : state) benchmark::DoNotOptimize(encode(s, Encoding::kUtf8));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * storage(s)));
}

void encode_as(benchmark::State& state, EncodeFn encode,
               const JsString& (*input)(), Encoding e) {
  const JsString& s = input();
  for (auto _ : state) benchmark::DoNotOptimize(encode(s, e));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * storage(s)));
}

// The conversion alone, into a buffer kept between calls as writeFileSync
// keeps its own.
void encode_into(benchmark::State& state, const JsString& (*input)(),
                 Encoding e) {
  const JsString& s = input();
  std::string out(fast::max_encoded_length(s, e), '\0');
  for (auto _ : state) benchmark::DoNotOptimize(fast::encode_into(s, e, out));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * storage(s)));
}

void decode(benchmark::State& state, DecodeFn decode_fn,
            const std::string& (*input)(), Encoding e) {
  const std::string& bytes = input();
  for (auto _ : state) benchmark::DoNotOptimize(decode_fn(bytes, e));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * bytes.size()));
}

BENCHMARK_CAPTURE(encode_utf8, ascii_baseline, baseline::encode, ascii_string);
BENCHMARK_CAPTURE(encode_utf8, ascii_fast, fast::encode, ascii_string);
BENCHMARK_CAPTURE(encode_utf8, latin1_baseline, baseline::encode,
                  latin1_string);
BENCHMARK_CAPTURE(encode_utf8, latin1_fast, fast::encode, latin1_string);
BENCHMARK_CAPTURE(encode_utf8, two_byte_baseline, baseline::encode,
                  mixed_string);
BENCHMARK_CAPTURE(encode_utf8, two_byte_fast, fast::encode, mixed_string);
BENCHMARK_CAPTURE(decode, utf8_ascii_baseline, baseline::decode, ascii_bytes,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_ascii_fast, fast::decode, ascii_bytes,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_mixed_baseline, baseline::decode, mixed_utf8,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_mixed_fast, fast::decode, mixed_utf8,
                  Encoding::kUtf8);

// Beyond the headline cases.
BENCHMARK_CAPTURE(encode_utf8, emoji_baseline, baseline::encode, emoji_string);
BENCHMARK_CAPTURE(encode_utf8, emoji_fast, fast::encode, emoji_string);
BENCHMARK_CAPTURE(decode, utf8_emoji_baseline, baseline::decode, emoji_utf8,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_emoji_fast, fast::decode, emoji_utf8,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_latin1_baseline, baseline::decode, latin1_utf8,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf8_latin1_fast, fast::decode, latin1_utf8,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(decode, utf16le_baseline, baseline::decode, mixed_utf16le,
                  Encoding::kUtf16le);
BENCHMARK_CAPTURE(decode, utf16le_fast, fast::decode, mixed_utf16le,
                  Encoding::kUtf16le);
BENCHMARK_CAPTURE(decode, ascii_baseline, baseline::decode, latin1_utf8,
                  Encoding::kAscii);
BENCHMARK_CAPTURE(decode, ascii_fast, fast::decode, latin1_utf8,
                  Encoding::kAscii);
BENCHMARK_CAPTURE(decode, base64_baseline, baseline::decode, ascii_bytes,
                  Encoding::kBase64);
BENCHMARK_CAPTURE(decode, base64_fast, fast::decode, ascii_bytes,
                  Encoding::kBase64);
BENCHMARK_CAPTURE(decode, hex_baseline, baseline::decode, ascii_bytes,
                  Encoding::kHex);
BENCHMARK_CAPTURE(decode, hex_fast, fast::decode, ascii_bytes, Encoding::kHex);
BENCHMARK_CAPTURE(encode_as, latin1_of_two_byte_baseline, baseline::encode,
                  mixed_string, Encoding::kLatin1);
BENCHMARK_CAPTURE(encode_as, latin1_of_two_byte_fast, fast::encode,
                  mixed_string, Encoding::kLatin1);
BENCHMARK_CAPTURE(encode_as, utf16le_of_latin1_baseline, baseline::encode,
                  latin1_string, Encoding::kUtf16le);
BENCHMARK_CAPTURE(encode_as, utf16le_of_latin1_fast, fast::encode,
                  latin1_string, Encoding::kUtf16le);
BENCHMARK_CAPTURE(encode_as, base64_text_baseline, baseline::encode,
                  base64_text, Encoding::kBase64);
BENCHMARK_CAPTURE(encode_as, base64_text_fast, fast::encode, base64_text,
                  Encoding::kBase64);
BENCHMARK_CAPTURE(encode_into, utf8_of_two_byte_fast, mixed_string,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(encode_into, utf8_of_two_byte_32k_fast, mixed_string_small,
                  Encoding::kUtf8);
BENCHMARK_CAPTURE(encode_into, base64_one_byte_fast, base64_plain,
                  Encoding::kBase64);
BENCHMARK_CAPTURE(encode_into, base64_two_byte_fast, base64_plain_two_byte,
                  Encoding::kBase64);

}  // namespace
}  // namespace fpbench::core

BENCHMARK_MAIN();
