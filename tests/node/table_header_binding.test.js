// The hint worker reads table headers through the core (wasm tableLayout /
// tableHeader), never by byte offsets: a real header of the site's tables
// gives its ring count and index size, agreeing with the native probe's set;
// a damaged or truncated header is refused with the reason.
'use strict';
const fs = require('fs');
const path = require('path');
const { loadWasm, check, finish } = require('./wasm_util');

const sourceDir = process.env.ZERTZ_SOURCE_DIR || path.resolve(__dirname, '../..');
const tables = path.join(sourceDir, 'build/site/tables');

(async () => {
  const M = await loadWasm();
  const layout = JSON.parse(M.tableLayout());
  check(layout.headerSize > 0 && layout.indexEntrySize > 0, `the layout names the header and index entry sizes: ${JSON.stringify(layout)}`);
  const files = fs.existsSync(tables) ? fs.readdirSync(tables).filter((n) => /^blitz-\d+\.dtm$/.test(n)).sort() : [];
  if (!files.length) throw new Error(`${tables} has no blitz tables: run 'make site'`);
  for (const name of files) {
    const bytes = fs.readFileSync(path.join(tables, name));
    const h = JSON.parse(M.tableHeader(bytes.subarray(0, layout.headerSize)));
    const level = Number(/-(\d+)\./.exec(name)[1]);
    check(!h.error && h.level === level && h.maxRings === files.length, `${name}: level ${h.level} of a ${h.maxRings}-ring set (${h.error || 'ok'})`);
    // The file is the header, the block index, then the blocks.
    check(h.indexBytes === h.blocks * layout.indexEntrySize && layout.headerSize + h.indexBytes <= bytes.length,
      `${name}: ${h.blocks} blocks, an index of ${h.indexBytes} bytes inside the file`);
    // The core accepts the header with the index it announces.
    check(M.hintsAddFile(name, bytes.subarray(0, layout.headerSize + h.indexBytes)) === '', `${name}: header and index accepted`);
  }
  const head = Buffer.from(fs.readFileSync(path.join(tables, files[0])).subarray(0, layout.headerSize));
  head[30] ^= 1;
  check(/checksum/.test(JSON.parse(M.tableHeader(head)).error || ''), 'a flipped header byte is refused by its checksum');
  check(/truncated/.test(JSON.parse(M.tableHeader(head.subarray(0, 10))).error || ''), 'a short header is refused as truncated');
  check(/header/.test(JSON.parse(M.tableHeader(Buffer.from('not a table at all, not a table at all, not a table at all, not a table at all, not a table at all!!!!'))).error || ''),
    'text that is no table is refused');
  finish('table header binding');
})().catch((e) => { console.error(e); process.exit(1); });
