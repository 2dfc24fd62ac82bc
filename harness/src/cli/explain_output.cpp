#include "explain_output.hpp"

#include <algorithm>

namespace fpbench::cli {

std::vector<reports::Explanation> explain_keys(
    const std::vector<reports::SampleRecord>& records,
    const std::string& metric, const std::vector<reports::BenchmarkKey>& keys) {
  std::vector<reports::Explanation> out;
  for (const reports::BenchmarkKey& key : keys) {
    auto e = reports::explain_change(records, key, metric);
    if (e) out.push_back(std::move(*e));
  }
  return out;
}

std::vector<reports::Explanation> explain_changes(
    const std::vector<reports::SampleRecord>& records,
    const std::string& metric) {
  std::vector<reports::BenchmarkKey> keys;
  for (const reports::SampleRecord& r : records) {
    reports::BenchmarkKey key{r.filename, r.configuration};
    if (std::find(keys.begin(), keys.end(), key) == keys.end())
      keys.push_back(std::move(key));
  }
  auto all = explain_keys(records, metric, keys);
  std::erase_if(all,
                [](const reports::Explanation& e) { return e.change() == 0; });
  return all;
}

std::string format_explanations(const std::vector<reports::Explanation>& all,
                                bool markdown) {
  std::string out;
  for (const reports::Explanation& e : all) {
    out += "\n";
    out += markdown ? reports::format_explanation_markdown(e)
                    : reports::format_explanation_text(e);
  }
  return out;
}

}  // namespace fpbench::cli
