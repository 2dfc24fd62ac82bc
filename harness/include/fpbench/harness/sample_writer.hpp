#pragma once

// Writes samples in compare.js CSV (fpbench/reports/sample_csv.hpp) as they
// arrive, one line per write(2), so that a reader downstream sees each sample
// at once and a run that is killed loses nothing it had measured.
//
// A write that fails (a full disk) leaves a file holding whole rows only: it
// is cut back to where the last complete write ended, so that --resume can
// go on from it.

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

  // All of text, or an I/O error naming the file and the system's reason;
  // then a regular file is cut back to its size before this call.
  Result<void> write(std::string_view text);
  // Closes the file, reporting what close(2) reports (NFS and some full
  // disks say so only there).
  Result<void> close();

 private:
  SampleWriter(int fd, bool owned, std::string name, long long end)
      : fd_(fd), owned_(owned), name_(std::move(name)), end_(end) {}
  int fd_;
  bool owned_;
  std::string name_;
  long long end_;  // where the last whole write ended; -1: not a regular file
};

// Writes a whole document (the --json file) to `path`, replacing it as
// write_file_atomically does, so that no reader finds it cut off; the error
// is that function's, after the flag: "--json: cannot write 'PATH': REASON".
Result<void> write_document(const std::string& flag, const std::string& path,
                            std::string_view text);

// Whether two paths name one regular file: the same device and inode where
// both exist, else the same canonical path. Standard output is "-".
bool same_output_file(const std::string& a, const std::string& b);

// Fails with write_document's error (the flag, the path and the reason) when
// `path` cannot be opened for writing: its folder missing or read-only, a
// directory. Leaves an existing file as it is and creates none.
Result<void> check_writable(const std::string& flag, const std::string& path);

}  // namespace fpbench::harness
