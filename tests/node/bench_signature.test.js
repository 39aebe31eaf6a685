// The bench signature (perft counts and seeded playouts, core/bench.h) is
// identical in wasm and in the native build.
'use strict';
const { spawnSync } = require('child_process');
const { zertzBin, loadWasm, check, finish } = require('./wasm_util');

(async () => {
  const M = await loadWasm();
  for (const depth of [1, 2]) {
    const native = spawnSync(zertzBin, ['bench', String(depth)]);
    check(native.status === 0, `native bench ${depth} exits 0 (got ${native.status}: ${native.stderr})`);
    const expected = native.stdout.toString().trim();
    const got = M.benchSignature(depth);
    check(/^perft \S+ playouts \d+ [0-9a-f]{16}\b/.test(got), `wasm signature looks like one: '${got}'`);
    check(got === expected, `bench ${depth}: wasm '${got}' == native '${expected}'`);
  }
  finish('bench signature wasm == native');
})().catch((e) => { console.error(e); process.exit(1); });
