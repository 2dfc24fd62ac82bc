// The fixed inputs of the print measurements, kept apart from core's three
// formatters so that none of them can special-case its own input.

#include "fpbench/scenarios/print_samples.hpp"

#include <charconv>
#include <string>

namespace fpbench::scenarios {
namespace {

using core::Value;
using Object = Value::Object;
using Array = Value::Array;

Value versions() {
  return Object{{"node", "20.20.2"},
                {"acorn", "8.16.0"},
                {"ada", "2.9.2"},
                {"ares", "1.34.6"},
                {"brotli", "1.1.0"},
                {"cjs_module_lexer", "2.2.0"},
                {"cldr", "48.0"},
                {"icu", "78.2"},
                {"llhttp", "9.3.1"},
                {"modules", "115"},
                {"napi", "9"},
                {"nghttp2", "1.61.0"},
                {"openssl", "3.0.19"},
                {"simdutf", "6.4.2"},
                {"tz", "2025c"},
                {"undici", "6.24.1"},
                {"unicode", "17.0"},
                {"uv", "1.46.0"},
                {"uvwasi", "0.0.23"},
                {"v8", "11.3.244.8-node.38"},
                {"zlib", "1.3.1-e00f703"}};
}

// Space-separated words; B names an internal binding, N a builtin module.
constexpr std::string_view kModuleLoadList =
    "Bbuiltins Bmodule_wrap Berrors Ninternal/assert Butil Ninternal/errors "
    "Bconfig Btimers "
    "Basync_wrap Btask_queue Bsymbols Ninternal/async_hooks Bconstants Btypes "
    "Boptions "
    "Ninternal/options Bstring_decoder Ninternal/util Ninternal/util/types "
    "Ninternal/validators "
    "Ninternal/linkedlist Ninternal/priority_queue Bicu Ninternal/util/inspect "
    "Ninternal/util/debuglog Ninternal/timers Ninternal/events/abort_listener "
    "Nevents Bbuffer "
    "Ninternal/buffer Nbuffer Bmessaging Ninternal/worker/js_transferable "
    "Ninternal/querystring "
    "Ninternal/constants Npath Nquerystring Burl Ninternal/url "
    "Ninternal/fs/utils "
    "Bprocess_methods Ninternal/process/per_thread Bcredentials "
    "Ninternal/process/promises "
    "Ninternal/fixed_queue Nasync_hooks Ninternal/process/task_queues Ntimers "
    "Btrace_events "
    "Bcontextify Ninternal/vm Ninternal/process/execution "
    "Ninternal/process/warning "
    "Ninternal/source_map/source_map_cache Bfs Bblob Bencoding_binding "
    "Ninternal/encoding "
    "Ninternal/streams/utils Nutil Ninternal/webstreams/util "
    "Ninternal/webstreams/queuingstrategies Ninternal/blob Bpermission "
    "Ninternal/process/permission Nfs Ninternal/modules/helpers "
    "Ninternal/console/constructor "
    "Ninternal/console/global Ninternal/util/inspector Binspector "
    "Ninternal/webidl Bperformance "
    "Ninternal/perf/utils Ninternal/event_target Bwasm_web_api Bmksnapshot "
    "Ninternal/v8/startup_snapshot Ninternal/process/signal Nurl "
    "Ninternal/modules/package_json_reader Ninternal/modules/cjs/loader "
    "Ninternal/process/pre_execution Ninternal/modules/esm/utils "
    "Ninternal/inspector_async_hook "
    "Bworker Ninternal/modules/run_main Ninternal/net Ninternal/dns/utils "
    "Ninternal/modules/esm/assert Ninternal/modules/esm/loader "
    "Ninternal/source_map/source_map "
    "Nmodule Ninternal/vm/module Ninternal/abort_controller "
    "Ninternal/streams/end-of-stream "
    "Ninternal/streams/destroy Ninternal/streams/legacy "
    "Ninternal/streams/add-abort-signal "
    "Ninternal/streams/state Ninternal/streams/buffer_list "
    "Ninternal/streams/from "
    "Ninternal/streams/readable Ninternal/streams/writable "
    "Ninternal/streams/duplex "
    "Ninternal/streams/pipeline Ninternal/streams/compose "
    "Ninternal/streams/operators "
    "Nstream/promises Ninternal/streams/transform "
    "Ninternal/streams/passthrough Nstream "
    "Bstream_wrap Bpipe_wrap Btcp_wrap Ninternal/stream_base_commons Nnet "
    "Btty_wrap Ntty "
    "Ninternal/tty Ninternal/fs/sync_write_stream";

// name=value words: 'text' is a string, true/false a boolean, else a number.
constexpr std::string_view kConfigVariables =
    "asan=0 clang=0 coverage=false dcheck_always_on=0 debug_nghttp2=false "
    "debug_node=false "
    "enable_lto=false enable_pgo_generate=false enable_pgo_use=false "
    "error_on_warn=false "
    "force_dynamic_crt=0 gas_version='2.35' host_arch='x64' "
    "icu_data_in='../../deps/icu-tmp/icudt78l.dat' icu_endianness='l' "
    "icu_gyp_path='tools/icu/icu-generic.gyp' icu_path='deps/icu-small' "
    "icu_small=false "
    "icu_ver_major='78' is_debug=0 libdir='lib' llvm_version='0.0' "
    "napi_build_version='9' "
    "node_byteorder='little' node_debug_lib=false node_enable_d8=false "
    "node_enable_v8_vtunejit=false node_fipsinstall=false "
    "node_install_corepack=true "
    "node_install_npm=true node_module_version=115 "
    "node_no_browser_globals=false "
    "node_prefix='/' "
    "node_release_urlbase='https://nodejs.org/download/release/' "
    "node_section_ordering_info='' node_shared=false node_shared_ada=false "
    "node_shared_brotli=false node_shared_cares=false "
    "node_shared_http_parser=false "
    "node_shared_libuv=false node_shared_nghttp2=false "
    "node_shared_openssl=false "
    "node_shared_simdutf=false node_shared_uvwasi=false node_shared_zlib=false "
    "node_tag='' "
    "node_target_type='executable' node_use_bundled_v8=true "
    "node_use_node_code_cache=true "
    "node_use_node_snapshot=true node_use_openssl=true "
    "node_use_v8_platform=true "
    "node_with_ltcg=false node_without_node_options=false "
    "openssl_is_fips=false "
    "openssl_quic=false ossfuzz=false shlib_suffix='so.115' "
    "single_executable_application=true "
    "target_arch='x64' ubsan=0 use_prefix_to_find_headers=false "
    "v8_enable_gdbjit=0 "
    "v8_enable_hugepage=0 v8_enable_i18n_support=1 v8_enable_inspector=1 "
    "v8_enable_javascript_promise_hooks=1 v8_enable_lite_mode=0 "
    "v8_enable_maglev=0 "
    "v8_enable_object_print=1 v8_enable_pointer_compression=0 "
    "v8_enable_sandbox=0 "
    "v8_enable_shared_ro_heap=1 v8_enable_short_builtin_calls=1 "
    "v8_enable_webassembly=1 "
    "v8_no_strict_aliasing=1 v8_optimized_debug=1 "
    "v8_promise_internal_field_count=1 "
    "v8_random_seed=0 v8_trace_maps=0 v8_use_siphash=1 "
    "want_separate_host_toolset=0";

template <class F>
void for_each_word(std::string_view words, F f) {
  while (!words.empty()) {
    const std::size_t space = words.find(' ');
    f(words.substr(0, space));
    words.remove_prefix(space == std::string_view::npos ? words.size()
                                                        : space + 1);
  }
}

Value module_load_list() {
  Array list;
  for_each_word(kModuleLoadList, [&](std::string_view w) {
    list.emplace_back((w[0] == 'B' ? "Internal Binding " : "NativeModule ") +
                      std::string(w.substr(1)));
  });
  return list;
}

Value config() {
  Object variables;
  for_each_word(kConfigVariables, [&](std::string_view w) {
    const std::size_t eq = w.find('=');
    std::string_view text = w.substr(eq + 1);
    Value v;
    if (text[0] == '\'') {
      v = text.substr(1, text.size() - 2);
    } else if (text == "true" || text == "false") {
      v = text == "true";
    } else {
      double n = 0;
      std::from_chars(text.data(), text.data() + text.size(), n);
      v = n;
    }
    variables.push_back({std::string(w.substr(0, eq)), std::move(v)});
  });
  Array library_files;
  for_each_word(
      "assert buffer child_process cluster console crypto dgram dns events fs "
      "http "
      "http2 https inspector module net os path perf_hooks process punycode "
      "querystring readline repl stream string_decoder timers tls url util v8 "
      "vm zlib",
      [&](std::string_view w) {
        library_files.emplace_back("lib/" + std::string(w) + ".js");
      });
  variables.push_back({"node_library_files", std::move(library_files)});
  variables.push_back(
      {"node_builtin_shareable_builtins",
       Array{"deps/cjs-module-lexer/lexer.js",
             "deps/cjs-module-lexer/dist/lexer.js", "deps/undici/undici.js"}});
  return Object{{"target_defaults",
                 Object{{"cflags", Array{}},
                        {"default_configuration", "Release"},
                        {"defines", Array{"NODE_OPENSSL_CONF_NAME=nodejs_conf",
                                          "ICU_NO_USER_DATA_OVERRIDE"}},
                        {"include_dirs", Array{}},
                        {"libraries", Array{}}}},
                {"variables", std::move(variables)}};
}

Value env() {
  return Object{
      {"SHELL", "/bin/bash"},
      {"HOSTNAME", "bench-runner-01"},
      {"LANG", "C.UTF-8"},
      {"HOME", "/home/runner"},
      {"USER", "runner"},
      {"LOGNAME", "runner"},
      {"PWD", "/home/runner/work/node"},
      {"OLDPWD", "/home/runner"},
      {"TERM", "xterm-256color"},
      {"SHLVL", "1"},
      {"PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"},
      {"EDITOR", "vim"},
      {"TZ", "UTC"},
      {"CI", "true"},
      {"NODE_ENV", "production"},
      {"NODE_OPTIONS", "--max-old-space-size=4096"},
      {"XDG_RUNTIME_DIR", "/run/user/1000"},
      {"SSH_CONNECTION", "10.0.0.2 51234 10.0.0.5 22"},
      {"LS_COLORS",
       "rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:bd=40;33;01"},
      {"_", "/usr/local/bin/node"}};
}

Value process() {
  const char* url =
      "https://nodejs.org/download/release/v20.20.2/node-v20.20.2";
  return Object{
      {"version", "v20.20.2"},
      {"versions", versions()},
      {"arch", "x64"},
      {"platform", "linux"},
      {"release", Object{{"name", "node"},
                         {"lts", "Iron"},
                         {"sourceUrl", std::string(url) + ".tar.gz"},
                         {"headersUrl", std::string(url) + "-headers.tar.gz"}}},
      {"moduleLoadList", module_load_list()},
      {"_events",
       Object{{"newListener", Array{"anonymous", "startListeningIfSignal"}},
              {"removeListener", Array{"anonymous", "stopListeningIfSignal"}},
              {"warning", "onWarning"}}},
      {"_eventsCount", 3},
      {"_maxListeners", Value::undefined()},
      {"domain", Value()},
      {"config", config()},
      {"features", Object{{"inspector", true},
                          {"debug", false},
                          {"uv", true},
                          {"ipv6", true},
                          {"tls_alpn", true},
                          {"tls_sni", true},
                          {"tls_ocsp", true},
                          {"tls", true},
                          {"cached_builtins", true},
                          {"require_module", false}}},
      {"memoryUsage", Object{{"rss", 42909696},
                             {"heapTotal", 4431872},
                             {"heapUsed", 3700984},
                             {"external", 1375942},
                             {"arrayBuffers", 10511}}},
      {"uptime", 0.261880279},
      {"hrtime", Array{183020, 412345678}},
      {"env", env()},
      {"title", "node"},
      {"argv", Array{"/usr/local/bin/node"}},
      {"execArgv", Array{"-p", "process"}},
      {"pid", 4971},
      {"ppid", 4969},
      {"execPath", "/usr/local/bin/node"},
      {"debugPort", 9229},
      {"argv0", "node"},
      {"_eval", "process"},
      {"_print_eval", true},
      {"_preload_modules", Array{}},
      {"report", Object{{"compact", false},
                        {"directory", ""},
                        {"filename", ""},
                        {"signal", "SIGUSR2"},
                        {"reportOnFatalError", false},
                        {"reportOnSignal", false},
                        {"reportOnUncaughtException", false},
                        {"excludeNetwork", false}}}};
}

}  // namespace

std::optional<core::Value> print_sample(std::string_view code) {
  if (code == kPrintCodes[0]) return Value(1);
  if (code == kPrintCodes[1]) return Value("string");
  if (code == kPrintCodes[2]) return versions();
  if (code == kPrintCodes[3]) return process();
  return std::nullopt;
}

}  // namespace fpbench::scenarios
