#pragma once

// What the dashboard's pages share (dashboard_html.cpp, dashboard_pages.cpp).

#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include "fpbench/reports/dashboard.hpp"

namespace fpbench::reports {

inline constexpr std::size_t kShortCommit = 12;

// The commit, shortened, linked through the template when there is one.
std::string commit_anchor(const std::string& url_template,
                          const std::string& commit,
                          const std::string& css_class);
// JSON that can stand inside a <script> element.
std::string script_json(const nlohmann::json& value);
// From <!doctype> to </head>; root is the way back to the site's root ("",
// "../").
std::string page_head(const std::string& title, const std::string& root);
std::string page_footer(const DashboardOptions& options,
                        const std::string& root);

}  // namespace fpbench::reports
