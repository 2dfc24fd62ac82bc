'use strict';
// One configuration the script skips (no timed section, as older Node
// scripts skip combinations they do not support), one whose timed section
// starts and never ends.
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  mode: ['measured', 'skipped', 'unfinished'],
  n: [100],
});

function main({ n, mode }) {
  if (mode === 'skipped') return;
  bench.start();
  if (mode === 'unfinished') return;
  bench.end(n);
}
