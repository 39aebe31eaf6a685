// Shared helpers for the wasm-under-node tests: load build/wasm/zertz.js and
// talk to the native `zertz engine` protocol. Not a test itself (no .test.js).
// A test whose build is missing is skipped (exit 77), saying which.
'use strict';
const { spawnSync } = require('child_process');
const { sourceDir, nativeZertz, wasmCore } = require('../prerequisites');

const loadWasm = () => require(wasmCore())();

// Runs protocol lines through one `zertz engine` process; returns the
// answers in order as {ok, text}.
function runProtocol(lines) {
  const r = spawnSync(nativeZertz(), ['engine'], { input: lines.join('\n') + '\nquit\n', maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  const answers = r.stdout.toString().split('\n\n').filter((b) => b.length).map((b) => ({
    ok: b.startsWith('='), text: b.replace(/^[=?] ?/, ''),
  }));
  return answers;
}

// Small deterministic PRNG (mulberry32) for the test's own choices.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let failures = 0;
function check(cond, message) {
  if (!cond) { failures++; console.error(`FAIL: ${message}`); }
}
function finish(name) {
  if (failures) { console.error(`${name}: ${failures} failure(s)`); process.exit(1); }
  console.log(`${name}: ok`);
}

module.exports = { sourceDir, nativeZertz, loadWasm, runProtocol, rng, check, finish };
