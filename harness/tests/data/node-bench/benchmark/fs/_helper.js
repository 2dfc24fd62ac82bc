'use strict';
// Not a benchmark: compare.js skips files whose names start with '_'.
module.exports = {};
