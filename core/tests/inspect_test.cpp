// inspect() against Node itself: every case is written as a JavaScript
// literal (JSON plus undefined, NaN, Infinity and -0, keys as computed
// properties so that "__proto__" stays an own key), node console.logs each
// one, and our log_line() must match byte for byte. The single-buffer
// formatter (fast::format_line) must match log_line() on the same cases and
// on many more seeded random values. Node is skipped when not on PATH; the
// golden strings below still pin the rules.

#include "fpbench/core/inspect.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "fpbench/core/print.hpp"
#include "fpbench/test_support/ci.hpp"
#include "fpbench/test_support/programs.hpp"
#include "fpbench/test_support/test_files.hpp"
#include "test_support.hpp"

namespace fpbench::core {
namespace {

namespace fs = std::filesystem;
using fpbench::test_support::node_available;
using fpbench::test_support::slurp;
using Array = Value::Array;
using Object = Value::Object;

struct Case {
  std::string name;
  Value value;
};

void json_quote(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  out += '"';
}

void write_js(std::string& out, const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNull:
      out += "null";
      break;
    case Value::Kind::kUndefined:
      out += "undefined";
      break;
    case Value::Kind::kBool:
      out += v.boolean() ? "true" : "false";
      break;
    case Value::Kind::kNumber: {
      const double d = v.number();
      if (std::isnan(d)) {
        out += "NaN";
      } else if (std::isinf(d)) {
        out += d < 0 ? "-Infinity" : "Infinity";
      } else if (d == 0 && std::signbit(d)) {
        out += "-0";
      } else {
        char buf[40];
        out.append(buf, std::to_chars(buf, buf + sizeof buf, d).ptr);
      }
      break;
    }
    case Value::Kind::kString:
      json_quote(out, v.string());
      break;
    case Value::Kind::kArray:
      out += '[';
      for (const Value& item : v.array()) {
        write_js(out, item);
        out += ",\n";
      }
      out += ']';
      break;
    case Value::Kind::kObject:
      out += '{';
      for (const Member& m : v.object()) {
        out += '[';
        json_quote(out, m.key);
        out += "]: ";
        write_js(out, m.value);
        out += ",\n";
      }
      out += '}';
      break;
  }
}

// What node's console.log printed for each case, in order.
std::vector<std::string> node_log_lines(const std::vector<Case>& cases) {
  const fs::path dir = fs::temp_directory_path() /
                       ("fpbench-inspect-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string js = "module.exports = [\n";
  for (const Case& c : cases) {
    write_js(js, c.value);
    js += ",\n";
  }
  js += "];\n";
  std::ofstream(dir / "values.js", std::ios::binary) << js;
  const std::string command =
      "node -e 'for (const v of require(process.argv[1])) { console.log(v); "
      "console.log(\"\\u0001\"); }' " +
      (dir / "values.js").string() + " > " + (dir / "out.txt").string();
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  const std::string out = slurp(dir / "out.txt");
  fs::remove_all(dir);
  std::vector<std::string> lines;
  std::size_t begin = 0;
  for (std::size_t end; (end = out.find("\x01\n", begin)) != std::string::npos;
       begin = end + 2) {
    lines.push_back(out.substr(begin, end - begin));
  }
  return lines;
}

Value repeat(std::string_view unit, std::size_t n) {
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += unit;
  return s;
}

Value numbers(std::size_t n, double scale, double offset = 0) {
  Array a;
  for (std::size_t i = 0; i < n; ++i)
    a.emplace_back(static_cast<double>(i) * scale + offset);
  return a;
}

std::vector<Case> handpicked_cases() {
  std::vector<Case> cases;
  const auto add = [&](std::string name, Value v) {
    cases.push_back({std::move(name), std::move(v)});
  };
  const double pow2_53 = 9007199254740992.0;
  for (const double d : {0.0,
                         -0.0,
                         1.0,
                         -1.0,
                         0.1,
                         0.5,
                         1.0 / 3,
                         123.456,
                         -1.5e-7,
                         1e-6,
                         1e-7,
                         1.5e-7,
                         123e-20,
                         1e21,
                         1e20,
                         123456789012345680000.0,
                         pow2_53,
                         pow2_53 + 2,
                         -9223372036854775808.0,
                         5e-324,
                         1.7976931348623157e308,
                         4.35,
                         0.000001234,
                         100.0,
                         1e100,
                         2.5e-5,
                         999999999999999900000.0,
                         std::numeric_limits<double>::quiet_NaN(),
                         std::numeric_limits<double>::infinity(),
                         -std::numeric_limits<double>::infinity()}) {
    add("number " + std::to_string(d), d);
  }
  add("null", Value());
  add("undefined", Value::undefined());
  add("true", true);
  add("top-level string is raw", "it's \"raw\"\n\ttext");
  for (const char* s :
       {"", "plain", "it's", "say \"hi\"", "it's \"x\"", "it's \"x\" `y`",
        "it's \"x\" ${y}", "it's \"x\" $y", "back\\slash", "tab\tnl\nnul",
        "\x1b[31mred", "del\x7f", "c1 \u0085 \u009f", "\u00a0nbsp \u00a9",
        "é日本😀", "a\n", "\n\n", "line one\nline two\nline three\n and four"}) {
    add(std::string("string ") + s, Array{s});
    add(std::string("key ") + s, Object{{s, 1}});
  }
  add("nul byte", Array{std::string("a\0b", 3)});
  for (const std::size_t n : {15u, 16u, 17u, 60u, 76u, 77u, 100u, 101u, 5000u,
                              10000u, 10001u, 12345u}) {
    add("long string " + std::to_string(n), Array{repeat("x", n)});
    add("long lines " + std::to_string(n),
        Object{{"k", repeat("ab\n", n / 3 + 1)}});
  }
  add("long quoted lines", Array{repeat("it's\n", 30)});
  add("long string, mixed quotes per line",
      Array{"it's\n\"quoted\" and 'single'\nplain line that is long enough to "
            "split\n"});
  add("cut inside a surrogate pair", Array{std::string(9999, 'a') + "😀tail"});
  add("cut after a surrogate pair", Array{std::string(9998, 'a') + "😀tail"});
  for (const char* key :
       {"a", "a-b", "_x9", "9x", "__proto__", "", "é", "01", "4294967295",
        "4294967294", "constructor", "$dollar"}) {
    add(std::string("key ") + key, Object{{key, 1}, {"z", 2}});
  }
  add("index keys first", Object{{"b", 1},
                                 {"10", 2},
                                 {"2", 3},
                                 {"a", 4},
                                 {"0", 5},
                                 {"4294967295", 6}});
  add("depth", Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}});
  add("depth empty", Object{{"a", Object{{"b", Object{{"c", Object{}}}}}}});
  add("depth arrays", Array{Array{Array{Array{1}}}});
  add("depth empty arrays", Array{Array{Array{Array{}}}});
  add("current depth: nested last",
      Object{{"w", 2}, {"x", Object{{"y", Object{{"z", 1}}}}}});
  add("current depth: nested first",
      Object{{"x", Object{{"y", Object{{"z", 1}}}}}, {"w", 2}});
  add("current depth: siblings",
      Object{{"x", Object{{"y", Object{{"z", 1}}}}}, {"w", Object{{"v", 1}}}});
  add("current depth: four",
      Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}, {"e", 1}});
  for (std::size_t n = 50; n <= 82; ++n) {
    add("width object " + std::to_string(n), Object{{"k", repeat("x", n)}});
    add("width array " + std::to_string(n),
        Array{repeat("y", n / 2), repeat("z", n / 2)});
    add("width nested " + std::to_string(n),
        Object{{"a", Object{{"k", repeat("x", n - 10)}, {"j", 1}}}});
    add("width keys " + std::to_string(n),
        Object{{"k", repeat("é", n / 2)}, {"m", repeat("日", n / 4)}});
  }
  for (std::size_t n : {1u, 2u, 6u, 7u, 8u, 10u, 16u, 26u, 27u, 30u, 50u, 99u,
                        100u, 101u, 102u, 150u}) {
    add("numbers " + std::to_string(n), numbers(n, 1));
    add("spread numbers " + std::to_string(n), numbers(n, 37.5, -400));
    add("big numbers " + std::to_string(n), numbers(n, 123456789, 1));
    Array letters, mixed, objects, bools;
    for (std::size_t i = 0; i < n; ++i) {
      letters.emplace_back(
          std::string(1 + i % 5, static_cast<char>('a' + i % 26)));
      mixed.push_back(i % 3 == 0 ? Value(std::to_string(i)) : Value(i));
      objects.push_back(Object{{"a", i}});
      bools.push_back(i % 4 == 0   ? Value()
                      : i % 4 == 1 ? Value::undefined()
                                   : Value(i % 2 == 0));
    }
    add("letters " + std::to_string(n), letters);
    add("mixed " + std::to_string(n), mixed);
    add("objects " + std::to_string(n), objects);
    add("bools " + std::to_string(n), bools);
    add("nested numbers " + std::to_string(n),
        Object{{"list", numbers(n, 3)}, {"more", Array{numbers(n, 7)}}});
  }
  add("wide entries", Array{"日本", "中文字", "한국어", "ｆｕｌｌ", "😀", "a",
                            "bb", "é", "e\u0301", "z"});
  add("long entries are not grouped",
      Array{"a", "b", "c", "d", "e", "f", repeat("long", 20)});
  return cases;
}

// Seeded random values of every kind, biased toward the layout decisions.
class RandomValues {
 public:
  explicit RandomValues(unsigned seed) : rng_(seed) {}

  Value value(int depth) {
    switch (pick(depth >= 5 ? 6 : 10)) {
      case 0:
        return Value();
      case 1:
        return Value::undefined();
      case 2:
        return pick(2) == 0;
      case 3:
        return number();
      case 4:
      case 5:
        return string();
      case 6:
      case 7: {
        static constexpr std::size_t kSizes[] = {0, 1,  2,  3,  5,  7,
                                                 8, 12, 20, 27, 101};
        const std::size_t n = kSizes[pick(std::size(kSizes))];
        const bool only_numbers = pick(2) == 0;
        Array a;
        for (std::size_t i = 0; i < n; ++i)
          a.push_back(only_numbers ? number() : value(depth + 1));
        return a;
      }
      default: {
        static constexpr const char* kKeys[] = {
            "a", "bb", "key", "long_key_name", "0",
            "7", "12", "x-y", "it's",          "__proto__",
            "é", "_",  "Z9"};
        Object o;
        for (const char* key : kKeys) {
          if (pick(3) == 0) o.push_back({key, value(depth + 1)});
        }
        return o;
      }
    }
  }

 private:
  std::size_t pick(std::size_t n) { return rng_() % n; }
  Value number() {
    switch (pick(4)) {
      case 0:
        return static_cast<double>(pick(2000)) - 1000;
      case 1:
        return static_cast<double>(pick(100000)) / 64;
      case 2:
        return std::ldexp(static_cast<double>(pick(1u << 30)),
                          static_cast<int>(pick(140)) - 90);
      default:
        return static_cast<double>(pick(10));
    }
  }
  Value string() {
    static constexpr const char* kParts[] = {
        "a",  "word ", "it's", "\"",   "`", "${",   "\n",
        "\t", "\\",    "é",    "日本", "😀", "\x7f", "\u0085"};
    std::string s;
    const std::size_t n = pick(4) == 0 ? pick(60) : pick(8);
    for (std::size_t i = 0; i < n; ++i) s += kParts[pick(std::size(kParts))];
    return s;
  }
  std::mt19937 rng_;
};

std::vector<Case> random_cases(unsigned seed, std::size_t count) {
  RandomValues random(seed);
  std::vector<Case> cases;
  for (std::size_t i = 0; i < count; ++i) {
    cases.push_back(
        {"random seed " + std::to_string(seed) + " #" + std::to_string(i),
         random.value(0)});
  }
  return cases;
}

std::vector<Case> random_number_cases(unsigned seed, std::size_t count) {
  std::mt19937_64 rng(seed);
  std::vector<Case> cases;
  while (cases.size() < count) {
    const std::uint64_t bits = rng();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    cases.push_back({"random number " + std::to_string(bits), d});
  }
  return cases;
}

void expect_node_agrees(const std::vector<Case>& cases) {
  if (!node_available()) FPBENCH_SKIP_OR_FAIL_IN_CI("node is not on PATH");
  const std::vector<std::string> node = node_log_lines(cases);
  ASSERT_EQ(node.size(), cases.size());
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < cases.size() && mismatches < 10; ++i) {
    const std::string ours = log_line(cases[i].value);
    if (ours != node[i]) ++mismatches;
    EXPECT_EQ(ours, node[i]) << "case: " << cases[i].name;
  }
}

TEST(InspectNode, HandpickedCasesMatchNode) {
  expect_node_agrees(handpicked_cases());
}
TEST(InspectNode, RandomValuesMatchNode) {
  expect_node_agrees(random_cases(1, 400));
}
TEST(InspectNode, RandomNumbersMatchNode) {
  expect_node_agrees(random_number_cases(7, 2000));
}

TEST(Inspect, FastFormatterMatchesReference) {
  std::vector<Case> cases = handpicked_cases();
  for (unsigned seed = 1; seed <= 5; ++seed) {
    for (Case& c : random_cases(seed, 400)) cases.push_back(std::move(c));
  }
  std::string line;
  for (const Case& c : cases) {
    line.clear();
    fast::format_line(c.value, line);
    ASSERT_EQ(line, log_line(c.value)) << "case: " << c.name;
  }
  // Appends without touching what was there.
  line = "prefix|";
  fast::format_line(Value(Array{1, "a"}), line);
  EXPECT_EQ(line, "prefix|[ 1, 'a' ]\n");
}

TEST(Inspect, GoldenRules) {
  EXPECT_EQ(inspect(Value(-0.0)), "-0");
  EXPECT_EQ(inspect(Value(1e21)), "1e+21");
  EXPECT_EQ(inspect(Value(1.5e-7)), "1.5e-7");
  EXPECT_EQ(inspect(Value(0.000001)), "0.000001");
  EXPECT_EQ(inspect(Value(123456789012345680000.0)), "123456789012345680000");
  EXPECT_EQ(inspect(Value("it's")), "\"it's\"");
  EXPECT_EQ(inspect(Value("it's \"x\"")), "`it's \"x\"`");
  EXPECT_EQ(inspect(Value("it's \"x\" `y`")), "'it\\'s \"x\" `y`'");
  EXPECT_EQ(inspect(Value("a\x1b\x7f\u0085\\")), "'a\\x1B\\x7F\\x85\\\\'");
  EXPECT_EQ(inspect(Value(Object{{"a-b", 1}, {"__proto__", 2}, {"1", 3}})),
            "{ '1': 3, 'a-b': 1, ['__proto__']: 2 }");
  EXPECT_EQ(inspect(Value(
                Object{{"a", Object{{"b", Object{{"c", Object{{"d", 1}}}}}}}})),
            "{ a: { b: { c: [Object] } } }");
  EXPECT_EQ(inspect(numbers(30, 1, 1)),
            "[\n   1,  2,  3,  4,  5,  6,  7,  8,  9,\n  10, 11, 12, 13, 14, "
            "15, 16, 17, 18,\n"
            "  19, 20, 21, 22, 23, 24, 25, 26, 27,\n  28, 29, 30\n]");
  EXPECT_EQ(log_line(Value("raw 'text'")), "raw 'text'\n");
}

}  // namespace
}  // namespace fpbench::core
