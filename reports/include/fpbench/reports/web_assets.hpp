#pragma once

// The files a dashboard page loads beside it, built into the program:
// uPlot (MIT, vendored from the npm registry at build time with a pinned
// SHA-512, see reports/web/embed_web_assets.cmake) with its licence, and the
// dashboard's own script and style sheet (reports/web/). A site written with
// them works from file:// and fetches nothing.

#include <span>
#include <string_view>

namespace fpbench::reports {

struct WebAsset {
  std::string_view name;  // file name in the site's assets/ folder
  std::string_view bytes;
};

std::span<const WebAsset> web_assets();

// "uPlot 1.6.32", for the pages' footer.
std::string_view chart_library_version();

}  // namespace fpbench::reports
