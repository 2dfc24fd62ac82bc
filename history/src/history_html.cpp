// fpbench history html: the store's series, analysed as `history detect`
// does, written as the dashboard's files.

#include "fpbench/history/history_html.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "fpbench/base/file_write.hpp"
#include "fpbench/base/try.hpp"
#include "fpbench/reports/dashboard.hpp"
#include "fpbench/reports/metric_samples.hpp"
#include "fpbench/reports/web_assets.hpp"

namespace fpbench::history {
namespace {

// Every file of the site is written again whole by the next run, so none
// waits for the disk (fpbench/base/file_write.hpp says what that costs).
Result<void> write_site_file(const std::filesystem::path& path,
                             std::string_view text) {
  return write_file_atomically(path.string(), text, Durability::kUnsynced);
}

Result<void> make_dirs(const std::filesystem::path& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec)
    return io_error(
        fmt::format("{}: cannot create: {}", dir.string(), ec.message()));
  return {};
}

}  // namespace

Result<CommandOutput> history_html(const HtmlOptions& options) {
  if (options.out_dir.empty())
    return usage_error("html needs an output folder");
  if (options.series.metric == "all") {
    return usage_error(
        "--metric: html shows one metric; name it (wall, instructions, ...)");
  }
  if (!reports::metric_info(options.series.metric)) {
    return usage_error(
        fmt::format("--metric: unknown metric '{}'", options.series.metric));
  }
  if (!options.commit_url.empty() &&
      options.commit_url.find("{sha}") == std::string::npos) {
    return usage_error(
        "--commit-url must contain {sha} where the commit goes, e.g. "
        "'https://github.com/ORG/REPO/commit/{sha}'");
  }
  FPBENCH_ASSIGN_OR_RETURN(
      auto store, HistoryStore::open(options.series.db,
                                     OpenOptions{kLatestSchemaVersion,
                                                 AccessMode::kReadOnly}));
  FPBENCH_ASSIGN_OR_RETURN(auto analyses,
                           analyse_history(store, options.series, ""));

  reports::DashboardOptions page;
  page.title = options.title;
  page.commit_url = options.commit_url;
  page.generated_at = utc_now_iso8601();
  page.chart_library = std::string(reports::chart_library_version());

  const std::filesystem::path root(options.out_dir);
  for (const char* dir : {"", "b", "assets"}) {
    FPBENCH_TRY(make_dirs(root / dir));
  }
  for (const reports::WebAsset& asset : reports::web_assets()) {
    FPBENCH_TRY(write_site_file(root / "assets" / asset.name, asset.bytes));
  }
  for (const reports::SeriesAnalysis& a : analyses) {
    const std::string text = reports::render_dashboard_page(a, page);
    FPBENCH_TRY(
        write_site_file(root / reports::dashboard_page_path(a.series), text));
  }
  FPBENCH_TRY(write_site_file(root / "runs.js",
                              reports::render_dashboard_runs(analyses)));
  // The overview last: a reader who opens it finds every page it links.
  FPBENCH_TRY(write_site_file(root / "index.html",
                              reports::render_dashboard_index(analyses, page)));
  return CommandOutput{
      fmt::format("wrote {} series pages and the overview {}\n",
                  analyses.size(), (root / "index.html").string()),
      kExitOk};
}

}  // namespace fpbench::history
