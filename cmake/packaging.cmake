# Installation and the Debian package.
#
#   cmake --install build --prefix /opt/fpbench
#   (cd build && cpack -G DEB)
#
# fpbench goes to bin/; the programs it runs (fpbench-history, and
# fpbench-scenarios with fpbench-print, which must stay beside it) and
# libfpbench-preload.so to libexec/fpbench/; the plot script to share/fpbench/. fpbench finds each
# relative to its own executable, so a prefix can be moved as a whole.
include(GNUInstallDirs)

install(TARGETS fpbench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS fpbench-history fpbench-scenarios fpbench-print fpbench-counted-exec
  RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/fpbench)
# The counters fpbench run loads into the programs it measures.
install(TARGETS fpbench_preload fpbench_node_callgrind
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/fpbench)
# The plot script with the modules it imports from its own directory.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/reports/plot/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fpbench
  FILES_MATCHING PATTERN "*.py"
  PATTERN "test_*" EXCLUDE PATTERN "testdata" EXCLUDE PATTERN "__pycache__" EXCLUDE)

set(CPACK_PACKAGE_NAME fpbench)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Benchmark comparisons with compare.R's statistics, PR gate and nightly history")
set(CPACK_PACKAGE_CONTACT "fpbench maintainers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# The shared libraries the programs link (fmt, SQLite, libpq, libuv, ...)
# as dpkg-shlibdeps finds them; matplotlib is run, not linked, and ICU is
# loaded with dlopen when a name outside ASCII is sorted, so neither shows
# in the programs' NEEDED entries.
string(REGEX MATCH "^[0-9]+" FPBENCH_ICU_MAJOR "${ICU_VERSION}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "python3, python3-matplotlib, libicu${FPBENCH_ICU_MAJOR}")
include(CPack)
