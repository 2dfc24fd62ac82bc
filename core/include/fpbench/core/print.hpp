#pragma once

// console.log(value) to a file descriptor: what `node -p CODE` does last,
// and what Node's benchmark/misc/print.js measures. Three implementations:
//
//   baseline  the layers Node's console.log goes through: format into a
//             fresh string (inspect(), Node's algorithm), append "\n", hand
//             it to a console that hands it to a Writable-like stream with
//             its own buffer, state and write callbacks, which writes it
//             through to the descriptor.
//   fast      format straight into one reused buffer (fast::format_line),
//             then one write(2).
//   floor     one write(2) of bytes formatted beforehand: the bound.
//
// All three write every byte or fail: partial writes and EINTR continue,
// EAGAIN on a non-blocking descriptor waits in poll() for POLLOUT, and a
// reader that went away ends with the error "EPIPE: broken pipe, write"
// (code EPIPE, syscall write), never with death by SIGPIPE: each write
// blocks SIGPIPE for the calling thread and consumes the signal it raised,
// unless ignore_sigpipe() was called, which makes the writes cheaper by two
// system calls.

#include <string>
#include <string_view>

#include "fpbench/core/fs_error.hpp"
#include "fpbench/core/inspect.hpp"

namespace fpbench::core {

// Sets SIGPIPE to SIG_IGN for the whole process, as Node does at start-up,
// and lets every print skip blocking it around each write. Only for
// programs that own their signal dispositions (fpbench-print, benchmark
// bodies): anything that later restores SIGPIPE's default undoes the
// protection these functions promise.
Result<void> ignore_sigpipe();

namespace baseline {
Result<void> print(int fd, const Value& value);
}  // namespace baseline

namespace fast {
Result<void> print(int fd, const Value& value);
// console.log's bytes for value (log_line(value)) appended to out, formatted
// in place: entries are written once and only moved when a layout decision
// needs it. Exactly the bytes of log_line().
void format_line(const Value& value, std::string& out);
}  // namespace fast

namespace floor {
// One write(2) of bytes already formatted (with their "\n"), continued
// through partial writes and EAGAIN as above.
Result<void> print_bytes(int fd, std::string_view preformatted);
}  // namespace floor

}  // namespace fpbench::core
