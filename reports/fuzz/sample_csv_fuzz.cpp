// libFuzzer target: any bytes through the CSV reader and, when they parse,
// through every report format. Nothing may crash, leak or trip a sanitizer.
//
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DFPBENCH_FUZZ=ON
//   cmake --build build-fuzz --target fpbench_sample_csv_fuzz
//   build-fuzz/reports/fpbench_sample_csv_fuzz -max_total_time=600 \
//       reports/fuzz/corpus reports/tests/data/compare-r

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fpbench/reports/report_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using fpbench::reports::ReportFormat;
  for (ReportFormat format :
       {ReportFormat::kText, ReportFormat::kMarkdown, ReportFormat::kJson,
        ReportFormat::kCsv, ReportFormat::kBmf,
        ReportFormat::kGithubActionBenchmark}) {
    const auto report =
        fpbench::reports::render_comparison(text, "fuzz", format, {});
    if (!report) break;  // a parse error is the same for every format
  }
  return 0;
}
