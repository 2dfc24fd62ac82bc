# Writes the header behind `fpbench-scenarios --build-info`. Runs at every
# build (cmake -P), so the commit is the one built even when commits were made
# without reconfiguring; the header is replaced only when its text changes,
# so an unchanged commit rebuilds nothing.
#
#   cmake -DCONFIG_FILE=F -DSOURCE_DIR=D -DCOMMIT=SHA -DOUTPUT=H -P build_info.cmake
#
# CONFIG_FILE sets compiler, flags and build_type (known when CMake generates).
# COMMIT, when not empty, is reported as given: for sources without their own
# git checkout, such as ci/pr-gate's `git archive` trees. Otherwise the commit
# is `git rev-parse HEAD` of SOURCE_DIR with "-dirty" appended when tracked
# files differ from it, and "unknown" when SOURCE_DIR is not the top of a git
# work tree (a tree unpacked inside another checkout must not report that
# checkout's commit).
include("${CONFIG_FILE}")

function(git_commit out)
  set(${out} "unknown" PARENT_SCOPE)
  execute_process(COMMAND git rev-parse --show-toplevel
    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc
    OUTPUT_VARIABLE top OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT rc EQUAL 0)
    return()
  endif()
  file(REAL_PATH "${top}" top)
  file(REAL_PATH "${SOURCE_DIR}" source)
  if(NOT top STREQUAL source)
    return()
  endif()
  execute_process(COMMAND git rev-parse HEAD
    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc
    OUTPUT_VARIABLE sha OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT rc EQUAL 0)
    return()
  endif()
  execute_process(COMMAND git diff --quiet HEAD --
    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE dirty ERROR_QUIET)
  if(dirty EQUAL 1)
    string(APPEND sha "-dirty")
  endif()
  set(${out} "${sha}" PARENT_SCOPE)
endfunction()

function(c_string out value)
  string(REPLACE "\\" "\\\\" value "${value}")
  string(REPLACE "\"" "\\\"" value "${value}")
  set(${out} "\"${value}\"" PARENT_SCOPE)
endfunction()

if(COMMIT)
  set(commit "${COMMIT}")
else()
  git_commit(commit)
endif()
string(REGEX REPLACE "  +" " " flags "${flags}")
string(STRIP "${flags}" flags)

c_string(compiler_c "${compiler}")
c_string(flags_c "${flags}")
c_string(build_type_c "${build_type}")
c_string(commit_c "${commit}")
file(WRITE "${OUTPUT}.tmp" "\
// Generated at build time by scenarios/cmake/build_info.cmake.
#pragma once

namespace fpbench::scenarios::build_info {
inline constexpr const char* kCompiler = ${compiler_c};
inline constexpr const char* kFlags = ${flags_c};
inline constexpr const char* kBuildType = ${build_type_c};
inline constexpr const char* kCommit = ${commit_c};
}  // namespace fpbench::scenarios::build_info
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
