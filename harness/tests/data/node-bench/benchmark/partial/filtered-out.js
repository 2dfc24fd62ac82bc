'use strict';
// A combinationFilter that runs nothing by default, as some of Node's
// scripts have (they are run by asking for a value with --set).
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  n: [100000],
  mode: ['a', 'b'],
}, {
  combinationFilter: ({ n }) => n === 1,
});

function main({ n }) {
  bench.start();
  bench.end(n);
}
