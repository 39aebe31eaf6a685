// The best hint as an arrow on the board, as lichess draws its engine's best
// move: with the hints on, a placement is a ghost marble of its colour on its
// ring (its removal's ring circled), a capture an arrow along its jumps; it is the first
// move of the hint list, follows it when the position changes, and goes with
// the hints.
'use strict';
const path = require('path');
const { run, openPage, settle, check, waitForHints } = require('./browser_util');

const START = 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0';
const CAPTURE = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5';

const arrow = (page) => page.evaluate(() => {
  const a = document.querySelector('[data-testid="hint-arrow"]');
  const rm = a && a.querySelector('[data-arrow-remove]');
  const ghost = a && a.querySelector('[data-arrow-marble]');
  const best = document.querySelector('[data-hint-best]');
  return { move: a ? a.dataset.move : null, from: a && a.dataset.from, to: a && a.dataset.to, remove: rm ? rm.dataset.arrowRemove : null,
    lines: a ? a.querySelectorAll('polyline').length : 0, marble: ghost ? ghost.dataset.arrowMarble : null, best: best ? best.dataset.hintMove || best.dataset.estimateMove : null };
});
const bestMove = (page) => page.$eval('[data-hint-best]', (e) => e.dataset.hintMove || e.dataset.estimateMove);

run('best-move arrow', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human&hints=on&hintms=300&hintworkers=1&position=${encodeURIComponent(START)}`);
  await waitForHints(page, '[data-hint-best]');
  await settle(page);
  let a = await arrow(page);
  // A placement "Wd4,a1": a white ghost on d4, a1 circled, no line across the board.
  const m = /^([WGB])([a-z]\d+)(?:,([a-z]\d+))?$/.exec(a.best || '');
  check(!!m && a.move === a.best && a.from === 'pool' && a.to === m[2] && a.remove === (m[3] || null) && a.lines === 0 && a.marble === m[1],
    `the board draws the best hint, a placement as a ghost marble on its ring: ${JSON.stringify(a)}`);
  await page.screenshot({ path: path.join(shots, 'hint-arrow-placement.png') });

  // It follows: play the best move (a click previews, a second plays);
  // the next position's best hint gets the arrow.
  const first = a.best;
  await page.click(`[data-hint-move="${first}"] button, [data-estimate-move="${first}"] button`);
  await page.click(`[data-hint-move="${first}"] button, [data-estimate-move="${first}"] button`);
  await settle(page);
  const played = await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent));
  check(played.length === 1 && played[0].startsWith(first), `two clicks on the best hint play it: ${played}`);
  await waitForHints(page, '[data-hint-best]');
  await settle(page);
  a = await arrow(page);
  check(a.move !== null && a.move === a.best && a.best === await bestMove(page), `after ${first}, the arrow follows the new best hint: ${JSON.stringify(a)}`);

  // The hints off: no arrow.
  await page.click('[data-testid="hints-toggle"]');
  await settle(page);
  check((await arrow(page)).move === null, 'no arrow without the hints');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // A forced capture: the arrow runs along the jump, from the capturing marble.
  const cap = await openPage(browser, `${url}?p0=human&p1=human&hints=on&hintms=300&hintworkers=1&moves=${encodeURIComponent(CAPTURE)}`);
  await waitForHints(cap, '[data-hint-best]');
  await settle(cap);
  a = await arrow(cap);
  const j = /^x([a-z]\d+)[WGB]([a-z]\d+)/.exec(a.best || '');
  const landing = a.best ? a.best.match(/[a-z]\d+/g).pop() : null;
  check(!!j && a.move === a.best && a.from === j[1] && a.to === landing && a.remove === null && a.lines === 1 && a.marble === null, `a capture's arrow runs from ${j && j[1]} to ${landing}: ${JSON.stringify(a)}`);
  await cap.screenshot({ path: path.join(shots, 'hint-arrow-capture.png') });
  check(cap.errors.length === 0, `no page errors: ${cap.errors}`);
  await cap.close();
});
