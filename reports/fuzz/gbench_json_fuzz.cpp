// libFuzzer target: any bytes through the Google Benchmark and hyperfine
// JSON readers and, when they give samples, through the text report.
// Nothing may crash, leak or trip a sanitizer.
//
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DFPBENCH_FUZZ=ON
//   cmake --build build-fuzz --target fpbench_gbench_json_fuzz
//   build-fuzz/reports/fpbench_gbench_json_fuzz -max_total_time=600 \
//       reports/tests/data/gbench reports/tests/data/hyperfine

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/reports/gbench_json.hpp"
#include "fpbench/reports/hyperfine_json.hpp"
#include "fpbench/reports/report_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  using namespace fpbench::reports;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (TimeMetric metric : {TimeMetric::kRealTime, TimeMetric::kCpuTime}) {
    SampleSet samples;
    std::vector<std::string> warnings;
    if (add_gbench_json(text, "fuzz", Binary::kOld, metric, samples,
                        warnings)) {
      (void)render_comparison(samples, ReportFormat::kText, {});
    }
  }
  SampleSet samples;
  std::vector<std::string> warnings;
  if (add_hyperfine_json(text, "fuzz", Binary::kNew, samples, warnings)) {
    (void)render_comparison(samples, ReportFormat::kText, {});
  }
  return 0;
}
