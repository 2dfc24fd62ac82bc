# uPlot, the dashboard's chart library: MIT, about 50 KB minified, and it
# draws 10,000-point series on a canvas in milliseconds. It is vendored when
# the build runs, from the npm registry with `npm pack`, checked against the
# SHA-512 pinned here (npm's "integrity" of that version), and built into
# fpbench-history with the dashboard's own script and style sheet. Nothing of
# it is committed. Offline, configure with -DFPBENCH_UPLOT_TARBALL=FILE.

set(FPBENCH_UPLOT_VERSION 1.6.32)
# npm view uplot@1.6.32 dist.integrity, as hex
set(FPBENCH_UPLOT_SHA512
    2883159c6ebccefbb95d751b0b82d010f9e1c0ec41b8bc96d401eda66e882935c89a46cb824332fa369b8cb8122cc6ac36e186cd09bf7a9ded3a4c93c6989023)
set(FPBENCH_UPLOT_TARBALL "" CACHE FILEPATH
    "uplot-${FPBENCH_UPLOT_VERSION}.tgz to build in instead of fetching it with npm (offline builds)")
find_program(FPBENCH_NPM npm)
if(NOT FPBENCH_NPM AND NOT FPBENCH_UPLOT_TARBALL)
  message(WARNING "fpbench: npm not found and FPBENCH_UPLOT_TARBALL not set: building "
                  "fpbench-history will fail (install npm, or see reports/web/web_assets.cmake)")
endif()

set(fpbench_web_dir "${CMAKE_CURRENT_SOURCE_DIR}/web")
set(fpbench_web_cpp "${CMAKE_CURRENT_BINARY_DIR}/generated/web_assets.cpp")
add_custom_command(
  OUTPUT "${fpbench_web_cpp}"
  COMMAND "${CMAKE_COMMAND}"
          "-DVERSION=${FPBENCH_UPLOT_VERSION}" "-DSHA512=${FPBENCH_UPLOT_SHA512}"
          "-DTARBALL=${FPBENCH_UPLOT_TARBALL}" "-DNPM=${FPBENCH_NPM}"
          "-DWORK_DIR=${CMAKE_CURRENT_BINARY_DIR}/vendor" "-DWEB_DIR=${fpbench_web_dir}"
          "-DOUT=${fpbench_web_cpp}" -P "${fpbench_web_dir}/embed_web_assets.cmake"
  DEPENDS "${fpbench_web_dir}/embed_web_assets.cmake" "${fpbench_web_dir}/dashboard.js"
          "${fpbench_web_dir}/dashboard.css"
  COMMENT "Vendoring uPlot ${FPBENCH_UPLOT_VERSION} (npm pack, SHA-512 checked) for the dashboard"
  VERBATIM)

add_library(fpbench_web_assets "${fpbench_web_cpp}")
add_library(fpbench::web_assets ALIAS fpbench_web_assets)
target_include_directories(fpbench_web_assets PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include>)
target_compile_features(fpbench_web_assets PUBLIC cxx_std_20)
