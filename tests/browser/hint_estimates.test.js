// Hinted moves nothing proved: the core estimates a few (core/proof/hints.h
// MoveEstimate), each with the mover's calibrated probability after the
// move, listed apart from the proven moves and marked on its target ring with
// the percentage; one click previews such a move, a second plays it.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, settle, check, sourceDir } = require('./browser_util');

// The empty 37-ring board: nothing is proven in a short budget.
const START = 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0';

run('hint estimates', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  const open = `${url}?hints=on&hintms=300&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(START)}`;
  const page = await openPage(browser, open);
  await page.waitForFunction(() => document.querySelectorAll('[data-estimate-move]').length > 0, null);
  await settle(page);
  const list = await page.$$eval('[data-estimate-move]', (es) => es.map((e) => ({
    move: e.dataset.estimateMove, winprob: e.dataset.winprob, score: e.dataset.estimate, text: e.textContent, hint: e.dataset.hint })));
  check(list.length >= 1 && list.length <= 5, `a few estimated moves: ${JSON.stringify(list)}`);
  let last = 1;
  for (const e of list) {
    // The mover's probability at the move's score, the mover's view, mapped at
    // the position it is played from (the core's model), as the position's own.
    const want = M.winProbability(Number(e.score), START);
    check(e.winprob === want.toFixed(3), `${e.move}: probability ${e.winprob} is the core's for score ${e.score} (${want.toFixed(3)})`);
    check(Number(e.winprob) > 0 && Number(e.winprob) < 1 && Number(e.winprob) <= last, `${e.move}: in (0, 1), best first`);
    last = Number(e.winprob);
    check(e.text.includes(`${Math.round(Number(e.winprob) * 100)}%`) && /estimate/i.test(e.text), `${e.move} says its percentage and that it is an estimate: '${e.text}'`);
    check(e.hint === undefined, `${e.move} carries no proven value`);
    // The percentage and a player's number may hold the score's digits by
    // chance (score 48 and 48%; score 0 and "Player 0"): look past them.
    const words = e.text.replace(/\d+\s*%/g, '').replace(/Player [01]\b/g, '');
    check(!new RegExp(`\\b${Math.abs(Number(e.score))}\\b`).test(words), `no raw engine score shown: '${e.text}' (score ${e.score})`);
  }
  const rings = await page.$$eval('[data-estimate-cell]', (es) => es.map((e) => ({ cell: e.dataset.cell, winprob: e.dataset.estimateCell })));
  const badges = await page.$$eval('.mark-hint.tone-estimate', (es) => es.map((e) => ({ cell: e.dataset.markCell, label: e.querySelector('.mark-label').textContent })));
  check(rings.length >= 1 && badges.length === rings.length, `estimated moves marked on their target rings: ${JSON.stringify({ rings, badges })}`);
  for (const b of badges) {
    const ring = rings.find((r) => r.cell === b.cell);
    check(ring && b.label === `${Math.round(Number(ring.winprob) * 100)}%`, `badge on ${b.cell} shows the percentage: ${b.label} (${ring && ring.winprob})`);
  }
  await page.screenshot({ path: path.join(shots, 'hint-estimates.png') });

  // Preview from the list, then play with a second click.
  const first = list[0].move;
  await page.click(`[data-estimate-move="${first}"] button`);
  await settle(page);
  check(await page.$(`[data-estimate-move="${first}"][data-previewed]`) !== null, 'the clicked estimate is previewed');
  check(await page.$('[data-ghost]') !== null, 'a ghost marble shows the previewed move');
  await page.click(`[data-estimate-move="${first}"] button`);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1, null);
  const played = await page.$eval('[data-testid="move"]', (e) => e.textContent);
  check(played.includes(first), `the second click plays ${first}: '${played}'`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);

  const phone = await openPage(browser, open, { width: 390, height: 844 });
  await phone.waitForFunction(() => document.querySelectorAll('.mark-hint.tone-estimate').length > 0, null);
  await phone.screenshot({ path: path.join(shots, 'hint-estimates-phone.png'), fullPage: true });
  check(phone.errors.length === 0, `no page errors on the phone: ${phone.errors}`);
});
