'use strict';
// Node's own fs on the configurations of fpbench-scenarios' fs/write-file-sync
// and fs/read-file-sync, with the same data, printed in Node's standalone
// benchmark format ("name config: rate") so the rates sit beside ours.
//
//   node scenarios/node/fs_sync.js [seconds-per-config]
const fs = require('fs');
const os = require('os');
const path = require('path');

const seconds = Number(process.argv[2] || 0.3);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fpbench-node-'));

function text(data, encoding, length) {
  if (encoding === 'base64') {
    const raw = Buffer.alloc(Math.floor(length / 4) * 3 + 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) & 0xff;
    let s = raw.toString('base64').slice(0, length).padEnd(length, 'A');
    // A two-byte string with the same characters: V8 keeps the wide form
    // after concatenating with a non-Latin-1 character and slicing it off.
    if (data === 'two-byte') s = (s + '\u20ac').slice(0, length);
    return s;
  }
  if (data === 'ascii') return 'abcdefghijklmnopqrstuvwxyz'.repeat(Math.ceil(length / 26)).slice(0, length);
  const mix = 'ab\u00fc\u00e9\u20ac\u65e5 z';
  return mix.repeat(Math.ceil(length / mix.length)).slice(0, length);
}

function measure(name, config, fn) {
  for (let i = 0; i < 20; i++) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < until) {
    fn();
    n++;
    now = process.hrtime.bigint();
  }
  const rate = n / (Number(now - start) / 1e9);
  console.log(`${name} ${config}: ${rate.toFixed(2)}`);
}

for (const encoding of ['utf8', 'latin1', 'base64']) {
  for (const useFd of ['true', 'false']) {
    for (const data of ['ascii', 'two-byte']) {
      for (const length of [1024, 102400, 1048576]) {
        const s = text(data, encoding, length);
        const file = path.join(dir, 'write-file-sync');
        const config = `encoding='${encoding}' useFd='${useFd}' data='${data}' length=${length}`;
        if (useFd === 'true') {
          const fd = fs.openSync(file, 'w');
          let written = 0;
          measure('fs/write-file-sync', config, () => {
            fs.writeFileSync(fd, s, encoding);
            written += length;
            if (written > 64 << 20) { fs.ftruncateSync(fd, 0); written = 0; }
          });
          fs.closeSync(fd);
        } else {
          measure('fs/write-file-sync', config, () => fs.writeFileSync(file, s, encoding));
        }
      }
    }
  }
}

// Reads by path only: readFileSync(fd) reads from the descriptor's position
// and Node has no lseek to rewind it between calls.
for (const encoding of ['undefined', 'utf8', 'latin1']) {
  for (const size of [1024, 102400, 1048576]) {
    const file = path.join(dir, 'read-file-sync');
    fs.writeFileSync(file, text('ascii', 'utf8', size));
    const enc = encoding === 'undefined' ? undefined : encoding;
    const config = `path='existing' encoding='${encoding}' useFd='false' size=${size}`;
    measure('fs/read-file-sync', config, () => fs.readFileSync(file, enc));
  }
}
fs.rmSync(dir, { recursive: true, force: true });
