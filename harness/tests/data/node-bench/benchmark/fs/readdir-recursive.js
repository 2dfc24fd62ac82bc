'use strict';
// fs.readdirSync of the benchmark folder, as Node's
// fs/bench-readdir-recursive.js, in its three ways.
const common = require('../common.js');
const fs = require('fs');
const path = require('path');

const bench = common.createBenchmark(main, {
  n: [20],
  mode: ['sync', 'promise'],
  withFileTypes: ['true', 'false'],
});

async function main({ n, mode, withFileTypes }) {
  const options = { recursive: true, withFileTypes: withFileTypes === 'true' };
  const dir = path.join(__dirname, '..');
  let entries = [];
  bench.start();
  for (let i = 0; i < n; i++) {
    entries = mode === 'sync' ? fs.readdirSync(dir, options) :
      await fs.promises.readdir(dir, options);
  }
  bench.end(n);
  if (entries.length === 0) throw new Error('no entries');
}
