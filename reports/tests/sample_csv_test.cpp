#include "fpbench/reports/sample_csv.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fpbench::reports {
namespace {

constexpr std::string_view kHeader =
    "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n";

std::string with_header(std::string_view rows) {
  return std::string(kHeader) + std::string(rows);
}

std::string error_of(std::string_view text) {
  const auto r = parse_samples_csv(text, "in.csv");
  EXPECT_FALSE(r.has_value());
  return r ? std::string() : r.error().message;
}

TEST(SampleCsv, ReadsQuotedRowsInAnyOrder) {
  const auto r =
      parse_samples_csv(with_header("\"new\",\"fs/a.js\",\"n=1 x='y'\",20.5,1\n"
                                    "\"old\",\"fs/a.js\",\"n=1 x='y'\",10,2\n"
                                    "\"old\",\"fs/b.js\",\"\",3e2,0.5\n"),
                        "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->benchmarks().size(), 2u);
  const auto& a = r->benchmarks()[0];
  EXPECT_EQ(a.name, "fs/a.js n=1 x='y'");
  EXPECT_EQ(a.old_rates, std::vector<double>{10});
  EXPECT_EQ(a.new_rates, std::vector<double>{20.5});
  EXPECT_EQ(r->benchmarks()[1].name, "fs/b.js ");
  EXPECT_EQ(r->benchmarks()[1].old_rates, std::vector<double>{300});
  EXPECT_EQ(r->sample_count(), 3u);
}

TEST(SampleCsv, DoubledQuotesCommasAndNewlinesInsideQuotes) {
  const auto r = parse_samples_csv(
      with_header("\"old\",\"p.js\",\"code='\"\"s\"\"' a=1,2\nb\",5,1\n"),
      "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->benchmarks()[0].configuration, "code='\"s\"' a=1,2\nb");
}

TEST(SampleCsv, UnquotedFieldsCrlfAndBlankLines) {
  const auto r = parse_samples_csv(
      "binary,filename,configuration,rate,time\r\n\r\n"
      "old,a.js,n=1,5,1\r\n\n"
      "new,a.js,n=1, 6 ,1\r\n",
      "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->benchmarks()[0].name, "a.js n=1");
  EXPECT_EQ(r->benchmarks()[0].new_rates, std::vector<double>{6});
}

TEST(SampleCsv, LegacyCommaSpaceFormKeepsTheLeadingSpace) {
  const auto r = parse_samples_csv(
      "\"binary\", \"filename\", \"configuration\", \"rate\", \"time\"\n"
      "\"old\", \"fs/readfile.js\", \"n=1 x='y'\", 123.5, 0.5\n",
      "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->benchmarks()[0].filename, " fs/readfile.js");
  EXPECT_EQ(r->benchmarks()[0].name, " fs/readfile.js  n=1 x='y'");
  EXPECT_EQ(r->benchmarks()[0].old_rates, std::vector<double>{123.5});
}

TEST(SampleCsv, AHeaderRepeatedByJoinedShardFilesIsSkipped) {
  const std::string joined = with_header("\"old\",\"a\",\"n=1\",10,0.5\n") +
                             with_header("\"new\",\"a\",\"n=1\",20,0.25\n");
  const auto r = parse_samples_csv(joined, "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->sample_count(), 2u);
  const auto rows = parse_sample_csv_rows(joined, "in.csv");
  ASSERT_TRUE(rows.has_value()) << rows.error().message;
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ(rows->at(1).binary, Binary::kNew);
  EXPECT_DOUBLE_EQ(rows->at(1).time_s, 0.25);
  // Only the header: still no samples.
  EXPECT_NE(
      error_of(std::string(kHeader) + std::string(kHeader)).find("no samples"),
      std::string::npos);
  // Its own kind, which --resume tells from a malformed file.
  const auto only_header = parse_samples_csv(kHeader, "in.csv");
  ASSERT_FALSE(only_header.has_value());
  EXPECT_EQ(only_header.error().kind, ErrorKind::kNoSamples);
  const auto malformed = parse_samples_csv(
      std::string(kHeader) + "\"new\",\"a\",\"\",x,1\n", "in.csv");
  ASSERT_FALSE(malformed.has_value());
  EXPECT_EQ(malformed.error().kind, ErrorKind::kBadInput);
}

TEST(SampleCsv, EmptyInputSaysSo) {
  EXPECT_NE(error_of("").find("in.csv: empty input"), std::string::npos);
  EXPECT_NE(error_of("\n\n").find("empty input"), std::string::npos);
}

TEST(SampleCsv, HeaderOnlyHasNoSamples) {
  EXPECT_NE(error_of(kHeader).find("in.csv: no samples"), std::string::npos);
}

TEST(SampleCsv, MissingHeaderNamesLineOne) {
  EXPECT_EQ(error_of("\"old\",\"a.js\",\"\",1,1\n"),
            "in.csv:1: missing header: expected "
            "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"");
}

TEST(SampleCsv, UnterminatedQuoteNamesTheRecordsLine) {
  EXPECT_EQ(
      error_of(with_header("\"old\",\"a.js\",\"\",1,1\n\"old\",\"a.js,1,1\n")),
      "in.csv:3: unterminated quoted field (a '\"' is never closed)");
}

TEST(SampleCsv, WrongColumnCount) {
  EXPECT_EQ(error_of(with_header("\"old\",\"a.js\",\"\",1\n")),
            "in.csv:2: expected 5 fields (binary, filename, configuration, "
            "rate, time), found 4");
  EXPECT_EQ(error_of(with_header("\"old\",\"a.js\",\"\",1,2,3\n")),
            "in.csv:2: expected 5 fields (binary, filename, configuration, "
            "rate, time), found 6");
}

TEST(SampleCsv, NonNumericRate) {
  EXPECT_EQ(error_of(with_header("\"old\",\"a.js\",\"\",1,1\n"
                                 "\"new\",\"a.js\",\"\",fast,1\n")),
            "in.csv:3: rate 'fast' is not a finite number");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",NA,1\n")),
            "in.csv:2: rate 'NA' is not a finite number");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",1e999,1\n")),
            "in.csv:2: rate '1e999' is not a finite number");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",,1\n")),
            "in.csv:2: rate '' is not a finite number");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",1,x\n")),
            "in.csv:2: time 'x' is not a finite number");
}

TEST(SampleCsv, RefusesRatesAndTimesThatAreNotPositiveNormalNumbers) {
  const std::string good = "\"old\",\"a.js\",\"\",1,1\n";
  EXPECT_EQ(error_of(with_header(good + "\"new\",\"a.js\",\"\",-5,1\n")),
            "in.csv:3: rate -5 is negative: a rate must be a positive, "
            "finite, normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",0,1\n")),
            "in.csv:2: rate 0 is zero: a rate must be a positive, finite, "
            "normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",-0,1\n")),
            "in.csv:2: rate -0 is zero: a rate must be a positive, finite, "
            "normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",1e-310,1\n")),
            "in.csv:2: rate 1e-310 is subnormal (below 2.2e-308): a rate must "
            "be a positive, finite, normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",inf,1\n")),
            "in.csv:2: rate inf is infinite: a rate must be a positive, "
            "finite, normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",nan,1\n")),
            "in.csv:2: rate nan is not a number: a rate must be a positive, "
            "finite, normal number of operations per second");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",1,0\n")),
            "in.csv:2: time 0 is zero: a time must be a positive, finite, "
            "normal number of seconds");
  EXPECT_EQ(error_of(with_header("\"new\",\"a.js\",\"\",1,-2.5\n")),
            "in.csv:2: time -2.5 is negative: a time must be a positive, "
            "finite, normal number of seconds");
  // The smallest normal double is still a rate.
  EXPECT_TRUE(parse_samples_csv(
      with_header("\"new\",\"a.js\",\"\",2.2250738585072014e-308,1\n"),
      "in.csv"));
}

TEST(SampleCsv, AcceptsAByteOrderMarkBeforeTheHeader) {
  const auto r = parse_samples_csv(
      "\xEF\xBB\xBF" + with_header("\"old\",\"a.js\",\"\",5,1\n"), "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->benchmarks()[0].old_rates, std::vector<double>{5});
  // Only at the start: elsewhere it is part of a field.
  EXPECT_EQ(
      error_of(with_header("\xEF\xBB\xBF\"old\",\"a.js\",\"\",5,1\n")),
      "in.csv:2: unknown binary '\xEF\xBB\xBFold': expected 'old' or 'new'");
}

TEST(SampleCsv, RowsInAnyOrderGroupByTheJoinedName) {
  // compare.js's cycle (a, b, a, b), a repeat, a reversal, and two rows whose
  // filename and configuration differ but join to the same name.
  const auto r = parse_samples_csv(
      with_header("\"old\",\"a\",\"1\",1,1\n\"old\",\"b\",\"1\",2,1\n"
                  "\"new\",\"a\",\"1\",3,1\n\"new\",\"b\",\"1\",4,1\n"
                  "\"new\",\"b\",\"1\",5,1\n\"old\",\"a\",\"1\",6,1\n"
                  "\"old\",\"a b\",\"c\",7,1\n\"old\",\"a\",\"b c\",8,1\n"),
      "in.csv");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->benchmarks().size(), 3u);
  EXPECT_EQ(r->benchmarks()[0].old_rates, (std::vector<double>{1, 6}));
  EXPECT_EQ(r->benchmarks()[0].new_rates, std::vector<double>{3});
  EXPECT_EQ(r->benchmarks()[1].new_rates, (std::vector<double>{4, 5}));
  EXPECT_EQ(r->benchmarks()[2].name, "a b c");
  EXPECT_EQ(r->benchmarks()[2].old_rates, (std::vector<double>{7, 8}));
}

TEST(SampleCsv, UnknownBinaryLabel) {
  EXPECT_EQ(error_of(with_header("\"baseline\",\"a.js\",\"\",1,1\n")),
            "in.csv:2: unknown binary 'baseline': expected 'old' or 'new'");
}

TEST(SampleCsv, LineNumbersCountNewlinesInsideQuotes) {
  EXPECT_EQ(error_of(with_header(
                "\"old\",\"a\nb\",\"\",1,1\n\"x\",\"a\",\"\",1,1\n")),
            "in.csv:4: unknown binary 'x': expected 'old' or 'new'");
}

TEST(SampleCsvLine, QuotesLikeCompareJs) {
  EXPECT_EQ(sample_csv_line("old", "misc/print", "code='\"s\"'", 1234.5, 0.25),
            "\"old\",\"misc/print\",\"code='\"\"s\"\"'\",1234.5,0.250000000\n");
}

TEST(SampleCsvLine, ReadsBackAsTheSameSample) {
  const std::string text =
      std::string(kSampleCsvHeader) +
      sample_csv_line("old", "fs/a, b", "s='x\"y'", 1.5, 2) +
      sample_csv_line("new", "fs/a, b", "s='x\"y'", 3, 1);
  const auto samples = parse_samples_csv(text, "written.csv");
  ASSERT_TRUE(samples.has_value()) << samples.error().message;
  ASSERT_EQ(samples->benchmarks().size(), 1u);
  EXPECT_EQ(samples->benchmarks()[0].name, "fs/a, b s='x\"y'");
  EXPECT_EQ(samples->benchmarks()[0].old_rates, std::vector<double>{1.5});
  EXPECT_EQ(samples->benchmarks()[0].new_rates, std::vector<double>{3});
}

}  // namespace
}  // namespace fpbench::reports
