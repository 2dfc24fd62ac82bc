#include "json_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <limits>

namespace fpbench::reports {
namespace {

// The strings the non-finite tokens become, as JSON source and as the value
// the parser then holds. A leading NUL keeps them apart from any name or
// label a tool could print.
constexpr std::string_view kNanSource = R"("\u0000nan")";
constexpr std::string_view kInfSource = R"("\u0000inf")";
constexpr std::string_view kMinusInfSource = R"("\u0000-inf")";
const std::string kNanValue("\0nan", 4);
const std::string kInfValue("\0inf", 4);
const std::string kMinusInfValue("\0-inf", 5);

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' ||
         c == '.';
}

bool is_letter(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// The replacement for a bare word (after an optional minus), or an empty
// view when the word is not a non-finite number.
std::string_view replacement_for(std::string_view word, bool negative) {
  if (equals_ignoring_case(word, "nan")) return kNanSource;  // -NaN is NaN
  if (equals_ignoring_case(word, "infinity") ||
      equals_ignoring_case(word, "inf")) {
    return negative ? kMinusInfSource : kInfSource;
  }
  return {};
}

// Collects the position and text of the first syntax error; every other
// event is accepted and dropped.
class ErrorCapture : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    position_ = position;
    message_ = ex.what();
    return false;
  }

  [[nodiscard]] std::size_t position() const { return position_; }
  [[nodiscard]] const std::string& message() const { return message_; }

 private:
  std::size_t position_ = 0;
  std::string message_;
};

}  // namespace

std::string replace_non_finite_tokens(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 64);
  bool in_string = false;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\' && i + 1 < text.size()) {
        out.append(text.substr(i, 2));
        i += 2;
        continue;
      }
      if (c == '"') in_string = false;
      out += c;
      ++i;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if ((is_letter(c) || c == '-') &&
               (i == 0 || !is_word_char(text[i - 1]))) {
      // A word starts here (not the exponent of a number like 1e-5).
      const std::size_t start = i + (c == '-' ? 1 : 0);
      std::size_t end = start;
      while (end < text.size() && is_letter(text[end])) ++end;
      if (end > start && (end == text.size() || !is_word_char(text[end]))) {
        const std::string_view replacement =
            replacement_for(text.substr(start, end - start), c == '-');
        if (!replacement.empty()) {
          out.append(replacement);
          i = end;
          continue;
        }
      }
    }
    out += c;
    ++i;
  }
  return out;
}

JsonSyntaxError describe_json_error(std::string_view text) {
  ErrorCapture capture;
  nlohmann::json::sax_parse(text, &capture);
  // position counts the characters read, the offending one included.
  const std::size_t at = std::min(
      capture.position() == 0 ? 0 : capture.position() - 1, text.size());
  const std::size_t line_start = text.rfind('\n', at == 0 ? 0 : at - 1);
  JsonSyntaxError e;
  e.line = 1 + static_cast<std::size_t>(std::count(
                   text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at),
                   '\n'));
  e.column = at == 0 || line_start == std::string_view::npos ? at + 1
                                                             : at - line_start;
  e.reason = reword_json_error(capture.message());
  return e;
}

std::string reword_json_error(std::string_view message) {
  // nlohmann's "[json.exception.parse_error.101] parse error at line 1,
  // column 5: syntax error while parsing value - unexpected '}'; expected
  // '[', '{', or a literal" becomes "expected '[', '{', or a literal, found
  // '}'"; its tag and position are its own, the position is given apart.
  std::string_view rest = message;
  if (rest.substr(0, 16) == "[json.exception.") {
    rest.remove_prefix(std::min(rest.find("] ") + 2, rest.size()));
  }
  if (const std::size_t at = rest.find("parse error");
      at != std::string_view::npos) {
    const std::size_t colon = rest.find(": ", at);
    if (colon != std::string_view::npos) rest.remove_prefix(colon + 2);
  }
  if (const std::size_t dash = rest.find(" - ");
      rest.substr(0, 13) == "syntax error " && dash != std::string_view::npos) {
    rest.remove_prefix(dash + 3);
  }
  std::string found(rest);
  std::string expected;
  if (const std::size_t semi = rest.find("; expected ");
      semi != std::string_view::npos) {
    found = std::string(rest.substr(0, semi));
    expected = std::string(rest.substr(semi + 11));
  }
  if (found.rfind("unexpected ", 0) == 0) found = found.substr(11);
  if (found == "end of input") found = "the end of the input";
  if (const std::size_t last = found.find("; last read: ");
      last != std::string::npos) {
    found = found.substr(0, last) + " " + found.substr(last + 13);
  }
  return expected.empty()
             ? found
             : fmt::format("expected {}, found {}", expected, found);
}

Result<nlohmann::json> parse_tool_json(std::string_view json_text,
                                       std::string_view source_name,
                                       std::string_view expected) {
  if (json_text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return bad_input_error(
        fmt::format("{}: empty input: expected {}", source_name, expected));
  }
  const std::string cleaned = replace_non_finite_tokens(json_text);
  nlohmann::json doc = nlohmann::json::parse(cleaned, nullptr,
                                             /*allow_exceptions=*/false);
  if (!doc.is_discarded()) return doc;

  // The DOM parser only says that it failed; the SAX parser says where. A
  // replaced token shifts the columns after it, so with one there is no
  // column.
  const JsonSyntaxError e = describe_json_error(cleaned);
  if (cleaned != json_text) {
    return bad_input_error(
        fmt::format("{}:{}: invalid JSON: {}", source_name, e.line, e.reason));
  }
  return bad_input_error(fmt::format("{}:{}:{}: invalid JSON: {}", source_name,
                                     e.line, e.column, e.reason));
}

std::optional<double> json_number(const nlohmann::json& value) {
  if (value.is_number()) return value.get<double>();
  if (value.is_string()) {
    const auto& s = value.get_ref<const std::string&>();
    if (s == kNanValue) return std::numeric_limits<double>::quiet_NaN();
    if (s == kInfValue) return std::numeric_limits<double>::infinity();
    if (s == kMinusInfValue) return -std::numeric_limits<double>::infinity();
  }
  return std::nullopt;
}

std::string json_type_name(const nlohmann::json& value) {
  switch (value.type()) {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    case nlohmann::json::value_t::number_integer:
    case nlohmann::json::value_t::number_unsigned:
    case nlohmann::json::value_t::number_float:
      return "a number";
    case nlohmann::json::value_t::string:
      return json_number(value) ? "a number" : "a string";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::object:
      return "an object";
    default:
      return "an unsupported value";
  }
}

}  // namespace fpbench::reports
