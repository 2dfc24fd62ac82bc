#pragma once

// Writing a whole file (a report, a --json document, a dashboard page) so
// that whoever reads it, during the write or after a crash, finds the old
// content or the new, never a part of either.

#include <string>
#include <string_view>

#include "fpbench/base/result.hpp"

namespace fpbench {

// Whether the new content is on the disk before it takes the file's name.
// Without the fsync a crash soon after the rename can leave an empty file
// under the name (XFS, ext4 mounted with noauto_da_alloc); with it every file
// costs a wait for the disk, about 1.4 ms on the project's machine, which
// for a thousand regenerated pages is more than writing them.
enum class Durability {
  kSynced,    // documents a run or a job keeps (--json, reports)
  kUnsynced,  // files that the next run writes again whole (dashboard pages)
};

// Replaces the file at `path` with `text`: written to a temporary file in the
// same folder, flushed with fsync unless kUnsynced, then renamed over `path`.
// A failure removes the temporary and leaves `path` as it was.
//
// What cannot be replaced is written in place instead: a path that names
// something other than a regular file (/dev/stdout, /dev/full, a FIFO), and
// an existing file whose folder does not let a new file be made beside it.
// A symbolic link is followed, so its target is replaced and the link stays.
// A replaced file keeps its permissions; a new one gets 0666 less the umask.
//
// Every error is kIo, worded "cannot write 'PATH': REASON", REASON being the
// system's for the call that failed.
[[nodiscard]] Result<void> write_file_atomically(
    const std::string& path, std::string_view text,
    Durability durability = Durability::kSynced);

// That wording, for a writer that checks or writes a file itself: kIo,
// "cannot write 'PATH': " and strerror(error).
[[nodiscard]] Error file_write_error(const std::string& path, int error);

}  // namespace fpbench
