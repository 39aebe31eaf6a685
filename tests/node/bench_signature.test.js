// The bench signature (perft counts and seeded playouts, core/engine/bench.h) is
// identical in wasm and in the native build.
'use strict';
const { spawnSync } = require('child_process');
const { nativeZertz, loadWasm, check, finish } = require('./wasm_util');

(async () => {
  const zertz = nativeZertz();
  const M = await loadWasm();
  for (const depth of [1, 2]) {
    const native = spawnSync(zertz, ['bench', String(depth)]);
    check(native.status === 0, `native bench ${depth} exits 0 (got ${native.status}: ${native.stderr})`);
    const expected = native.stdout.toString().trim();
    const got = M.benchSignature(depth);
    check(/^perft \S+ playouts \d+ [0-9a-f]{16}\b/.test(got), `wasm signature looks like one: '${got}'`);
    check(got === expected, `bench ${depth}: wasm '${got}' == native '${expected}'`);
  }
  // The seeded playouts alone (bench.h: seed 20261129, 60 games) through the
  // binding the browser tests use, against the native signature's part.
  const native = spawnSync(zertz, ['bench', '1']).stdout.toString();
  const m = / playouts (\d+) ([0-9a-f]{16})/.exec(native);
  check(m !== null, `native signature has a playouts part: '${native.trim()}'`);
  if (m) check(M.playoutSignature(20261129, 60) === `${m[1]} ${m[2]}`, `seeded playouts: wasm '${M.playoutSignature(20261129, 60)}' == native '${m[1]} ${m[2]}'`);
  finish('bench signature wasm == native');
})().catch((e) => { console.error(e); process.exit(1); });
