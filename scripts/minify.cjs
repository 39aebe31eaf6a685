// Minifies the site's own JavaScript in place (scripts/make-site.sh), with
// Debian's terser: ES modules as modules, the workers and the service worker
// as classic scripts. The wasm glue (zertz.js) too: emscripten without the
// closure compiler (not packaged by Debian) only strips its whitespace, and
// terser halves it. Names of exports and of globals are kept, so modules
// still link and the workers still find createZertz. unsafe_arrows turns a
// function expression that reads no `this` and no `arguments` into an arrow:
// safe here, as nothing calls such a function with `new` or gives it a
// prototype (the view's own code has arrows and classes only; in the glue,
// the functions made constructors, embind's createNamedFunction and
// extendError, read `this`). Usage: node minify.cjs FILE...
'use strict';
const fs = require('fs');
const { minify } = require('terser');

const CLASSIC = new Set(['engine-worker.js', 'hints-worker.js', 'worker-core.js', 'sw.js', 'zertz.js']);

(async () => {
  for (const file of process.argv.slice(2)) {
    const name = file.split('/').pop();
    const code = fs.readFileSync(file, 'utf8');
    const out = await minify(code, { module: !CLASSIC.has(name), ecma: 2020, compress: { passes: 2, unsafe_arrows: true }, mangle: true, format: { comments: false } });
    if (!out.code) throw new Error(`${file}: terser produced nothing`);
    fs.writeFileSync(file, out.code);
  }
})().catch((e) => { console.error(`minify: ${e.message}`); process.exit(1); });
