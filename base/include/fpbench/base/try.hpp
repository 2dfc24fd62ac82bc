#pragma once

// Passing an error up in one line, after abseil's RETURN_IF_ERROR and
// ASSIGN_OR_RETURN. Included by result.hpp; both macros work on any Result
// and return its error from a function whose Result's error type it converts
// to (an FsError passed up as an Error keeps its kind and message).
//
//   FPBENCH_TRY(write_file_atomically(path, text));
//   FPBENCH_ASSIGN_OR_RETURN(auto cpus, parse_cpu_list(text));
//   FPBENCH_ASSIGN_OR_RETURN(options.cpus, parse_cpu_list(text));
//
// The expression is evaluated once. It is a variadic argument so that a comma
// in a template argument list or a braced list does not split it.
// FPBENCH_ASSIGN_OR_RETURN expands to more than one statement in the
// enclosing scope (a declaration has to be visible after it), so it cannot be
// the lone body of an unbraced if or loop. It holds the Result by value (an
// lvalue Result passed in is copied, never moved from) and moves the value
// out into its left side; a reference on the left binds to the value in
// place instead, which lives to the end of the enclosing scope.

#include <utility>

#define FPBENCH_TRY(...)                                                   \
  FPBENCH_TRY_IMPL_(FPBENCH_TRY_CONCAT_(fpbench_try_result_, __COUNTER__), \
                    __VA_ARGS__)

#define FPBENCH_ASSIGN_OR_RETURN(lhs, ...) \
  FPBENCH_ASSIGN_OR_RETURN_IMPL_(          \
      FPBENCH_TRY_CONCAT_(fpbench_try_result_, __COUNTER__), lhs, __VA_ARGS__)

// Implementation: the temporary's name carries __COUNTER__ so that two uses in
// one scope, or one inside another's expression (a lambda), never collide or
// shadow.
#define FPBENCH_TRY_CONCAT_INNER_(a, b) a##b
#define FPBENCH_TRY_CONCAT_(a, b) FPBENCH_TRY_CONCAT_INNER_(a, b)

#define FPBENCH_TRY_IMPL_(result, ...)  \
  do {                                  \
    auto&& result = (__VA_ARGS__);      \
    if (!result) return result.error(); \
  } while (false)

#define FPBENCH_ASSIGN_OR_RETURN_IMPL_(result, lhs, ...) \
  auto result = (__VA_ARGS__);                           \
  if (!result) return result.error();                    \
  lhs = std::move(result).value()
