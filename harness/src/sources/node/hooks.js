'use strict';
// fpbench's hooks into Node's benchmark/common.js (see node_hooks.hpp).
const fs = require('fs');
const Module = require('module');
const { inspect } = require('util');

const listing = process.env.FPBENCH_NODE_MODE === 'list';
const out = process.env.FPBENCH_NODE_OUT;
// Listing must see the whole queue, as a script run by compare.js does.
if (listing) delete process.env.NODE_RUN_BENCHMARK_FN;

let emitted = false;
function emit(record) {
  fs.appendFileSync(out, JSON.stringify(record) + '\n');
  emitted = true;
}

// As compare.js names a configuration.
function configurationName(conf) {
  let name = '';
  for (const key of Object.keys(conf)) name += ` ${key}=${inspect(conf[key])}`;
  return name.slice(1);
}

// Descriptors and buffers are made before the timed section, so that
// reading costs one read(2) per group and allocates nothing.
const groups = (process.env.FPBENCH_COUNTER_GROUPS || '')
  .split(';').filter((g) => g !== '').map((g) => {
    const colon = g.indexOf(':');
    const list = g.slice(colon + 1).split(',');
    return {
      fd: Number(g.slice(0, colon)), names: list,
      buffer: Buffer.alloc(8 * (list.length + 1)),
      start: new Array(list.length).fill(0n),
      end: new Array(list.length).fill(0n),
    };
  });

// The system call group is listed first: read last at the start and first
// at the end, the only call it counts of fpbench's is the end's read.
function readInto(which, order) {
  for (const g of order) {
    fs.readSync(g.fd, g.buffer, 0, g.buffer.length, null);
    for (let i = 0; i < g.names.length; i++)
      g[which][i] = g.buffer.readBigUInt64LE(8 * (i + 1));
  }
}
const forward = groups;
const backward = groups.slice().reverse();

// FPBENCH_PRIORITY_FDS="W,R": the timed section at real-time priority,
// which fpbench sets on every thread of this process when asked on W,
// saying on R that it is done ('0').
const priority = (process.env.FPBENCH_PRIORITY_FDS || '')
  .split(',').filter((fd) => fd !== '').map(Number);
const realtime = priority.length === 2;
const answer = Buffer.alloc(1);
function schedule(request) {
  fs.writeSync(priority[0], request);
  if (fs.readSync(priority[1], answer, 0, 1, null) !== 1 || answer[0] !== 48)
    throw new Error(`fpbench: the timed section's priority was not set`);
}

let callgrind = null;
if (process.env.FPBENCH_CALLGRIND) {
  const addon = { exports: {} };
  process.dlopen(addon, process.env.FPBENCH_CALLGRIND);
  callgrind = addon.exports;
}

// common.js's elapsed time: nanoseconds as a BigInt (Node 22 and later), or
// process.hrtime()'s [seconds, nanoseconds] (before).
function seconds(elapsed) {
  if (typeof elapsed === 'bigint') return Number(elapsed) / 1e9;
  if (Array.isArray(elapsed)) return elapsed[0] + elapsed[1] / 1e9;
  return typeof elapsed === 'number' ? elapsed : null;
}

function patch(Benchmark) {
  const proto = Benchmark.prototype;
  if (listing) {
    proto._run = function() {
      // The count first: a script whose combinationFilter (or --set) leaves
      // no configuration is still a benchmark script.
      const lines = [JSON.stringify({ configurations: this.queue.length })];
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
      emitted = true;
      process.exit(0);
    };
    return;
  }
  let operations;
  // Innermost first: `atStart` just before common.js takes the start time,
  // `atEnd` first thing in bench.end(n).
  function aroundSection(atStart, atEnd) {
    const start = proto.start;
    const end = proto.end;
    proto.start = function() {
      atStart();
      return start.apply(this, arguments);
    };
    proto.end = function(n) {
      atEnd();
      operations = n;
      return end.apply(this, arguments);
    };
  }
  // FPBENCH_CALLGRIND: node runs under callgrind with instrumentation off;
  // the module turns it on for the timed section and dumps its count.
  if (callgrind) aroundSection(() => callgrind.start(), () => callgrind.end());
  if (groups.length > 0) {
    aroundSection(() => readInto('start', backward),
                  () => readInto('end', forward));
  }
  proto.report = function(rate, elapsed) {
    const record = {
      configuration: configurationName(this.config),
      rate, time: seconds(elapsed),
    };
    if (callgrind || groups.length > 0) record.operations = operations;
    if (groups.length > 0) {
      record.counts = {};
      for (const g of groups) {
        for (let i = 0; i < g.names.length; i++)
          record.counts[g.names[i]] = Number(g.end[i] - g.start[i]);
      }
    }
    emit(record);
  };
  aroundSection(() => { sectionStarted = true; }, () => {});
  if (realtime) {
    // Every thread of the process, at SCHED_FIFO 1 from just before the
    // timer starts (and the counters are read), back to normal once the
    // section's time is taken:
    // set-up and teardown do not hold the CPU from the rest of the machine.
    const start = proto.start;
    const report = proto.report;
    proto.start = function() {
      schedule('S');
      return start.apply(this, arguments);
    };
    proto.report = function() {
      schedule('E');
      return report.apply(this, arguments);
    };
  }
}

// Said at exit when nothing else was: listing, a benchmark whose queue is
// empty (its combinationFilter or --set leaves no configuration, and
// common.js never reaches _run); measuring, a configuration the script
// skips (main returns before bench.start(), as older scripts do for
// combinations they leave out).
let made = 0;
let sectionStarted = false;
process.on('exit', () => {
  if (emitted) return;
  if (listing && made > 0) emit({ configurations: 0 });
  if (!listing && !sectionStarted) emit({ timed_section: false });
});

const patched = new Set();
const load = Module._load;
Module._load = function() {
  const exports = load.apply(this, arguments);
  if (exports && typeof exports.createBenchmark === 'function' &&
      typeof exports.Benchmark === 'function' &&
      !patched.has(exports.Benchmark)) {
    patched.add(exports.Benchmark);
    patch(exports.Benchmark);
    if (listing) {
      const create = exports.createBenchmark;
      exports.createBenchmark = function() {
        made++;
        return create.apply(this, arguments);
      };
    }
  }
  return exports;
};
