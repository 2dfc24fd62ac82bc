'use strict';
// Reports the rate it is given, as a benchmark whose clock misled it would.
const common = require('../common.js');

const bench = common.createBenchmark(main, { rate: ['5'] });

function main({ rate }) {
  bench.report(Number(rate), [1, 0]);
}
