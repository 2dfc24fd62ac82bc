#include "fpbench/base/parameters.hpp"

#include <gtest/gtest.h>

namespace fpbench::params {
namespace {

std::vector<ScenarioParameters> write_and_read() {
  return {
      {"fs/write-file-sync",
       {Parameter::choice("encoding", {"utf8", "latin1", "base64"}),
        Parameter::boolean("useFd"), Parameter::integer("length", 0, 1 << 30)}},
      {"fs/read-file-sync",
       {Parameter::choice("encoding", {"undefined", "utf8", "latin1"}),
        Parameter::integer("size", 0, 1 << 30)}}};
}

std::string error_of(const std::vector<std::string>& sets,
                     const std::vector<ScenarioParameters>& scenarios) {
  const auto r = check_assignments(sets, scenarios);
  if (r) return "";
  EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  return r.error().message;
}

TEST(ParseAssignment, SplitsAtTheFirstEqualsSign) {
  const auto a = parse_assignment("code=a=b");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->key, "code");
  EXPECT_EQ(a->value, "a=b");
}

TEST(ParseAssignment, RefusesAMissingKeyValueOrEqualsSign) {
  for (const char* bad :
       {"length", "=5", "length=", "", "=", "a b=1", "a=1\n", "a=\t"}) {
    EXPECT_FALSE(parse_assignment(bad).has_value()) << "'" << bad << "'";
  }
  EXPECT_EQ(parse_assignment("length=").error().message,
            "'length' has an empty value");
}

TEST(ParseValue, IntegersAreWholeDecimalsInRange) {
  const Parameter size = Parameter::integer("size", 0, 1024);
  EXPECT_EQ(std::get<std::int64_t>(*parse_value(size, "1024")), 1024);
  EXPECT_EQ(std::get<std::int64_t>(*parse_value(size, "0")), 0);
  for (const char* bad : {"-1", "1025", "abc", "+5", "0x10", "1e3", "5 ",
                          "99999999999999999999"}) {
    EXPECT_FALSE(parse_value(size, bad).has_value()) << bad;
  }
  EXPECT_EQ(parse_value(size, "abc").error().message,
            "'size' takes an integer from 0 to 1024, not 'abc'");
}

TEST(ParseValue, BooleansAndChoicesAreSpelledExactly) {
  const Parameter fd = Parameter::boolean("useFd");
  EXPECT_EQ(std::get<std::string>(*parse_value(fd, "false")), "false");
  EXPECT_FALSE(parse_value(fd, "yes").has_value());
  EXPECT_FALSE(parse_value(fd, "TRUE").has_value());
  const Parameter code = Parameter::choice("code", {"1", "process"});
  // A choice that reads as a number stays text, as the grid holds it.
  EXPECT_EQ(std::get<std::string>(*parse_value(code, "1")), "1");
  EXPECT_EQ(parse_value(code, "2").error().message,
            "'code' takes one of 1, process, not '2'");
}

TEST(ParameterLines, RoundTripInScenarioAndKeyOrder) {
  const std::string text = format_parameter_lines(write_and_read());
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "fs/write-file-sync\tencoding\tchoice\tutf8\tlatin1\tbase64");
  const auto back = parse_parameter_lines(text);
  ASSERT_TRUE(back.has_value()) << back.error().message;
  EXPECT_EQ(format_parameter_lines(*back), text);
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].parameters[2].max, 1 << 30);
}

TEST(ParameterLines, MalformedLinesNameTheirLine) {
  for (const char* bad :
       {"a\tb", "a\tb\tinteger\t1", "a\tb\tinteger\t5\t1", "a\tb\tchoice",
        "a\tb\tchoice\tx\t", "a\tb\tboolean\textra", "a\tb\tfloat\t1",
        "\tb\tboolean", "a\tb\tboolean\na\tb\tboolean"}) {
    const auto r = parse_parameter_lines(bad);
    ASSERT_FALSE(r.has_value()) << bad;
    EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
    EXPECT_EQ(r.error().message.rfind("line ", 0), 0u) << r.error().message;
  }
  EXPECT_TRUE(parse_parameter_lines("").has_value());
}

TEST(CheckAssignments, AcceptsValuesEveryScenarioWithTheKeyTakes) {
  EXPECT_EQ(error_of({"encoding=utf8", "length=0", "useFd=true", "size=7"},
                     write_and_read()),
            "");
}

TEST(CheckAssignments, AnUnknownEncodingIsRefusedNamingTheChoices) {
  EXPECT_EQ(error_of({"encoding=ucs9"}, write_and_read()),
            "--set encoding=ucs9: fs/write-file-sync: 'encoding' takes one of "
            "utf8, latin1, "
            "base64, not 'ucs9'");
  // Valid for one scenario is not enough when another selected one has the key.
  EXPECT_NE(error_of({"encoding=undefined"}, write_and_read()), "");
}

TEST(CheckAssignments, WrongTypesNegativeSizesAndEmptyValuesAreRefused) {
  EXPECT_NE(error_of({"length=-1"}, write_and_read()), "");
  EXPECT_NE(error_of({"length=abc"}, write_and_read()), "");
  EXPECT_NE(error_of({"encoding=7"}, write_and_read()), "");
  EXPECT_EQ(error_of({"size="}, write_and_read()),
            "--set size=: 'size' has an empty value");
}

TEST(CheckAssignments, AnUnknownKeyListsTheScenariosKeys) {
  const std::vector<ScenarioParameters> one = {write_and_read()[1]};
  EXPECT_EQ(error_of({"spinUs=5"}, one),
            "--set spinUs=5: fs/read-file-sync has no parameter 'spinUs' (its "
            "parameters: "
            "encoding, size)");
  EXPECT_EQ(error_of({"spinUs=5"}, write_and_read()),
            "--set spinUs=5: none of the 2 scenarios selected has a parameter "
            "'spinUs' (their "
            "parameters: encoding, useFd, length, size)");
}

}  // namespace
}  // namespace fpbench::params
