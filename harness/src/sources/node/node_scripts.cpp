// Which Node benchmark scripts a run measures, found as benchmark/_cli.js
// finds them for compare.js.

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "fpbench/base/process.hpp"
#include "fpbench/harness/node_source.hpp"

namespace fpbench::harness {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> sorted_entries(const fs::path& dir, bool folders) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (folders ? entry.is_directory(ec) : entry.is_regular_file(ec))
      out.push_back(name);
  }
  // libuv's scandir, behind fs.readdirSync, sorts by strcmp.
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> categories(const fs::path& root) {
  std::vector<std::string> out = sorted_entries(root, /*folders=*/true);
  std::erase_if(out, [](const std::string& name) {
    return name == "fixtures" || name.front() == '.';
  });
  return out;
}

bool is_script_name(const std::string& name) {
  return name.front() != '.' && name.front() != '_' && name.size() > 3 &&
         name.ends_with(".js");
}

// A script named by path: its name from the benchmark folder when it lies
// there, else from its own folder ("misc/x.js"), as common.js's name for a
// script beside its common.js.
NodeScript script_at(const fs::path& root, const fs::path& path) {
  std::error_code ec;
  const fs::path absolute = fs::weakly_canonical(path, ec);
  const fs::path base = fs::weakly_canonical(root, ec);
  const fs::path relative = absolute.lexically_relative(base);
  std::string filename;
  if (!relative.empty() && *relative.begin() != "..") {
    filename = relative.generic_string();
  } else {
    filename = absolute.parent_path().filename().string() + "/" +
               absolute.filename().string();
  }
  return {absolute.string(), filename};
}

}  // namespace

bool compare_js_skips(const std::string& file_name,
                      const std::vector<std::string>& filters,
                      const std::vector<std::string>& excludes) {
  const auto contains = [&](const std::string& part) {
    return file_name.find(part) != std::string::npos;
  };
  bool skip = !filters.empty() &&
              std::none_of(filters.begin(), filters.end(), contains);
  if (std::any_of(excludes.begin(), excludes.end(), contains)) skip = true;
  return skip;
}

Result<std::vector<NodeScript>> discover_node_scripts(
    const std::string& benchmark_dir, const std::vector<std::string>& selectors,
    const std::vector<std::string>& filters,
    const std::vector<std::string>& excludes) {
  const fs::path root(benchmark_dir);
  std::error_code ec;
  const bool have_root = fs::is_directory(root, ec);
  std::vector<std::string> items = selectors;
  if (std::find(items.begin(), items.end(), "all") != items.end()) {
    if (!have_root) {
      return usage_error(fmt::format(
          "'all' means every category of --benchmark-dir '{}', which is not a "
          "folder",
          benchmark_dir));
    }
    items = categories(root);
  }
  std::vector<NodeScript> out;
  for (const std::string& item : items) {
    const fs::path as_path(item);
    if (item.ends_with(".js")) {
      fs::path found = as_path;
      if (!fs::is_regular_file(found, ec) && have_root) found = root / as_path;
      if (!fs::is_regular_file(found, ec)) {
        return usage_error(fmt::format(
            "no benchmark script '{}' (neither a file nor one under "
            "--benchmark-dir '{}')",
            item, benchmark_dir));
      }
      if (compare_js_skips(found.filename().string(), filters, excludes))
        continue;
      out.push_back(script_at(root, found));
      continue;
    }
    const fs::path folder = root / as_path;
    if (item.empty() || item.front() == '.' || item == "fixtures" ||
        !fs::is_directory(folder, ec)) {
      std::string known;
      if (have_root) {
        for (const std::string& c : categories(root))
          known += (known.empty() ? "" : ", ") + c;
      }
      return usage_error(fmt::format(
          "the \"{}\" category does not exist in --benchmark-dir '{}'{}", item,
          benchmark_dir,
          have_root ? " (categories: " + known + ")" : " (no such folder)"));
    }
    for (const std::string& name : sorted_entries(folder, /*folders=*/false)) {
      if (!is_script_name(name) || compare_js_skips(name, filters, excludes))
        continue;
      out.push_back({(folder / name).string(), item + "/" + name});
    }
  }
  if (out.empty()) {
    return usage_error(
        "no benchmark script is left to run after --filter/--exclude");
  }
  return out;
}

Result<std::string> check_node_binary(const std::string& option,
                                      const std::string& node) {
  ProcessOptions options;
  options.timeout = std::chrono::seconds(60);
  const auto p = run_process({node, "--version"}, options);
  if (!p) {
    return usage_error(
        fmt::format("{} {}: {}", option, node, p.error().message));
  }
  if (!p->ok()) {
    return usage_error(fmt::format("{} {}: '{} --version' failed: {}", option,
                                   node, node, p->failure_text()));
  }
  std::string version = p->out;
  while (!version.empty() && (version.back() == '\n' || version.back() == '\r'))
    version.pop_back();
  return version;
}

}  // namespace fpbench::harness
