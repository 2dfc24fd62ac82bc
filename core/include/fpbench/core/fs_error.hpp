#pragma once

// The fs core's errors, in the shape of Node's: besides base's kind and
// message, err.code ("ENOENT", "ERR_FS_FILE_TOO_LARGE"), errno as Node
// reports it, the failing call and the path. Inside fpbench::core, Result<T>
// carries one; passed up to code that expects an Error it keeps its kind and
// message.

#include <string>
#include <utility>

#include "fpbench/base/result.hpp"

namespace fpbench::core {

struct FsError : Error {
  FsError() = default;
  // An error of base's (a usage or I/O error) without Node's fields.
  FsError(Error error) : Error(std::move(error)) {}

  std::string code;
  int errno_value = 0;  // the negated C errno, as Node has it: -2 for ENOENT
  std::string syscall;  // "open"
  std::string path;
};

template <class T>
using Result = fpbench::Result<T, FsError>;

// An error with Node's err.code, e.g. ("ERR_STRING_TOO_LONG", "Cannot create
// ...").
inline FsError coded_error(ErrorKind kind, std::string code,
                           std::string message) {
  FsError e(Error(kind, std::move(message)));
  e.code = std::move(code);
  return e;
}

}  // namespace fpbench::core
