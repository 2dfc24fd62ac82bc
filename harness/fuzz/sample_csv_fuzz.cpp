// libFuzzer target: any bytes through the CSV reader and, when they parse,
// through every report format. Nothing may crash, leak or trip a sanitizer.
//
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DFPBENCH_FUZZ=ON
//   cmake --build build-fuzz --target fpbench_sample_csv_fuzz
//   build-fuzz/harness/fpbench_sample_csv_fuzz -max_total_time=600 \
//       harness/fuzz/corpus harness/tests/data/compare-r

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fpbench/harness/compare_command.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  using fpbench::harness::ReportFormat;
  for (ReportFormat format : {ReportFormat::kText, ReportFormat::kMarkdown,
                              ReportFormat::kJson, ReportFormat::kCsv}) {
    const auto report =
        fpbench::harness::render_comparison(text, "fuzz", format, {});
    if (!report) break;  // a parse error is the same for every format
  }
  return 0;
}
