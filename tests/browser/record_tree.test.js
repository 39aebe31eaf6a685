// Records keep what the move tree holds: variations survive export and
// import (ours -> SGF -> ours, through the core's recordToTree and
// treeToRecord); an imported record shows its players, date, event and
// result, a resigned game says so instead of asking for a move, and each
// comment appears in the comment pane at its move (boardspace's C[] in the
// real tutorials).
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir, importText } = require('./browser_util');

const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');

async function typeMove(page, text) {
  await page.fill('[data-testid="move-input"]', text);
  await page.press('[data-testid="move-input"]', 'Enter');
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

  // A resigned game: names, result and the resignation shown at its end,
  // in the names the cards show; the day in the reader's locale.
  const resigned = '[Variant "standard 37"]\n[Player0 "ann"]\n[Player1 "bob"]\n[Date "2025-10-09"]\n[Event "club night"]\n[Result "1 resign"]\n\n1. Wd4,a1 ; centre first\nBg1,a2 2. Wb2,a3\n';
  await importText(page, resigned);
  const info = await page.textContent('[data-testid="game-info"]');
  const day = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(2025, 9, 9))));
  check(/ann – bob/.test(info) && info.includes(day) && /club night/.test(info) && /ann resigned — bob wins/.test(info), `names, date, event and result: '${info}' (${day})`);
  const status = await page.textContent('[data-testid="status"]');
  const over = await page.getAttribute('[data-testid="status"]', 'data-over');
  check(/ann resigned — bob wins/.test(status) && !/to (place|move)|choose/i.test(status) && over === 'resign', `a resigned game says so: '${status}' (${over})`);
  const message = await page.textContent('[data-testid="message"]');
  check(/^Imported: ann resigned — bob wins \(ann – bob, 3 moves\)/.test(message), `the import message names them: '${message}'`);
  const cards = await page.$$eval('.player', (es) => es.map((e) => ({ result: e.dataset.result, toMove: e.classList.contains('to-move'), badge: e.querySelector('[data-testid="winner-badge"]')?.textContent || '', text: e.querySelector('h2').textContent })));
  check(cards[1].result === 'winner' && /Winner/.test(cards[1].badge) && !cards[1].toMove, `the winner's card has the badge: ${JSON.stringify(cards[1])}`);
  check(cards[0].result === 'loser' && !cards[0].toMove && !cards[0].badge && /resigned/.test(cards[0].text), `the loser's card is not to move and says it resigned: ${JSON.stringify(cards[0])}`);
  check(await page.getAttribute('[data-testid="result-banner"]', 'data-reason') === 'resign' &&
    /ann resigned/.test(await page.textContent('[data-testid="result-banner"]')), 'the result banner says who resigned');
  check((await page.$$('[data-legal]')).length === 0, 'no move is offered after the resignation');
  await page.screenshot({ path: path.join(shots, 'record-resigned.png') });

  // A boardspace record: its game name and Java date read by the core.
  const lost = fs.readFileSync(path.join(recordsDir, 'tutorials/lost-opening.sgf'), 'utf8');
  await importText(page, lost);
  const bsInfo = await page.textContent('[data-testid="game-info"]');
  const bsDay = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(2004, 2, 19))));
  check(/boardspace\.net/.test(bsInfo) && bsInfo.includes(bsDay) && !/GMT|ddyer-mreitz|09:22/.test(bsInfo), `a boardspace header read for people: '${bsInfo}' (${bsDay})`);
  check(/GMT\+01:00/.test(await page.getAttribute('[data-testid="game-info"]', 'title')), 'the raw tags stay in the tooltip');
  // Lost on time, and a draw by repetition (a real boardspace game): no
  // card to move, the reason in the status.
  await importText(page, resigned.replace('1 resign', '0 time'));
  check(/bob ran out of time — ann wins/.test(await page.textContent('[data-testid="status"]')), `time: '${await page.textContent('[data-testid="status"]')}'`);
  check(await page.getAttribute('[data-player="1"]', 'data-result') === 'loser' && /lost on time/.test(await page.textContent('[data-player="1"] h2')), 'the loser on time says so');
  await importText(page, fs.readFileSync(path.join(recordsDir, 'interesting/draw-by-repetition.sgf'), 'utf8'));
  const drawn = await page.textContent('[data-testid="status"]');
  const drawCards = await page.$$eval('.player', (es) => es.map((e) => ({ result: e.dataset.result, toMove: e.classList.contains('to-move') })));
  check(/Draw by repetition/.test(drawn) && drawCards.every((c) => c.result === 'draw' && !c.toMove), `a draw by repetition: '${drawn}' ${JSON.stringify(drawCards)}`);
  await importText(page, resigned);
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
