'use strict';
// A stand-in for a Node.js benchmark file run standalone: one line per
// configuration in benchmark/common.js's format. `n=NUMBER` on the command
// line replaces the n values, as Node's benchmark runner does.
const sets = Object.fromEntries(process.argv.slice(2).map((a) => a.split('=')));
const ns = sets.n ? [Number(sets.n)] : [10, 20];
for (const n of ns) {
  for (const kind of ['a', 'b']) {
    let x = 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < n * 1000; i++) x += i % 7;
    const s = Number(process.hrtime.bigint() - start) / 1e9;
    const rate = (n * 1000 / s).toLocaleString('en-US', { maximumFractionDigits: 2 });
    console.log(`misc/fake.js n=${n} kind="${kind}": ${rate}`);
  }
}
console.log('a line that is not a result');
