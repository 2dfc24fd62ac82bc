# The manual written from the option definitions (base/src/cli_docs.cpp):
# a man page per command in the build tree's man/, installed to man1 (and so
# into the .deb), and docs/cli.md's table, which a test holds equal to the
# committed one (`cmake --build build --target fpbench_update_cli_docs`
# rewrites it).
include(GNUInstallDirs)

set(FPBENCH_MAN_DIR "${PROJECT_BINARY_DIR}/man")
set(FPBENCH_MAN_PAGES
  fpbench fpbench-compare fpbench-run fpbench-gate fpbench-list
  fpbench-doctor fpbench-bisect fpbench-pr fpbench-nightly
  fpbench-config fpbench-config-check fpbench-config-get
  fpbench-history fpbench-history-record fpbench-history-detect
  fpbench-history-report fpbench-history-plot fpbench-history-merge
  fpbench-history-samples fpbench-history-html)
list(TRANSFORM FPBENCH_MAN_PAGES PREPEND "${FPBENCH_MAN_DIR}/")
list(TRANSFORM FPBENCH_MAN_PAGES APPEND ".1")
add_custom_command(OUTPUT ${FPBENCH_MAN_PAGES}
  COMMAND fpbench --man-pages "${FPBENCH_MAN_DIR}"
  COMMAND fpbench-history --man-pages "${FPBENCH_MAN_DIR}"
  DEPENDS fpbench fpbench-history
  COMMENT "Writing the man pages from the option definitions"
  VERBATIM)
add_custom_target(fpbench_man_pages ALL DEPENDS ${FPBENCH_MAN_PAGES})
install(FILES ${FPBENCH_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

set(FPBENCH_CLI_DOCS "${PROJECT_BINARY_DIR}/docs/cli.md")
add_custom_command(OUTPUT "${FPBENCH_CLI_DOCS}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/docs"
  COMMAND bash -c "\"$1\" --cli-table > \"$3.history\" && \"$2\" --cli-markdown \"$3.history\" > \"$3\""
          cli_docs $<TARGET_FILE:fpbench-history> $<TARGET_FILE:fpbench> "${FPBENCH_CLI_DOCS}"
  DEPENDS fpbench fpbench-history
  COMMENT "Writing docs/cli.md from the option definitions"
  VERBATIM)
add_custom_target(fpbench_cli_docs ALL DEPENDS "${FPBENCH_CLI_DOCS}")
add_custom_target(fpbench_update_cli_docs
  COMMAND "${CMAKE_COMMAND}" -E copy "${FPBENCH_CLI_DOCS}" "${PROJECT_SOURCE_DIR}/docs/cli.md"
  DEPENDS "${FPBENCH_CLI_DOCS}"
  VERBATIM)

if(FPBENCH_BUILD_TESTS)
  # Every option --help shows is on the command's page, as man renders it.
  add_test(NAME man_pages_match_help
    COMMAND bash "${PROJECT_SOURCE_DIR}/harness/tests/man_pages_test.sh"
            $<TARGET_FILE:fpbench> $<TARGET_FILE:fpbench-history> "${FPBENCH_MAN_DIR}")
  # cmake --install into a scratch prefix puts every page in share/man/man1.
  add_test(NAME man_pages_install
    COMMAND bash "${PROJECT_SOURCE_DIR}/harness/tests/man_install_test.sh"
            "${PROJECT_BINARY_DIR}" $<TARGET_FILE:fpbench-history>)
  # The .deb carries them (cpack builds every target: a long timeout).
  add_test(NAME man_pages_in_deb
    COMMAND bash "${PROJECT_SOURCE_DIR}/harness/tests/man_deb_test.sh"
            "${PROJECT_BINARY_DIR}" $<TARGET_FILE:fpbench> $<TARGET_FILE:fpbench-history>)
  set_tests_properties(man_pages_in_deb PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800
    LABELS packaging)
  # The committed docs/cli.md is the one the definitions write.
  add_test(NAME cli_docs_current
    COMMAND bash "${PROJECT_SOURCE_DIR}/harness/tests/cli_docs_test.sh"
            "${PROJECT_SOURCE_DIR}/docs/cli.md" "${FPBENCH_CLI_DOCS}")
  set_tests_properties(man_pages_match_help man_pages_install PROPERTIES
    SKIP_RETURN_CODE 77 TIMEOUT 300)
  set_tests_properties(man_pages_install PROPERTIES LABELS packaging)
endif()
