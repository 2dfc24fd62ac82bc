'use strict';
// fs.readFileSync of a small file, as Node's fs/readFileSync.js.
const common = require('../common.js');
const fs = require('fs');

const bench = common.createBenchmark(main, {
  encoding: ['undefined', 'utf8'],
  n: [300],
});

function main({ n, encoding }) {
  const options = encoding === 'undefined' ? undefined : encoding;
  bench.start();
  for (let i = 0; i < n; i++) fs.readFileSync(__filename, options);
  bench.end(n);
}
