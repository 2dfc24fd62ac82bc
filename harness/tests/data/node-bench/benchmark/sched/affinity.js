'use strict';
// Says which CPUs its timed section may run on, in its operation count:
// 1 + the mask of CPUs 0-31 of Cpus_allowed in /proc/self/status.
const common = require('../common.js');
const fs = require('fs');

const bench = common.createBenchmark(main, { n: [1] });

function allowedMask() {
  const status = fs.readFileSync('/proc/self/status', 'latin1');
  const field = status.split('\n').find((l) => l.startsWith('Cpus_allowed:'));
  return Number.parseInt(field.split(/\s+/)[1].split(',').pop(), 16);
}

function main() {
  bench.start();
  const mask = allowedMask();
  bench.end(1 + mask);
}
