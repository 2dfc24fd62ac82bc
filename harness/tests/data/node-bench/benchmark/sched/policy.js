'use strict';
// Says which scheduling policy it ran under, before and inside its timed
// section, in its operation count: 1 + 10 x inside + before, with a policy
// of 1 for SCHED_FIFO and 0 for normal (field 41 of /proc/self/stat).
const common = require('../common.js');
const fs = require('fs');

const bench = common.createBenchmark(main, { n: [1] });

function policy() {
  const stat = fs.readFileSync('/proc/self/stat', 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[41 - 3]);
}

function main() {
  const before = policy();
  bench.start();
  const inside = policy();
  bench.end(1 + 10 * inside + before);
}
