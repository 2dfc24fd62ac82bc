// Node as an oracle: the same strings written and read through Node's fs and
// through ours must give the same bytes and the same strings. Skipped when
// `node` is not on PATH.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "fpbench/core/fs.hpp"
#include "fpbench/core/transcode.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "test_support.hpp"

namespace fpbench::core {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::node_available;
using fpbench::test_support::slurp;

// A JSON string literal holding exactly these UTF-16 code units.
std::string json_string(const JsString& s) {
  std::string out = "\"";
  char buf[8];
  for (std::size_t i = 0; i < s.length(); ++i) {
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(s.at(i)));
    out += buf;
  }
  return out + "\"";
}

std::vector<unsigned> code_units(const JsString& s) {
  std::vector<unsigned> out;
  for (std::size_t i = 0; i < s.length(); ++i) out.push_back(s.at(i));
  return out;
}

// Node's side: writes each case's text with its encoding to node-N, reads
// our file ours-N with the same encoding and prints the code units it got.
constexpr const char* kNodeScript = R"JS(
const fs = require('fs');
const dir = process.argv[2];
const cases = JSON.parse(fs.readFileSync(dir + '/cases.json', 'utf8'));
const decoded = cases.map((c, i) => {
  fs.writeFileSync(dir + '/node-' + i, c.text, c.encoding);
  const s = fs.readFileSync(dir + '/ours-' + i, c.encoding);
  return Array.from({length: s.length}, (_, k) => s.charCodeAt(k));
});
fs.writeFileSync(dir + '/decoded.json', JSON.stringify(decoded));
)JS";

JsString random_text(std::mt19937& rng, std::size_t n, int kind) {
  if (kind == 0) {
    std::string s(n, '\0');
    for (char& c : s) c = static_cast<char>(rng() % 0x100);
    return JsString(std::move(s));
  }
  std::u16string s(n, u'\0');
  for (char16_t& c : s) {
    const auto r = rng() % 4;
    c = static_cast<char16_t>(r == 0   ? rng() % 0x80
                              : r == 1 ? 0xD800 + rng() % 0x800
                                       : rng() % 0x10000);
  }
  return JsString(std::move(s));
}

TEST(NodeOracle, SameBytesAndSameStringsAsNode) {
  if (!node_available()) FPBENCH_SKIP_OR_FAIL_IN_CI("node is not on PATH");
  const fs::path dir = fs::temp_directory_path() /
                       ("fpbench-node-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::mt19937 rng(2024);
  struct Case {
    JsString text;
    Encoding encoding;
  };
  std::vector<Case> cases;
  for (Encoding e : {Encoding::kUtf8, Encoding::kLatin1, Encoding::kUtf16le,
                     Encoding::kAscii, Encoding::kBase64, Encoding::kBase64Url,
                     Encoding::kHex}) {
    for (std::size_t n : {0, 1, 15, 64, 65, 4097}) {
      for (int kind = 0; kind < 2; ++kind)
        cases.push_back({random_text(rng, n, kind), e});
    }
  }
  // Files of arbitrary bytes, invalid UTF-8 among them, for Node to decode.
  std::string json = "[";
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::string raw(i * 7 % 300, '\0');
    for (char& c : raw) c = static_cast<char>(rng());
    if (i % 2 == 0) raw = baseline::encode(cases[i].text, cases[i].encoding);
    ASSERT_TRUE(fast::write_file_sync(
                    (dir / ("ours-" + std::to_string(i))).string(), raw)
                    .has_value());
    json += std::string(i ? "," : "") +
            "{\"text\":" + json_string(cases[i].text) + ",\"encoding\":\"" +
            std::string(encoding_name(cases[i].encoding)) + "\"}";
  }
  std::ofstream(dir / "cases.json") << json << "]";
  std::ofstream(dir / "oracle.js") << kNodeScript;
  ASSERT_EQ(std::system(("node '" + (dir / "oracle.js").string() + "' '" +
                         dir.string() + "'")
                            .c_str()),
            0);

  const auto decoded = nlohmann::json::parse(slurp(dir / "decoded.json"));
  ASSERT_EQ(decoded.size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(testing::Message()
                 << "case " << i << " " << encoding_name(cases[i].encoding)
                 << " length " << cases[i].text.length());
    const std::string node_bytes = slurp(dir / ("node-" + std::to_string(i)));
    EXPECT_EQ(fast::encode(cases[i].text, cases[i].encoding), node_bytes);
    EXPECT_EQ(baseline::encode(cases[i].text, cases[i].encoding), node_bytes);

    const auto node_units = decoded[i].get<std::vector<unsigned>>();
    for (auto read : {fast::read_file_sync, baseline::read_file_sync}) {
      auto ours = read((dir / ("ours-" + std::to_string(i))).string(),
                       cases[i].encoding);
      ASSERT_TRUE(ours.has_value());
      EXPECT_EQ(code_units(std::get<JsString>(*ours)), node_units);
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace fpbench::core
