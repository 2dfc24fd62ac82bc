# Test labels. Each test carries the labels of what it needs beyond fpbench's
# own code, so that a pass can leave out what only repeats another tool's
# work (ci/test.sh's sanitized pass):
#   packaging      builds a .deb or installs into a prefix
#   browser        headless Chromium
#   external-tool  runs node, valgrind or R
#   python         the plot script's Python tests
#   simulation     seeded Monte Carlo families (hundreds of thousands of paths)
#   fuzz           a libFuzzer target fed its corpus
# and ci/quick.sh runs what has none of the slow ones.

# fpbench_test_program_flags(TARGET)
# A gtest program's own files are half of the tree's compile and none of
# what fpbench ships: they are compiled six to a unit (a unity build, so
# gtest's and the libraries' headers are read once per six files) and at
# -O1 instead of Release's -O3. The libraries they test keep their own
# flags.
function(fpbench_test_program_flags target)
  set_target_properties(${target} PROPERTIES
    UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 6)
  target_compile_options(${target} PRIVATE
    $<$<CONFIG:Release>:-O1>)
endfunction()

# fpbench_discover_tests(TARGET [LABEL "Suite.*:Other.Test" ...])
# gtest_discover_tests for TARGET, with the tests matching each gtest filter
# given labelled LABEL, and the rest unlabelled. TARGET's own files are
# compiled as a test program's (fpbench_test_program_flags).
function(fpbench_discover_tests target)
  fpbench_test_program_flags(${target})
  set(rest "")
  set(args ${ARGN})
  list(LENGTH args n)
  set(i 0)
  while(i LESS n)
    list(GET args ${i} label)
    math(EXPR j "${i} + 1")
    list(GET args ${j} filter)
    gtest_discover_tests(${target} TEST_FILTER "${filter}"
      TEST_LIST ${target}_${label}_TESTS PROPERTIES LABELS ${label})
    if(rest STREQUAL "")
      set(rest "${filter}")
    else()
      set(rest "${rest}:${filter}")
    endif()
    math(EXPR i "${i} + 2")
  endwhile()
  if(rest STREQUAL "")
    gtest_discover_tests(${target})
  else()
    gtest_discover_tests(${target} TEST_FILTER "-${rest}"
      TEST_LIST ${target}_other_TESTS)
  endif()
endfunction()
