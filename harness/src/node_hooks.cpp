#include "node_hooks.hpp"

namespace fpbench::harness::detail {

std::string_view node_hooks_script() {
  return R"js('use strict';
// fpbench's hooks into Node's benchmark/common.js (see node_hooks.hpp).
const fs = require('fs');
const Module = require('module');
const { inspect } = require('util');

const listing = process.env.FPBENCH_NODE_MODE === 'list';
const out = process.env.FPBENCH_NODE_OUT;
// Listing must see the whole queue, as a script run by compare.js does.
if (listing) delete process.env.NODE_RUN_BENCHMARK_FN;

function emit(record) {
  fs.appendFileSync(out, JSON.stringify(record) + '\n');
}

// As compare.js names a configuration.
function configurationName(conf) {
  let name = '';
  for (const key of Object.keys(conf)) name += ` ${key}=${inspect(conf[key])}`;
  return name.slice(1);
}

function patch(Benchmark) {
  const proto = Benchmark.prototype;
  if (listing) {
    proto._run = function() {
      const lines = [];
      for (const config of this.queue) {
        const args = [];
        for (const [key, value] of Object.entries(config))
          args.push(`${key}=${value}`);
        for (const [key, value] of Object.entries(this.extra_options || {}))
          args.push(`${key}=${value}`);
        lines.push(JSON.stringify({
          configuration: configurationName(config),
          args, flags: this.flags || [],
        }));
      }
      fs.writeFileSync(out, lines.map((l) => l + '\n').join(''));
      process.exit(0);
    };
    return;
  }
  proto.report = function(rate, elapsed) {
    const record = {
      configuration: configurationName(this.config),
      rate, time: elapsed[0] + elapsed[1] / 1e9,
    };
    emit(record);
  };
}

const patched = new Set();
const load = Module._load;
Module._load = function() {
  const exports = load.apply(this, arguments);
  if (exports && typeof exports.createBenchmark === 'function' &&
      typeof exports.Benchmark === 'function' &&
      !patched.has(exports.Benchmark)) {
    patched.add(exports.Benchmark);
    patch(exports.Benchmark);
  }
  return exports;
};
)js";
}

}  // namespace fpbench::harness::detail
