// fpbench's JSON Lines samples with every metric: the round trip, the errors
// a damaged file gives, choosing one metric's samples, and the table of a
// counted metric.

#include "fpbench/reports/metric_samples.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "fpbench/reports/comparison.hpp"
#include "fpbench/reports/metric_table.hpp"
#include "fpbench/reports/sample_sources.hpp"

namespace fpbench::reports {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

MetricReading reading(double value, const std::string& source) {
  MetricReading r;
  r.value = value;
  r.source = source;
  return r;
}

// A counting sample: syscalls with their names, and the waits too.
SampleRecord syscall_record(Binary binary, const std::string& configuration,
                            double openat, double read,
                            const std::string& source = "tracepoint") {
  SampleRecord r;
  r.binary = binary;
  r.filename = "fs/read-file-sync";
  r.configuration = configuration;
  r.iterations = 11;
  r.isa = "avx2";
  MetricReading s = reading(openat + read + 1, source);
  s.by_name = {{"openat", openat}, {"read", read}, {"close", 1}, {"fstat", 0}};
  r.metrics.emplace_back("syscalls", s);
  r.metrics.emplace_back("syscalls_all", reading(openat + read + 1, source));
  return r;
}

SampleRecord wall_record(Binary binary, double rate) {
  SampleRecord r;
  r.binary = binary;
  r.filename = "fs/read-file-sync";
  r.configuration = "size=1024";
  r.iterations = 20000;
  MetricReading w = reading(rate, "clock");
  w.time_s = 20000 / rate;
  r.metrics.emplace_back("wall", w);
  return r;
}

std::string jsonl(const std::vector<SampleRecord>& records) {
  std::string out;
  for (const SampleRecord& r : records) out += sample_jsonl_line(r);
  return out;
}

// A valid line with `metrics` spliced in, without its newline.
std::string line_with_metrics(const std::string& metrics) {
  return R"({"binary":"old","filename":"f","configuration":"c","metrics":)" +
         metrics + "}";
}

// Two good lines and then `bad` as the third.
Error error_at_line_three(const std::string& bad) {
  const std::string good =
      line_with_metrics(R"({"syscalls":{"value":4,"source":"tracepoint"}})");
  const auto r =
      parse_sample_jsonl(good + "\n" + good + "\n" + bad, "in.jsonl");
  EXPECT_FALSE(r.has_value()) << bad;
  return r ? Error{} : r.error();
}

TEST(MetricSamples, JsonLinesRoundTripKeepsEveryField) {
  // Names out of alphabetical order: they come back in the order written.
  std::vector<SampleRecord> records = {
      syscall_record(Binary::kOld, "size=1024", 1, 2),
      wall_record(Binary::kNew, 1234.5)};
  records[1].metrics.emplace_back("cpu", reading(7.25e-7, "rusage"));
  records[1].metrics.emplace_back("faults", reading(0, "rusage"));
  const std::string text = jsonl(records);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
  const auto parsed = parse_sample_jsonl(text, "in.jsonl");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  ASSERT_EQ(parsed->size(), records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    const SampleRecord& want = records[i];
    const SampleRecord& got = (*parsed)[i];
    EXPECT_EQ(got.binary, want.binary);
    EXPECT_EQ(got.filename, want.filename);
    EXPECT_EQ(got.configuration, want.configuration);
    EXPECT_EQ(got.iterations, want.iterations);
    EXPECT_EQ(got.isa, want.isa);
    ASSERT_EQ(got.metrics.size(), want.metrics.size()) << "record " << i;
    for (std::size_t k = 0; k < want.metrics.size(); ++k) {
      const auto& [want_name, want_reading] = want.metrics[k];
      const auto& [got_name, got_reading] = got.metrics[k];
      EXPECT_EQ(got_name, want_name);
      EXPECT_EQ(got_reading.value, want_reading.value) << want_name;
      EXPECT_EQ(got_reading.source, want_reading.source) << want_name;
      EXPECT_EQ(got_reading.time_s, want_reading.time_s) << want_name;
      EXPECT_EQ(got_reading.by_name, want_reading.by_name) << want_name;
    }
  }
  // And written again, byte for byte.
  EXPECT_EQ(jsonl(*parsed), text);
}

TEST(MetricSamples, OutcomesRoundTripAsNumbersAndTextsInTheirOrder) {
  SampleRecord r = wall_record(Binary::kOld, 1000);
  r.outcomes = {{"units", 1024.0},
                {"failed", 0.5},
                {"label", std::string("failed: EBADF (fstat)")}};
  const std::string text = sample_jsonl_line(r);
  const std::string want =
      "\"outcome\":{\"units\":1024.0,\"failed\":0.5,"
      "\"label\":\"failed: EBADF (fstat)\"}";
  EXPECT_TRUE(contains(text, want)) << text;
  const auto parsed = parse_sample_jsonl(text, "in.jsonl");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  ASSERT_EQ(parsed->front().outcomes.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(parsed->front().outcomes[i].first, r.outcomes[i].first);
    EXPECT_TRUE(
        same_outcome(parsed->front().outcomes[i].second, r.outcomes[i].second))
        << r.outcomes[i].first;
  }
  EXPECT_EQ(jsonl(*parsed), text);
}

TEST(MetricSamples, ALineWithoutOutcomeHasNoneAndIsWrittenWithoutOne) {
  // As every file written before outcomes existed.
  const std::string old_line =
      line_with_metrics(R"({"wall":{"value":5,"time":0.2,"source":"clock"}})") +
      "\n";
  const auto parsed = parse_sample_jsonl(old_line, "old.jsonl");
  ASSERT_TRUE(parsed.has_value()) << parsed.error().message;
  EXPECT_TRUE(parsed->front().outcomes.empty());
  EXPECT_FALSE(contains(jsonl(*parsed), "outcome"));
}

TEST(MetricSamples, AnOutcomeMustBeANumberOrAText) {
  for (const std::string outcome :
       {R"([1])", R"({"units":[1]})", R"({"ok":true})", R"({"n":null})"}) {
    const std::string line =
        R"({"binary":"old","filename":"f","configuration":"c","metrics":{"syscalls":{"value":4,"source":"tracepoint"}},"outcome":)" +
        outcome + "}\n";
    const Error e = error_at_line_three(line);
    EXPECT_EQ(e.kind, ErrorKind::kBadInput) << outcome;
    EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
    EXPECT_TRUE(contains(e.message, "outcome")) << e.message;
  }
}

TEST(MetricSamples, OutcomesCompareNumbersCloselyAndTextsExactly) {
  EXPECT_TRUE(same_outcome(1024.0, 1024.0 * (1 + 1e-12)));
  EXPECT_FALSE(same_outcome(1024.0, 1025.0));
  EXPECT_FALSE(same_outcome(0.0, 1e-300));
  EXPECT_TRUE(same_outcome(std::string("a"), std::string("a")));
  EXPECT_FALSE(same_outcome(std::string("1"), 1.0));
  EXPECT_EQ(outcome_text(1024.0), "1024");
  EXPECT_EQ(outcome_text(0.5), "0.5");
  EXPECT_EQ(outcome_text(std::string("failed: EBADF (read)")),
            "'failed: EBADF (read)'");
}

TEST(MetricSamples, ALineThatIsNotAnObjectNamesInputAndLine) {
  for (const std::string bad : {"[1, 2]", "42"}) {
    const Error e = error_at_line_three(bad + "\n");
    EXPECT_EQ(e.kind, ErrorKind::kBadInput);
    EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
    EXPECT_TRUE(contains(e.message, "not a JSON object")) << e.message;
  }
}

TEST(MetricSamples, ALineThatIsNotJsonSaysColumnAndWhatWasExpected) {
  const Error e = error_at_line_three(R"({"binary":"old", x})"
                                      "\n");
  EXPECT_EQ(e.kind, ErrorKind::kBadInput);
  EXPECT_EQ(e.message,
            "in.jsonl:3:18: invalid JSON: expected string literal, found "
            "invalid literal "
            "'\"old\", x'");
  EXPECT_FALSE(contains(e.message, "json.exception")) << e.message;
  EXPECT_FALSE(contains(e.message, "syntax error")) << e.message;
}

TEST(MetricSamples, BinaryMustBeOldOrNew) {
  const Error e = error_at_line_three(
      R"({"binary":"mid","filename":"f","configuration":"c","metrics":{"wall":{"value":1,"source":"clock"}}})"
      "\n");
  EXPECT_EQ(e.kind, ErrorKind::kBadInput);
  EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
  EXPECT_TRUE(contains(e.message, "\"mid\"")) << e.message;
}

TEST(MetricSamples, MissingOrEmptyMetricsAreAnError) {
  for (const std::string& bad :
       {std::string(R"({"binary":"old","filename":"f","configuration":"c"})"),
        line_with_metrics("{}"), line_with_metrics("[]")}) {
    const Error e = error_at_line_three(bad + "\n");
    EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
    EXPECT_TRUE(contains(e.message, "\"metrics\"")) << e.message;
  }
}

TEST(MetricSamples, NonFiniteOrNegativeValuesAreAnError) {
  // JSON has no NaN or infinity; a number too large for a double fails to
  // parse at all, and still names its line.
  const Error overflow = error_at_line_three(
      line_with_metrics(
          R"({"syscalls":{"value":1e999,"source":"tracepoint"}})") +
      "\n");
  EXPECT_EQ(overflow.kind, ErrorKind::kBadInput);
  EXPECT_EQ(overflow.message.rfind("in.jsonl:3:", 0), 0u) << overflow.message;
  EXPECT_TRUE(contains(overflow.message,
                       "invalid JSON: number overflow parsing '1e999'"))
      << overflow.message;
  for (const char* value : {"\"4\"", "null", "-1", "-0.5"}) {
    const Error e = error_at_line_three(
        line_with_metrics(std::string(R"({"syscalls":{"value":)") + value +
                          R"(,"source":"tracepoint"}})") +
        "\n");
    EXPECT_EQ(e.kind, ErrorKind::kBadInput) << value;
    EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u)
        << value << ": " << e.message;
    EXPECT_TRUE(contains(e.message, "'syscalls'"))
        << value << ": " << e.message;
  }
}

TEST(MetricSamples, AWallRateOfZeroIsAnError) {
  const Error e = error_at_line_three(
      line_with_metrics(R"({"wall":{"value":0,"time":1,"source":"clock"}})") +
      "\n");
  EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
  EXPECT_TRUE(contains(e.message, "'wall'")) << e.message;
  // Zero is a fine count for any other metric.
  const auto ok = parse_sample_jsonl(
      line_with_metrics(R"({"faults":{"value":0,"source":"rusage"}})") + "\n",
      "in.jsonl");
  EXPECT_TRUE(ok.has_value()) << ok.error().message;
}

TEST(MetricSamples, ByNameEntriesMustBeCounts) {
  for (const char* count : {"\"one\"", "null"}) {
    const Error e = error_at_line_three(
        line_with_metrics(
            std::string(
                R"({"syscalls":{"value":4,"source":"tracepoint","by_name":{"openat":)") +
            count + "}}}") +
        "\n");
    EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u)
        << count << ": " << e.message;
    EXPECT_TRUE(contains(e.message, "by_name 'openat' must be a count"))
        << e.message;
  }
  const Error e = error_at_line_three(
      line_with_metrics(
          R"({"syscalls":{"value":4,"source":"tracepoint","by_name":[1]}})") +
      "\n");
  EXPECT_TRUE(contains(e.message, "\"by_name\" must be an object"))
      << e.message;
  const Error negative = error_at_line_three(
      line_with_metrics(
          R"({"syscalls":{"value":4,"source":"tracepoint","by_name":{"openat":-1}}})") +
      "\n");
  EXPECT_EQ(negative.message,
            "in.jsonl:3: metric 'syscalls': by_name 'openat' -1 is negative: a "
            "count per "
            "operation must be zero or a positive, finite, normal number");
}

TEST(MetricSamples, WallRatesAndTimesMustBePositiveNormalNumbers) {
  const auto wall_error = [](const std::string& value,
                             const std::string& time) {
    return error_at_line_three(line_with_metrics(R"({"wall":{"value":)" +
                                                 value + R"(,"time":)" + time +
                                                 R"(,"source":"clock"}})") +
                               "\n")
        .message;
  };
  EXPECT_EQ(wall_error("-3", "1"),
            "in.jsonl:3: metric 'wall': rate -3 is negative: a rate must be a "
            "positive, finite, "
            "normal number of operations per second");
  EXPECT_EQ(wall_error("1e-310", "1"),
            "in.jsonl:3: metric 'wall': rate 1e-310 is subnormal (below "
            "2.2e-308): a rate must "
            "be a positive, finite, normal number of operations per second");
  EXPECT_EQ(wall_error("5", "0"),
            "in.jsonl:3: metric 'wall': time 0 is zero: a time must be a "
            "positive, finite, "
            "normal number of seconds");
  EXPECT_EQ(wall_error("5", "-1.5"),
            "in.jsonl:3: metric 'wall': time -1.5 is negative: a time must be "
            "a positive, "
            "finite, normal number of seconds");
  EXPECT_EQ(error_at_line_three(
                line_with_metrics(
                    R"({"faults":{"value":1e-320,"source":"rusage"}})") +
                "\n")
                .message,
            "in.jsonl:3: metric 'faults': value 1e-320 is subnormal (below "
            "2.2e-308): a count "
            "per operation must be zero or a positive, finite, normal number");
}

TEST(MetricSamples, ALastLineWithoutNewlineIsAnInterruptedWrite) {
  const std::string good = sample_jsonl_line(wall_record(Binary::kOld, 1000));
  std::string cut = good;
  cut.pop_back();
  const Error e = error_at_line_three(cut);
  EXPECT_EQ(e.kind, ErrorKind::kBadInput);
  EXPECT_EQ(e.message.rfind("in.jsonl:3: ", 0), 0u) << e.message;
  EXPECT_TRUE(contains(e.message, "no newline")) << e.message;
  // Even a line cut mid-object says so, not that it is bad JSON.
  const Error half = error_at_line_three(good.substr(0, good.size() / 2));
  EXPECT_TRUE(contains(half.message, "no newline")) << half.message;
}

TEST(MetricSamples, AByteOrderMarkIsAccepted) {
  const std::string text =
      "\xEF\xBB\xBF" + jsonl({wall_record(Binary::kOld, 1000)});
  const auto r = parse_sample_jsonl(text, "in.jsonl");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  ASSERT_EQ(r->size(), 1u);
  EXPECT_EQ((*r)[0].find("wall")->value, 1000);
  EXPECT_TRUE(looks_like_sample_jsonl(text));
}

TEST(MetricSamples, BlankLinesAreSkippedButAnEmptyFileIsAnError) {
  const auto r = parse_sample_jsonl(
      "\n" + sample_jsonl_line(wall_record(Binary::kOld, 1000)) + "  \r\n",
      "in.jsonl");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->size(), 1u);
  const auto empty = parse_sample_jsonl("\n\n", "in.jsonl");
  ASSERT_FALSE(empty.has_value());
  EXPECT_EQ(empty.error().kind, ErrorKind::kBadInput);
  EXPECT_TRUE(contains(empty.error().message, "in.jsonl"))
      << empty.error().message;
}

TEST(MetricSamples, LooksLikeJsonLinesOnlyWhenItOpensAnObject) {
  EXPECT_TRUE(looks_like_sample_jsonl("{\"binary\":\"old\"}\n"));
  EXPECT_TRUE(looks_like_sample_jsonl(" \r\n\t{"));
  EXPECT_TRUE(looks_like_sample_jsonl("\xEF\xBB\xBF{"));
  EXPECT_FALSE(looks_like_sample_jsonl(
      "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n"));
  EXPECT_FALSE(looks_like_sample_jsonl("[{}]"));
  EXPECT_FALSE(looks_like_sample_jsonl(""));
  EXPECT_FALSE(looks_like_sample_jsonl(" \n"));
  EXPECT_FALSE(looks_like_sample_jsonl("\xEF\xBB\xBF"));
}

TEST(MetricSamples, AnUnknownMetricIsAUsageErrorListingTheNames) {
  const auto r =
      select_metric({wall_record(Binary::kOld, 1)}, "branches", "in.jsonl");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  EXPECT_TRUE(contains(r.error().message, "'branches'")) << r.error().message;
  for (std::string_view name : known_metrics()) {
    EXPECT_TRUE(contains(r.error().message, std::string(name)))
        << r.error().message;
  }
  EXPECT_TRUE(contains(r.error().message, "syscalls:NAME"))
      << r.error().message;
  // "syscalls:" alone names no system call.
  EXPECT_FALSE(
      select_metric({wall_record(Binary::kOld, 1)}, "syscalls:", "in.jsonl"));
}

TEST(MetricSamples, SyscallsColonNamePicksTheCountByName) {
  const std::vector<SampleRecord> records = {
      syscall_record(Binary::kOld, "size=1024", 1, 3),
      syscall_record(Binary::kOld, "size=1024", 1, 3),
      syscall_record(Binary::kNew, "size=1024", 2, 1),
      syscall_record(Binary::kNew, "size=1024", 2, 1)};
  const auto r = select_metric(records, "syscalls:openat", "in.jsonl");
  ASSERT_TRUE(r.has_value()) << r.error().message;
  EXPECT_EQ(r->metric, "syscalls:openat");
  EXPECT_EQ(r->source, "tracepoint");
  EXPECT_TRUE(r->info.lower_is_better);
  ASSERT_EQ(r->samples.benchmarks().size(), 1u);
  EXPECT_EQ(r->samples.benchmarks()[0].old_rates, (std::vector<double>{1, 1}));
  EXPECT_EQ(r->samples.benchmarks()[0].new_rates, (std::vector<double>{2, 2}));
  // A zero count is a count.
  const auto fstat = select_metric(records, "syscalls:fstat", "in.jsonl");
  ASSERT_TRUE(fstat.has_value()) << fstat.error().message;
  EXPECT_EQ(fstat->samples.benchmarks()[0].new_rates,
            (std::vector<double>{0, 0}));
  // The total, not the name.
  const auto all = select_metric(records, "syscalls", "in.jsonl");
  ASSERT_TRUE(all.has_value());
  EXPECT_EQ(all->samples.benchmarks()[0].old_rates,
            (std::vector<double>{5, 5}));
}

TEST(MetricSamples, ASystemCallNotCountedByNameIsAnError) {
  const auto r = select_metric({syscall_record(Binary::kOld, "size=1", 1, 1)},
                               "syscalls:mmap", "in.jsonl");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_TRUE(contains(r.error().message, "in.jsonl")) << r.error().message;
  EXPECT_TRUE(contains(r.error().message, "'mmap'")) << r.error().message;
}

TEST(MetricSamples, OneMetricFromTwoSourcesIsRefused) {
  const auto r =
      select_metric({syscall_record(Binary::kOld, "size=1", 1, 1, "tracepoint"),
                     syscall_record(Binary::kNew, "size=1", 1, 1, "ptrace")},
                    "syscalls", "in.jsonl");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_TRUE(contains(r.error().message, "tracepoint")) << r.error().message;
  EXPECT_TRUE(contains(r.error().message, "ptrace")) << r.error().message;
}

TEST(MetricSamples, AMetricNoRecordHasListsThoseThatArePresent) {
  const auto r = select_metric({wall_record(Binary::kOld, 1000),
                                syscall_record(Binary::kNew, "size=1", 1, 1)},
                               "instructions", "in.jsonl");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().kind, ErrorKind::kBadInput);
  EXPECT_TRUE(contains(r.error().message, "'instructions'"))
      << r.error().message;
  EXPECT_TRUE(contains(r.error().message, "wall, syscalls, syscalls_all"))
      << r.error().message;
}

TEST(MetricSamples, MetricsPresentFollowTheKnownOrder) {
  SampleRecord odd = wall_record(Binary::kOld, 1000);
  odd.metrics.insert(odd.metrics.begin(), {"faults", reading(0, "rusage")});
  odd.metrics.emplace_back("custom", reading(1, "elsewhere"));
  SampleRecord counted;
  counted.metrics.emplace_back("instructions", reading(1e6, "valgrind"));
  counted.metrics.emplace_back("cpu", reading(1e-6, "rusage"));
  EXPECT_EQ(
      metrics_present({odd, counted}),
      (std::vector<std::string>{"wall", "cpu", "instructions", "faults"}));
  EXPECT_TRUE(metrics_present({}).empty());
}

TEST(MetricSamples, SelectMetricsDescribesEachMetricForTheGate) {
  LoadedSamples loaded;
  loaded.has_metrics = true;
  loaded.input_name = "in.jsonl";
  loaded.records = {wall_record(Binary::kOld, 1000),
                    wall_record(Binary::kNew, 1100),
                    syscall_record(Binary::kOld, "size=1024", 1, 1),
                    syscall_record(Binary::kNew, "size=1024", 1, 1)};
  loaded.records[0].metrics.emplace_back("instructions",
                                         reading(1e6, "valgrind"));
  loaded.records[1].metrics.emplace_back("cpu", reading(1e-6, "rusage"));
  const auto all = select_metrics(loaded, {});
  ASSERT_TRUE(all.has_value()) << all.error().message;
  std::vector<std::string> names;
  for (const MetricInput& m : *all) names.push_back(m.metric);
  EXPECT_EQ(names, (std::vector<std::string>{"wall", "cpu", "instructions",
                                             "syscalls", "syscalls_all"}));
  const MetricInput& wall = (*all)[0];
  EXPECT_FALSE(wall.lower_is_better);
  EXPECT_FALSE(wall.exact_noise_floor.has_value());
  EXPECT_EQ(wall.description, "rate_ops_per_s");
  EXPECT_FALSE(
      (*all)[1].exact_noise_floor.has_value());  // CPU time is never exact
  const MetricInput& instructions = (*all)[2];
  EXPECT_TRUE(instructions.lower_is_better);
  ASSERT_TRUE(instructions.exact_noise_floor.has_value());
  EXPECT_EQ(*instructions.exact_noise_floor, 1e-4);
  EXPECT_EQ(
      instructions.description,
      "instructions: instructions per operation (valgrind), lower is better");
  EXPECT_EQ((*all)[3].exact_noise_floor, 0.0);

  const auto one = select_metrics(loaded, {"syscalls:openat"});
  ASSERT_TRUE(one.has_value()) << one.error().message;
  ASSERT_EQ(one->size(), 1u);
  EXPECT_EQ((*one)[0].samples.sample_count(), 2u);
  EXPECT_EQ((*one)[0].exact_noise_floor, 0.0);

  const auto bad = select_metrics(loaded, {"wall", "branches"});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().kind, ErrorKind::kUsage);
}

TEST(MetricSamples, SelectMetricsOnACsvOffersWallOnly) {
  LoadedSamples loaded;
  loaded.samples.add(Binary::kOld, "a", "n=1", 10);
  loaded.metric_description = "rate_ops_per_s";
  const auto wall = select_metrics(loaded, {});
  ASSERT_TRUE(wall.has_value());
  ASSERT_EQ(wall->size(), 1u);
  EXPECT_EQ((*wall)[0].metric, "wall");
  EXPECT_EQ((*wall)[0].samples.sample_count(), 1u);
  const auto counted = select_metrics(loaded, {"syscalls"});
  ASSERT_FALSE(counted.has_value());
  EXPECT_EQ(counted.error().kind, ErrorKind::kUsage);
  EXPECT_TRUE(contains(counted.error().message, "'syscalls'"))
      << counted.error().message;
}

// --- The table of one counted metric -----------------------------------

SampleRecord count_record(Binary binary, const std::string& filename,
                          const std::string& configuration,
                          const std::string& metric, double value,
                          const std::string& source) {
  SampleRecord r;
  r.binary = binary;
  r.filename = filename;
  r.configuration = configuration;
  r.metrics.emplace_back(metric, reading(value, source));
  return r;
}

MetricSamples selected(const std::vector<SampleRecord>& records,
                       const std::string& metric) {
  auto r = select_metric(records, metric, "in.jsonl");
  EXPECT_TRUE(r.has_value()) << r.error().message;
  return r ? std::move(*r) : MetricSamples{};
}

// 5 system calls per operation on old, 4 on new, in every sample.
std::vector<SampleRecord> exact_syscalls(
    const std::string& filename = "fs/read-file-sync",
    const std::string& configuration = "size=1024") {
  std::vector<SampleRecord> out;
  for (int i = 0; i < 3; ++i) {
    out.push_back(count_record(Binary::kOld, filename, configuration,
                               "syscalls", 5, "tracepoint"));
    out.push_back(count_record(Binary::kNew, filename, configuration,
                               "syscalls", 4, "tracepoint"));
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

TEST(MetricTable, HeaderNamesMetricDescriptionSourceAndDirection) {
  const MetricSamples s = selected(exact_syscalls(), "syscalls");
  const std::string text = format_metric_text(s, build_comparison(s.samples));
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_GE(lines.size(), 3u) << text;
  EXPECT_EQ(lines[0],
            "syscalls: system calls per operation, lower is better (source: "
            "tracepoint)");
  EXPECT_TRUE(contains(lines[1], "old")) << text;
  EXPECT_TRUE(contains(lines[1], "accuracy (*)")) << text;
}

TEST(MetricTable, ExactRowsSayExactAndTheChange) {
  const MetricSamples s = selected(exact_syscalls(), "syscalls");
  const std::string text = format_metric_text(s, build_comparison(s.samples));
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 3u) << text;
  const std::string& row = lines[2];
  EXPECT_EQ(row.rfind("fs/read-file-sync size=1024", 0), 0u) << text;
  EXPECT_TRUE(contains(row, " 5.00 ")) << text;
  EXPECT_TRUE(contains(row, " 4.00 ")) << text;
  EXPECT_TRUE(contains(row, "-20.00 %")) << text;
  EXPECT_TRUE(contains(row, "exact")) << text;
  EXPECT_FALSE(contains(row, "*")) << text;
  EXPECT_FALSE(contains(row, "±")) << text;
}

TEST(MetricTable, NoisyRowsGetStarsAndAccuracy) {
  // CPU seconds per operation: 2.0 vs 1.0 microseconds with a little noise.
  std::vector<SampleRecord> records;
  const std::vector<double> jitter = {-0.03, 0.01,  0.02, -0.01,
                                      0.04,  -0.02, 0.0,  0.015};
  for (double j : jitter) {
    records.push_back(count_record(Binary::kOld, "fs/stat", "n=1", "cpu",
                                   2e-6 * (1 + j), "rusage"));
    records.push_back(count_record(Binary::kNew, "fs/stat", "n=1", "cpu",
                                   1e-6 * (1 - j), "rusage"));
  }
  const MetricSamples s = selected(records, "cpu");
  const std::string text = format_metric_text(s, build_comparison(s.samples));
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 3u) << text;
  EXPECT_TRUE(contains(lines[2], "***")) << text;
  EXPECT_TRUE(contains(lines[2], "±")) << text;
  EXPECT_TRUE(contains(lines[2], "%")) << text;
  EXPECT_FALSE(contains(lines[2], "exact")) << text;
}

TEST(MetricTable, NoLineEndsInASpace) {
  std::vector<SampleRecord> records = exact_syscalls();
  // A row with a missing side leaves its last columns empty.
  records.push_back(count_record(Binary::kOld, "fs/only-old", "a=1", "syscalls",
                                 3, "tracepoint"));
  records.push_back(count_record(Binary::kOld,
                                 "fs/a-much-longer-benchmark-name", "mode='x'",
                                 "syscalls", 7, "tracepoint"));
  records.push_back(count_record(Binary::kNew,
                                 "fs/a-much-longer-benchmark-name", "mode='x'",
                                 "syscalls", 7, "tracepoint"));
  const MetricSamples s = selected(records, "syscalls");
  const std::string text = format_metric_text(s, build_comparison(s.samples));
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 5u) << text;
  for (const std::string& line : lines) {
    ASSERT_FALSE(line.empty()) << text;
    EXPECT_NE(line.back(), ' ') << "'" << line << "'";
  }
  EXPECT_EQ(text.back(), '\n');
}

TEST(MetricTable, MarkdownEscapesNames) {
  const MetricSamples s =
      selected(exact_syscalls("fs/read_file*", "code='a|b'"), "syscalls");
  const std::string md = format_metric_markdown(s, build_comparison(s.samples));
  EXPECT_EQ(
      md.rfind(
          "**syscalls: system calls per operation, lower is better (source: "
          "tracepoint)**\n",
          0),
      0u)
      << md;
  EXPECT_TRUE(contains(md, "| fs/read\\_file\\* code='a\\|b' |")) << md;
  EXPECT_FALSE(contains(md, "a|b")) << md;
  EXPECT_TRUE(contains(md, "| exact |")) << md;
  EXPECT_TRUE(contains(md, "| -20.00 % |")) << md;
}

}  // namespace
}  // namespace fpbench::reports
