'use strict';
// One configuration throws: only it fails.
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  mode: ['fine', 'throw', 'also-fine'],
  n: [100],
});

function main({ n, mode }) {
  bench.start();
  if (mode === 'throw') throw new Error('this configuration is broken');
  bench.end(n);
}
