#pragma once

// Parsing JSON written by benchmark tools, which is not always strict JSON.
//
// Google Benchmark prints a non-finite double as a bare token: NaN, -NaN,
// Infinity or -Infinity (older releases streamed the value, giving nan, inf,
// -inf). nlohmann/json rejects those, so before parsing, every such token
// outside a string is replaced by a string that no tool writes: a NUL
// character followed by "nan", "inf" or "-inf". json_number() turns those
// strings back into doubles. The replacement never adds or removes a
// newline, so the line a parse error reports is the line of the original
// text.

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::reports {

// The text with the non-finite tokens replaced, as described above.
std::string replace_non_finite_tokens(std::string_view json_text);

// Parses the text after replace_non_finite_tokens. Errors are bad-input
// "SOURCE:LINE:COLUMN: invalid JSON: <what was expected, what was found>"
// (no column when a replaced token precedes it on its line), or for a text of
// nothing but blanks "SOURCE: empty input: expected <expected>".
Result<nlohmann::json> parse_tool_json(std::string_view json_text,
                                       std::string_view source_name,
                                       std::string_view expected);

// Where and why a text is not JSON: line and column from 1, and the reason
// in words without the parser's internal tags ("expected '[', '{', or a
// literal, found '}'").
struct JsonSyntaxError {
  std::size_t line = 1;
  std::size_t column = 1;
  std::string reason;
};
JsonSyntaxError describe_json_error(std::string_view text);
std::string reword_json_error(std::string_view parser_message);

// A JSON number, or one of the replaced non-finite tokens, as a double;
// nullopt for any other value.
std::optional<double> json_number(const nlohmann::json& value);

// A short description of a JSON value's type for messages: "a string",
// "null", "an array".
std::string json_type_name(const nlohmann::json& value);

}  // namespace fpbench::reports
