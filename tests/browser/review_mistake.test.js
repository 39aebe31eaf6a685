// Game review marks a mistake: a drop of at least 20 points in the mover's
// probability that is not a proven loss. The record starts from a position
// of a boardspace game between two people (Z11-sbstnmntlf-Pedropro-2025-07-19,
// 48 rings, before move 22; the players swapped so that Player 0 moves): the
// mover wins in 3 plies, and the game's move Wc5,e3 throws that away.
//  * Before the move: a proven win (the proof search needs a few hundred
//    nodes; it may report a longer win than 3 plies, still a win), so the
//    mover's probability is 1.
//  * After it: no proof (the native `zertz solve` finds none in 30 s), so
//    the review shows an estimate. The opponent is ahead there: the native
//    search scores the position +170 for them at depth 1 and +813 at depth 3
//    (54% and 70% on the compiled curve), and the review's short search
//    gives them about 49%; the mover keeps at most about half, a drop of
//    about 50 points from the proven win, far past the 20 points whatever
//    depth the budget reaches. A drop from a proven win to an estimate is
//    not always a mistake: the curve reaches 91% for the mover when the
//    opponent's score is very low, which is why a position where the thrown
//    win leaves the opponent ahead is the one to test.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir } = require('./browser_util');

const START = 'standard 48 -B-.-/-...../--...G./---B...-/--..B.-/--..../-..../.... 6,2,2 0,3,2 0,2,3 0';
const MISTAKE = 'Wc5,e3';
// Proof budget for the premises (the search stops as soon as it proves).
const PROOF_MS = 20000;

run('review mistake', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  const proof = (moves) => JSON.parse(M.proveGame(START, moves, PROOF_MS, false));
  const start = proof('');
  check(start.value === 'win', `the start is a proven win for its mover: ${JSON.stringify(start)}`);
  const g = new M.Game();
  g.setPosition(START);
  const legal = JSON.parse(g.state()).legal;
  check(legal.length > 1 && legal.some((l) => l.t === MISTAKE), `${MISTAKE} is one of several legal moves`);
  check(g.play(MISTAKE) === '', `${MISTAKE} plays`);
  const record = g.exportRecord('Player0=ann\nPlayer1=bob');
  g.delete();

  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=300`);
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', record);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  await page.click('[data-testid="review"]');
  await page.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);
  const points = await page.$$eval('[data-testid="review-graph"] [data-ply]', (es) => es.map((e) => ({ ply: e.dataset.ply, p0: e.dataset.p0 })));
  check(points.length === 2, `two positions reviewed: ${JSON.stringify(points)}`);
  // The graph's words name the players: the estimate after the mistake in
  // the chances of the player it favours, the start as ann's proven win.
  const words = await page.$$eval('[data-testid="review-graph"] [data-ply]', (es) => es.map((e) => e.getAttribute('aria-label')).sort());
  check(/^Position after 0 moves: proven, ann wins$/.test(words[0]) && /^Position after 1 move, ann’s mistake \(.+\): (ann|bob) \d+%$/.test(words[1]),
    `the points' words: ${JSON.stringify(words)}`);
  const marks = await page.$$eval('[data-testid="move"][data-mark]', (es) => es.map((e) => ({ ply: e.dataset.ply, mark: e.dataset.mark, text: e.textContent })));
  check(marks.length === 1 && marks[0].ply === '1' && marks[0].mark === 'mistake', `${MISTAKE} is a mistake: ${JSON.stringify(marks)}`);
  // The better move, one click away as a variation: one that wins (the
  // opponent's position after it is proven lost).
  const better = await texts(page, '[data-testid="variation"] [data-testid="move"]');
  const named = legal.map((l) => l.t).filter((t) => better.length === 1 && better[0].includes(t)).sort((a, b) => b.length - a.length);
  check(named.length > 0, `the variation is one legal move: ${better}`);
  const after = proof(named[0]);
  check(after.value === 'loss', `the variation ${named[0]} wins: the position after it is lost for bob (${JSON.stringify(after)})`);
  await page.click('[data-testid="variation"] [data-testid="move"]');
  await settle(page);
  check(/Better than/.test(await page.textContent('[data-testid="comment"]')), 'its comment says why it is there');
  await page.screenshot({ path: path.join(shots, 'review-mistake.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
