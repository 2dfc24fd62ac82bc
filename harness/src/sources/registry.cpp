// The kinds of program `fpbench run` knows, one line each
// (source_type.hpp).

#include <algorithm>
#include <mutex>

#include "fpbench/base/check.hpp"
#include "fpbench/harness/source_type.hpp"

namespace fpbench::harness {

// Each defined in its folder here: scenarios/, gbench/, command/, node/.
const SourceType& scenarios_source_type();
const SourceType& gbench_source_type();
const SourceType& command_source_type();
const SourceType& node_source_type();

namespace {

struct Registry {
  std::mutex mutex;
  std::vector<const SourceType*> types = {
      &scenarios_source_type(),
      &gbench_source_type(),
      &command_source_type(),
      &node_source_type(),
  };
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

const SourceType* find_source_type(std::string_view name) {
  Registry& r = registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  const auto it =
      std::find_if(r.types.begin(), r.types.end(),
                   [&](const SourceType* t) { return t->name() == name; });
  return it == r.types.end() ? nullptr : *it;
}

std::vector<const SourceType*> source_types() {
  Registry& r = registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  return r.types;
}

void register_source_type(const SourceType& type) {
  FPBENCH_CHECK(find_source_type(type.name()) == nullptr);
  Registry& r = registry();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.types.push_back(&type);
}

}  // namespace fpbench::harness
