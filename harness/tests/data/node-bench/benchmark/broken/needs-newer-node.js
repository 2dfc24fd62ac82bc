'use strict';
// Loads a module this node does not have, as a script written for a newer
// node does: it cannot even be listed, and only it fails.
const common = require('../common.js');
const missing = require('node:fpbench-no-such-module');

const bench = common.createBenchmark(main, { n: [100] });

function main({ n }) {
  bench.start();
  missing.run(n);
  bench.end(n);
}
