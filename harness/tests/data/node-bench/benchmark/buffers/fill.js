'use strict';
// Buffer#fill, as Node's buffers/buffer-fill.js: configurations that are
// code, with quotes, commas and spaces.
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  type: ['fill(0)', 'fill("")', 'fill("t")', 'fill("t", "utf8")',
         'fill("t", 0, "utf8")', 'fill("t", 0)', 'fill(Buffer.alloc(1), 0)'],
  size: [256, 8192],
  n: [2000],
});

function main({ n, type, size }) {
  const buffer = Buffer.allocUnsafe(size);
  const fill = new Function('b', `for (let i = 0; i < ${n}; i++) b.${type};`);
  bench.start();
  fill(buffer);
  bench.end(n);
}
