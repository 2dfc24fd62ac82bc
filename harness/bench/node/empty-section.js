'use strict';
// Ten configurations whose timed sections are next to nothing: what a run
// of it takes is what the harness and node's start-up cost, a
// configuration at a time (harness/bench/node_overhead.sh).
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  n: [1000],
  k: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
});

function main({ n }) {
  let sum = 0;
  bench.start();
  for (let i = 0; i < n; i++) sum += i;
  bench.end(n);
  if (sum < 0) throw new Error('unreachable');
}
