// Shared by the review's browser tests (not a test itself: no .test.js).
// A constructed blitz game on a custom 8-ring board whose every position
// the proof search settles at once (the native review proves each in 20,000
// nodes), so the review marks the same moves whatever the machine's load:
// bob throws a win away twice and ann once, all decisive. The marks
// expected come from the native `zertz review --nodes` (deterministic), not
// from this file.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { settle, check, sourceDir, importText, nativeZertz } = require('./browser_util');
const { wasmCore } = require('../prerequisites');

const zertz = nativeZertz();
const LAYOUT = '1:2,0:4,1:2';
const MOVES = ['Wb4,a2', 'Ga1,c1', 'Wb3,b1', 'xb4Wb2', 'xa1Wc2', 'Ba1,b3', 'Bb4,b2'];

async function loadCore() {
  return require(wasmCore())({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
}

// The record (our format, ann against bob) and the native review's marks:
// [{ply (the move's number, 1-based), player, mark}].
function markedGame(M) {
  const g = new M.Game();
  check(g.newGame('blitz', LAYOUT) === '', `the layout ${LAYOUT} is valid`);
  for (const m of MOVES) check(g.play(m) === '', `${m} is legal`);
  const record = g.exportRecord('Player0=ann\nPlayer1=bob');
  g.delete();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zertz-review-')), 'game.txt');
  fs.writeFileSync(file, record);
  const rows = execFileSync(zertz, ['review', file, '--nodes', '20000', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim().split('\n').map((l) => JSON.parse(l));
  fs.rmSync(path.dirname(file), { recursive: true });
  check(rows.length === MOVES.length + 1 && rows.every((r) => !String(r.value).startsWith('p=')),
    `the native review proves every position: ${rows.map((r) => r.value)}`);
  // A row's mark is the move played from its position.
  const marks = rows.filter((r) => r.mark).map((r) => ({ ply: r.ply + 1, player: r.turn, mark: r.mark }));
  return { record, marks, values: rows.map((r) => r.value) };
}

// Imports a record once the review is installed (the plugins load after the
// board is playable; a record imported before would find no review to offer).
async function importForReview(page, text) {
  await page.waitForSelector('[data-testid="review"]');
  await importText(page, text);
}

// Imports and reviews a record. The budget per position is the largest
// (30 s): a budget only bounds a proof, and these proofs take milliseconds,
// so the review's values are the proofs' whatever the load.
async function reviewRecord(page, record) {
  await importForReview(page, record);
  await page.click('[data-testid="review"]');
  await page.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);
  await settle(page);
}

// Clicks an element that must be there (a missing one fails at once
// instead of waiting forever).
async function clickOn(page, selector, how = 'click') {
  const e = await page.$(selector);
  if (!e) throw new Error(`no ${selector} on the page`);
  if (how === 'keyboard') {
    await e.focus();
    await page.keyboard.press('Enter');
  } else await e.click();
  await settle(page);
}

// The move the board shows: {ply, line} of the move list's current move
// (ply 0 and line '' at the start).
const shown = (page) => page.evaluate(() => {
  const e = document.querySelector('[data-testid="move"][aria-current="step"]');
  return e ? { ply: Number(e.dataset.ply), line: e.dataset.line, text: e.textContent } : { ply: 0, line: '', text: '' };
});

module.exports = { loadCore, markedGame, reviewRecord, clickOn, shown, LAYOUT, MOVES };
