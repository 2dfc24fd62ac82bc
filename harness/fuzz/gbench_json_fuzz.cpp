// libFuzzer target: any bytes through the Google Benchmark and hyperfine
// JSON readers and, when they give samples, through the text report.
// Nothing may crash, leak or trip a sanitizer.
//
//   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DFPBENCH_FUZZ=ON
//   cmake --build build-fuzz --target fpbench_gbench_json_fuzz
//   build-fuzz/harness/fpbench_gbench_json_fuzz -max_total_time=600 \
//       harness/tests/data/gbench harness/tests/data/hyperfine

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fpbench/harness/compare_command.hpp"
#include "fpbench/harness/gbench_json.hpp"
#include "fpbench/harness/hyperfine_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data,
                                      std::size_t size) {
  using namespace fpbench;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (harness::TimeMetric metric :
       {harness::TimeMetric::kRealTime, harness::TimeMetric::kCpuTime}) {
    reports::SampleSet samples;
    std::vector<std::string> warnings;
    if (harness::add_gbench_json(text, "fuzz", reports::Binary::kOld, metric,
                                 samples, warnings)) {
      (void)harness::render_comparison(samples, harness::ReportFormat::kText,
                                       {});
    }
  }
  reports::SampleSet samples;
  std::vector<std::string> warnings;
  if (harness::add_hyperfine_json(text, "fuzz", reports::Binary::kNew, samples,
                                  warnings)) {
    (void)harness::render_comparison(samples, harness::ReportFormat::kText, {});
  }
  return 0;
}
