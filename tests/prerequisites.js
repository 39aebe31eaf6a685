// What the node and browser tests need that a checkout may lack (a build,
// playwright-core, Chromium). A test without one says which and exits 77:
// CTest reports it as skipped (SKIP_RETURN_CODE in tests/CMakeLists.txt),
// never as passed or failed. Not a test itself (no .test.js).
'use strict';
const fs = require('fs');
const path = require('path');

const sourceDir = process.env.ZERTZ_SOURCE_DIR || path.resolve(__dirname, '..');
const SKIP = 77;

function skip(why) {
  console.log(`SKIP: ${why}`);
  process.exit(SKIP);
}

// Returns `file`, or skips the test naming what is missing and how to get it.
function need(file, what, how) {
  if (!fs.existsSync(file)) skip(`${what} is missing (${file}): ${how}`);
  return file;
}

// The native `zertz` tool (make native).
const nativeZertz = () => need(process.env.ZERTZ_BIN || path.join(sourceDir, 'build/native/zertz'), 'the native zertz tool', "run 'make native'");
// The wasm core (make wasm): its glue and its binary.
function wasmCore() {
  need(path.join(sourceDir, 'build/wasm/zertz.wasm'), 'the wasm core', "run 'make wasm'");
  return need(path.join(sourceDir, 'build/wasm/zertz.js'), 'the wasm core', "run 'make wasm'");
}

module.exports = { sourceDir, skip, need, nativeZertz, wasmCore };
