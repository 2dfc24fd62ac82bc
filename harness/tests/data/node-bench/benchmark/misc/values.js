'use strict';
// Values compare.js quotes in every way util.inspect does: plain strings,
// strings with a single quote, double quotes, both, commas and spaces,
// booleans as Node's scripts write them, and numbers.
const common = require('../common.js');

const bench = common.createBenchmark(main, {
  word: ['plain', "it's", 'say "hi"', 'a, b c', `both ' and "`],
  flag: ['true', 'false'],
  ratio: [0.5],
  n: [2000],
});

function main({ n, word, flag, ratio }) {
  let x = 0;
  bench.start();
  for (let i = 0; i < n; i++) x += (word.length * ratio + (flag === 'true')) % 7;
  bench.end(n);
  if (x < 0) console.log(x);
}
