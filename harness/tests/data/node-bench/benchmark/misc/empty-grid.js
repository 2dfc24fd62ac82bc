'use strict';
// A script without configurations: one unnamed configuration.
const common = require('../common.js');

const bench = common.createBenchmark(main, {});

function main() {
  let x = 0;
  bench.start();
  for (let i = 0; i < 1000; i++) x += i;
  bench.end(1000);
  if (x < 0) console.log(x);
}
