// Importing real boardspace games (../shared/records) by file, stepping
// through them move by move, and a GIPF record by paste; bad text gives a
// clear message and changes nothing.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir } = require('./browser_util');

const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');

run('import a record and step through it', async ({ url, browser }) => {
  // wasmBinary: load the module from disk (node's fetch cannot read files).
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  if (!M.hasRecords()) throw new Error('this build has no record import (core/record.h)');
  // The first loose record that replays completely with a real game in it;
  // its positions, computed by the same core in node, are the expectation.
  const dir = path.join(recordsDir, 'games-Oct-9-2025');
  let file, expected;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.sgf')).sort()) {
    const g = new M.Game();
    const r = JSON.parse(g.importRecord(fs.readFileSync(path.join(dir, name), 'utf8'), false));
    const n = g.ply();
    if (!r.error && !r.damaged && n >= 12) {
      file = path.join(dir, name);
      expected = [];
      for (let i = 0; i <= n; ++i) { g.gotoPly(i); expected.push(g.positionString()); }
      expected.moves = g.moveList();
      break;
    }
    g.delete();
  }
  if (!file) throw new Error(`no usable record in ${dir}`);

  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  await page.click('[data-testid="import"]');
  await page.setInputFiles('[data-testid="import-file"]', file);
  await page.waitForFunction(() => document.querySelector('[data-testid="import-text"]').value.length > 0);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  check(!(await page.isVisible('#dlg-import')), `${path.basename(file)} imports and the dialog closes`);
  const listed = await texts(page, '[data-testid="move"]');
  check(listed.join(' ') === expected.moves, `the move list is the record's (${listed.length} moves)`);
  check(/^Imported: /.test(await page.textContent('[data-testid="message"]')), 'the import is reported');

  // Step through from the start with the → key.
  await page.click('[data-action="first"]');
  await settle(page);
  let ok = await page.inputValue('[data-testid="position-string"]') === expected[0];
  for (let i = 1; i < expected.length && ok; ++i) {
    await page.locator('body').press('ArrowRight');
    await settle(page);
    ok = check(await page.inputValue('[data-testid="position-string"]') === expected[i], `position after ${i} moves matches the core`);
    const rings = (expected[i].split(' ')[2].match(/[.WGB]/g) || []).length;
    ok = check((await page.$$('[data-cell]')).length === rings, `ring count after ${i} moves`) && ok;
  }
  check(ok, 'stepping through the record shows every position');

  // Bad text: a clear message, the dialog stays open, the game is unchanged.
  const before = [await page.inputValue('[data-testid="position-string"]'), (await texts(page, '[data-testid="move"]')).join(' ')];
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', '(;GM[22]SU[Zertz]\n; P0[1 RtoB 2 0 Q 9]\n; P0[2 Done]\n)');
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  const err = await page.textContent('[data-testid="import-error"]');
  check(/^Import failed: .*turn 1/.test(err), `a record with a bad turn gives a message naming the turn: '${err}'`);
  check(await page.isVisible('#dlg-import'), 'the dialog stays open to fix the text');
  await page.fill('[data-testid="import-text"]', 'hello, this is not a game');
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  check(/line 1/.test(await page.textContent('[data-testid="import-error"]')), 'garbage text: the message names the line');
  await page.keyboard.press('Escape');
  await settle(page);
  const after = [await page.inputValue('[data-testid="position-string"]'), (await texts(page, '[data-testid="move"]')).join(' ')];
  check(after.join('|') === before.join('|'), 'a failed import changed nothing');

  // A GIPF record by paste (exported from a game in the core).
  const g = new M.Game();
  g.newGame('blitz', '48');
  check(g.playMoves('Wd4,a1 Bf2,h1 Gb3,a5') === '', 'the record to paste is legal');
  const rec = g.exportRecord('Player0=ann\nPlayer1=bob');
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', rec);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  check((await texts(page, '[data-testid="move"]')).join(' ') === 'Wd4,a1 Bf2,h1 Gb3,a5', 'a pasted GIPF record loads its moves');
  check((await page.$$('[data-cell]')).length === 45, 'on the 48-ring board (three rings removed)');

  // Export both formats; each imports back to the same moves in the core.
  await page.click('[data-testid="export"]');
  await page.click('[data-testid="export-sgf"]');
  const sgf = await page.inputValue('[data-testid="export-text"]');
  await page.click('[data-testid="export-record"]');
  const gipf = await page.inputValue('[data-testid="export-text"]');
  check(sgf.startsWith('(;') && /\[Variant "blitz 48"\]/.test(gipf), 'export offers .sgf and the GIPF record');
  for (const [name, text] of [['sgf', sgf], ['record', gipf]]) {
    const back = new M.Game();
    const r = JSON.parse(back.importRecord(text, false));
    check(!r.error && back.moveList() === 'Wd4,a1 Bf2,h1 Gb3,a5', `exported ${name} imports back: ${r.error || back.moveList()}`);
  }
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
