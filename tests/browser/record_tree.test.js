// Records keep what the move tree holds: variations survive export and
// import (ours -> SGF -> ours, through the core's recordToTree and
// treeToRecord); an imported record shows its players, date, event and
// result, a resigned game says so instead of asking for a move, and each
// comment appears in the comment pane at its move (boardspace's C[] in the
// real tutorials).
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir } = require('./browser_util');

const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');

async function typeMove(page, text) {
  await page.fill('[data-testid="move-input"]', text);
  await page.press('[data-testid="move-input"]', 'Enter');
  await settle(page);
}
async function importText(page, text) {
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', text);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
}
async function exportText(page, format) {
  await page.click('[data-testid="export"]');
  await page.click(`[data-testid="export-${format}"]`);
  const text = await page.inputValue('[data-testid="export-text"]');
  await page.click('#dlg-export [data-action="close"]');
  return text;
}
// The list as the player sees it: main line and variations, in order.
const tree = (page) => page.$$eval('[data-testid="move"]', (es) => es.map((e) => `${e.dataset.line[0]}${e.dataset.ply}:${e.firstChild.textContent}`).join(' '));

run('records keep the move tree', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  for (const mv of ['Wd4,d7', 'Bf2,e6', 'Gc3,a1']) await typeMove(page, mv);
  await page.click('[data-testid="move"][data-ply="1"]');
  await settle(page);
  await typeMove(page, 'Ga4,g1');
  await typeMove(page, 'Wb2,a1');
  const before = await tree(page);
  check(before === 'm1:Wd4,d7 m2:Bf2,e6 v2:Ga4,g1 v3:Wb2,a1 m3:Gc3,a1', `the tree to export: ${before}`);

  // Ours -> SGF -> ours: the same tree at every step.
  const own = await exportText(page, 'record');
  check(/\(\s*1\.\.\.\s*Ga4,g1/.test(own), `our record writes the variation in parentheses:\n${own}`);
  const sgf = await exportText(page, 'sgf');
  check(sgf.startsWith('(;') && (sgf.match(/\(/g) || []).length >= 3, `the SGF holds the variation in its own syntax:\n${sgf}`);
  await importText(page, sgf);
  check(await tree(page) === before, `SGF imports back to the same tree: ${await tree(page)}`);
  const own2 = await exportText(page, 'record');
  await importText(page, own2);
  check(await tree(page) === before, `and our record again: ${await tree(page)}`);

  // A resigned game: names, result and the resignation shown at its end.
  await importText(page, '[Variant "standard 37"]\n[Player0 "ann"]\n[Player1 "bob"]\n[Date "2025-10-09"]\n[Event "club night"]\n[Result "1 resign"]\n\n1. Wd4,a1 ; centre first\nBg1,a2 2. Wb2,a3\n');
  const info = await page.textContent('[data-testid="game-info"]');
  check(/ann/.test(info) && /bob/.test(info) && /2025-10-09/.test(info) && /club night/.test(info) && /bob won: ann resigned/.test(info), `names, date, event and result: '${info}'`);
  const status = await page.textContent('[data-testid="status"]');
  const over = await page.getAttribute('[data-testid="status"]', 'data-over');
  check(/resigned/.test(status) && !/to (place|move)|choose/i.test(status) && over === 'resign', `a resigned game says so: '${status}' (${over})`);
  await page.click('[data-testid="move"][data-ply="1"]');
  await settle(page);
  check(await page.textContent('[data-testid="comment"]') === 'centre first', 'the comment of move 1 is shown at move 1');
  check(await page.getAttribute('[data-testid="status"]', 'data-over') === null, `before the end the game goes on: '${await page.textContent('[data-testid="status"]')}'`);
  await page.click('[data-testid="move"][data-ply="2"]');
  await settle(page);
  check(await page.isHidden('[data-testid="comment"]'), 'a move without a comment shows none');

  // A real tutorial: its introduction at the start, its notes at their moves.
  const tutorial = fs.readFileSync(path.join(recordsDir, 'tutorials/zertz_basic_tutorial_02.sgf'), 'utf8');
  await importText(page, tutorial);
  await page.locator('[data-action="first"]').click();
  await settle(page);
  check(/^Smartbot plays/.test(await page.textContent('[data-testid="comment"]')), 'the tutorial introduction at the start');
  await page.click('[data-testid="move"][data-ply="2"]');
  await settle(page);
  check(/^No easy attack/.test(await page.textContent('[data-testid="comment"]')), 'the tutorial note at its move');
  await page.screenshot({ path: path.join(shots, 'record-comments.png') });
  check((await texts(page, '[data-testid="move"]')).length > 2, 'the tutorial moves are listed');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
