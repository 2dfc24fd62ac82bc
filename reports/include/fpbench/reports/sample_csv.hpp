#pragma once

// Node's compare.js sample CSV, read and written.
//
// Format: a header "binary","filename","configuration","rate","time", then
// one row per sample; binary is old or new, rate in operations per second,
// time in seconds. Fields follow RFC 4180 (a quoted field may hold commas,
// newlines and doubled "" quotes). The pre-2021 form, fields separated by
// ", ", is read the way R's read.csv reads it: the space before a quoted
// field stays part of the field. Blank lines are skipped; CRLF is accepted.
// The header repeated further down is skipped, so the files of a sharded run
// (fpbench run --shard) read as one when joined with cat.
//
// Errors name the source and the line where the offending record starts:
// "results.csv:12: rate 'abc' is not a number".

#include <string>
#include <string_view>
#include <vector>

#include "fpbench/base/result.hpp"
#include "fpbench/reports/samples.hpp"

namespace fpbench::reports {

Result<SampleSet> parse_samples_csv(std::string_view text,
                                    std::string_view source_name);

// One row with its time, which the SampleSet leaves out.
struct SampleCsvRow {
  Binary binary = Binary::kOld;
  std::string filename;
  std::string configuration;
  double rate_ops_per_s = 0;
  double time_s = 0;
};

// The same rows, in file order.
Result<std::vector<SampleCsvRow>> parse_sample_csv_rows(
    std::string_view text, std::string_view source_name);

inline constexpr std::string_view kSampleCsvHeader =
    "\"binary\",\"filename\",\"configuration\",\"rate\",\"time\"\n";

// One CSV line: "old","fs/x","key='v'",1234.5,0.25 (quotes doubled inside).
std::string sample_csv_line(std::string_view binary, std::string_view filename,
                            std::string_view configuration,
                            double rate_ops_per_s, double time_s);

}  // namespace fpbench::reports
