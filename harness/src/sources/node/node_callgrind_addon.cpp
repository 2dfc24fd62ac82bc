// fpbench-callgrind.node: a Node-API module the node hooks load under
// callgrind, so that instructions are counted between a script's
// bench.start() and bench.end(n) only.
//
//   start(): zero callgrind's counts and start instrumenting;
//   end():   dump the counts as a part named "fpbench-loop", and stop.
//
// node runs under `valgrind --tool=callgrind --instr-atstart=no`: its
// start-up and the script's set-up run uninstrumented, several times
// faster than under instrumentation. Node exports the Node-API functions
// itself, so the few this module calls are declared here and resolved
// against the node binary when the module is loaded.

#include <valgrind/callgrind.h>

#include <cstddef>

extern "C" {

struct napi_env__;
struct napi_value__;
struct napi_callback_info__;
using napi_env = napi_env__*;
using napi_value = napi_value__*;
using napi_callback_info = napi_callback_info__*;
using napi_callback = napi_value (*)(napi_env, napi_callback_info);
// Node-API's status: 0 is napi_ok.
using napi_status = int;

napi_status napi_create_function(napi_env env, const char* name,
                                 std::size_t length, napi_callback cb,
                                 void* data, napi_value* result);
napi_status napi_set_named_property(napi_env env, napi_value object,
                                    const char* name, napi_value value);
napi_status napi_throw_error(napi_env env, const char* code,
                             const char* message);

namespace {

napi_value start_section(napi_env /*env*/, napi_callback_info /*info*/) {
  CALLGRIND_ZERO_STATS;
  CALLGRIND_START_INSTRUMENTATION;
  return nullptr;
}

napi_value end_section(napi_env /*env*/, napi_callback_info /*info*/) {
  CALLGRIND_DUMP_STATS_AT("fpbench-loop");
  CALLGRIND_STOP_INSTRUMENTATION;
  return nullptr;
}

bool add(napi_env env, napi_value exports, const char* name, napi_callback f) {
  napi_value value = nullptr;
  return napi_create_function(env, name, static_cast<std::size_t>(-1), f,
                              nullptr, &value) == 0 &&
         napi_set_named_property(env, exports, name, value) == 0;
}

}  // namespace

__attribute__((visibility("default"))) napi_value napi_register_module_v1(
    napi_env env, napi_value exports) {
  if (!add(env, exports, "start", start_section) ||
      !add(env, exports, "end", end_section)) {
    napi_throw_error(env, nullptr, "fpbench-callgrind.node: cannot export");
    return nullptr;
  }
  return exports;
}

// Node-API 1 is all this module asks for.
__attribute__((visibility("default"))) int
node_api_module_get_api_version_v1() {
  return 1;
}

}  // extern "C"
