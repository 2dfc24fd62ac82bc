#pragma once

// Error: what went wrong (a kind) and in words (a message). The kind alone
// decides the exit code of every fpbench command, through exit_code() below
// and nowhere else. The fs core's errors carry Node's fields besides
// (core::FsError, fpbench/core/fs_error.hpp).

#include <string>
#include <utility>

namespace fpbench {

enum class ErrorKind {
  kUsage,      // the command line asks for something impossible
  kBadInput,   // an input file is malformed, missing, or holds the wrong things
  kNoSamples,  // an input well formed but empty (a header and no rows)
  kIo,      // a file, stream or database could not be written, read or reached
  kSystem,  // a system call failed (fork, pipe, exec, the fs core's calls)
  kBenchmarkFailed,  // a measured program failed, crashed or printed no result
  kInternal,         // fpbench or a tool it needs is broken or missing
  kUnavailable,      // this machine cannot measure what was asked (a counter)
};

struct Error {
  Error() = default;
  Error(ErrorKind kind_, std::string message_)
      : kind(kind_), message(std::move(message_)) {}

  ErrorKind kind = ErrorKind::kInternal;
  std::string message;  // complete human-readable sentence
};

inline Error usage_error(std::string message) {
  return {ErrorKind::kUsage, std::move(message)};
}
inline Error bad_input_error(std::string message) {
  return {ErrorKind::kBadInput, std::move(message)};
}
inline Error io_error(std::string message) {
  return {ErrorKind::kIo, std::move(message)};
}
inline Error benchmark_error(std::string message) {
  return {ErrorKind::kBenchmarkFailed, std::move(message)};
}
inline Error internal_error(std::string message) {
  return {ErrorKind::kInternal, std::move(message)};
}
inline Error unavailable_error(std::string message) {
  return {ErrorKind::kUnavailable, std::move(message)};
}

// "usage", "bad-input", "no-samples", "io", "system", "benchmark-failed",
// "internal", "unavailable".
constexpr const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUsage:
      return "usage";
    case ErrorKind::kBadInput:
      return "bad-input";
    case ErrorKind::kNoSamples:
      return "no-samples";
    case ErrorKind::kIo:
      return "io";
    case ErrorKind::kSystem:
      return "system";
    case ErrorKind::kBenchmarkFailed:
      return "benchmark-failed";
    case ErrorKind::kInternal:
      return "internal";
    case ErrorKind::kUnavailable:
      return "unavailable";
  }
  return "internal";
}

// Process exit codes. 0 and 1 are results: a command that found a regression
// did its work. 2 and 3 are errors, told apart so that a CI job can retry a
// failure (3) but not a mistake in its own command line or files (2).
inline constexpr int kExitOk = 0;
inline constexpr int kExitRegression = 1;
inline constexpr int kExitBadUsage = 2;
inline constexpr int kExitFailure = 3;

constexpr int exit_code(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUsage:
    case ErrorKind::kBadInput:
    case ErrorKind::kNoSamples:
      return kExitBadUsage;
    case ErrorKind::kIo:
    case ErrorKind::kSystem:
    case ErrorKind::kBenchmarkFailed:
    case ErrorKind::kInternal:
    case ErrorKind::kUnavailable:
      return kExitFailure;
  }
  return kExitFailure;
}

inline int exit_code(const Error& e) { return exit_code(e.kind); }

}  // namespace fpbench
