'use strict';
// fpbench's stand-in for Node's benchmark/compare.js, for the tests that
// compare what both write:
//   node compare.js --old NODE --new NODE [--runs N] [--set K=V]...
//                   [--filter T]... [--exclude T]... CATEGORY...
// Each script of each category is forked with the --set arguments by each
// binary in turn, --runs times; every report is one CSV row, its
// configuration written with util.inspect.
const { fork } = require('child_process');
const fs = require('fs');
const path = require('path');
const { inspect } = require('util');

const options = { runs: '30', set: [], filter: [], exclude: [] };
const categories = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i].startsWith('--')) {
    const name = argv[i].slice(2);
    const value = argv[++i];
    if (Array.isArray(options[name])) options[name].push(value);
    else options[name] = value;
  } else {
    categories.push(argv[i]);
  }
}

const skipped = (name) =>
  (options.filter.length > 0 && !options.filter.some((f) => name.includes(f))) ||
  options.exclude.some((e) => name.includes(e));

const queue = [];
for (const category of categories) {
  const names = fs.readdirSync(path.join(__dirname, category)).sort()
    .filter((n) => n[0] !== '.' && n[0] !== '_' && !skipped(n));
  for (const name of names) {
    for (let run = 0; run < Number(options.runs); run++) {
      for (const binary of ['old', 'new'])
        queue.push({ binary, filename: `${category}/${name}` });
    }
  }
}

console.log('"binary","filename","configuration","rate","time"');
const next = (index) => {
  const job = queue[index];
  const child = fork(path.join(__dirname, job.filename), options.set,
                     { execPath: options[job.binary] });
  child.on('message', (data) => {
    if (data.type !== 'report') return;
    const conf = Object.keys(data.conf)
      .map((key) => `${key}=${inspect(data.conf[key])}`).join(' ');
    console.log(`"${job.binary}","${job.filename}",` +
                `"${conf.replace(/"/g, '""')}",${data.rate},${data.time}`);
  });
  child.on('close', (code) => {
    if (code) process.exit(code);
    if (index + 1 < queue.length) next(index + 1);
  });
};
if (queue.length > 0) next(0);
