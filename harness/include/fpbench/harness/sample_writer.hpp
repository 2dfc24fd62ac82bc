#pragma once

// Writes samples in compare.js CSV (fpbench/reports/sample_csv.hpp) as they arrive, one line per write(2), so
// that a reader downstream sees each sample at once and a run that is killed
// loses nothing it had measured.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench::harness {

class SampleWriter {
 public:
  // path "-" is standard output. append: keep what the file holds (resume).
  static Result<SampleWriter> open(const std::string& path, bool append);
  SampleWriter(SampleWriter&& other) noexcept;
  SampleWriter(const SampleWriter&) = delete;
  SampleWriter& operator=(const SampleWriter&) = delete;
  SampleWriter& operator=(SampleWriter&&) = delete;
  ~SampleWriter();

  Result<void> write(std::string_view text);

 private:
  SampleWriter(int fd, bool owned, std::string name) : fd_(fd), owned_(owned), name_(std::move(name)) {}
  int fd_;
  bool owned_;
  std::string name_;
};

}  // namespace fpbench::harness
