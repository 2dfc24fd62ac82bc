#include "sources/node/node_hooks.hpp"

namespace fpbench::harness::detail {
namespace {

// sources/node/hooks.js, byte for byte (cmake/embed_bytes.cmake).
constexpr char kScript[] = {
#include "node_hooks_js.inc"
};

}  // namespace

std::string_view node_hooks_script() { return {kScript, sizeof kScript}; }

}  // namespace fpbench::harness::detail
