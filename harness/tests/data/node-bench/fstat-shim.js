'use strict';
// A "node build" whose readFileSync makes one more system call (an fstat
// of its result's file): loaded with --require on the new side only.
const fs = require('fs');

const readFileSync = fs.readFileSync;
fs.readFileSync = function(...args) {
  const result = readFileSync.apply(this, args);
  fs.fstatSync(0);
  return result;
};
