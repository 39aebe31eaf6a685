// "Learn from your mistakes": for bob, each of his marked moves becomes a
// puzzle at the position before it. The move played in the game fails at
// once; a try the core's review rule marks fails after the hint workers
// valued it (the panel says it is judging, then why it failed); the
// practice asks the review's own workers (no new hints-worker.js is
// loaded: their proof memory serves the tries); "Try again" goes back,
// "Show the answer" goes to the better move, a try the rule does not mark
// passes, and the end counts what was found. A try shows as a variation
// with its verdict while it is judged and leaves the game's tree when the
// practice moves on (unless kept); against the engine the engine does not
// answer a try and no try becomes the main line. The verdicts expected come
// from the native review (`zertz review --nodes`, deterministic) of the
// game cut after each try.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { run, openPage, check, settle, sourceDir, nativeZertz } = require('./browser_util');
const { loadCore, markedGame, reviewRecord, clickOn, shown, MOVES, LAYOUT } = require('./review_util');

const zertz = nativeZertz();

// The native review's verdict on `moves`' last move: its mark ('' none).
function nativeMark(M, moves) {
  const g = new M.Game();
  g.newGame('blitz', LAYOUT);
  for (const m of moves) check(g.play(m) === '', `${m} is legal`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zertz-learn-'));
  fs.writeFileSync(path.join(dir, 'g.txt'), g.exportRecord('Player0=ann\nPlayer1=bob'));
  g.delete();
  const rows = execFileSync(zertz, ['review', path.join(dir, 'g.txt'), '--nodes', '20000', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim().split('\n').map((l) => JSON.parse(l));
  fs.rmSync(dir, { recursive: true });
  return rows[moves.length - 1];
}

// The legal moves at the position after `ply` moves of the game.
function legalAt(M, ply) {
  const g = new M.Game();
  g.newGame('blitz', LAYOUT);
  for (const m of MOVES.slice(0, ply)) g.play(m);
  const legal = JSON.parse(g.state()).legal.map((l) => l.t);
  g.delete();
  return legal;
}

const learn = (page) => page.$eval('[data-testid="learn"]', (e) => ({ state: e.dataset.state, index: e.dataset.index, hidden: e.hidden,
  text: document.querySelector('[data-testid="learn-status"]').textContent }));
// Records every state the practice's panel takes from here on, with its
// text (window.learnStates), however fast the workers answer.
const recordStates = (page) => page.evaluate(() => {
  const e = document.querySelector('[data-testid="learn"]');
  window.learnStates = [];
  new MutationObserver(() => window.learnStates.push({ state: e.dataset.state, text: document.querySelector('[data-testid="learn-status"]').textContent }))
    .observe(e, { attributes: true, attributeFilter: ['data-state'] });
});
const settled = (page) => page.waitForFunction(() => !['judging'].includes(document.querySelector('[data-testid="learn"]').dataset.state), null);

// A player's Learn button; the practice's code loads on the first one, so
// this waits for its first puzzle.
async function startLearning(page, player) {
  await clickOn(page, `[data-testid="learn-start"][data-player="${player}"]`);
  await page.waitForSelector('[data-testid="learn"][data-state="asking"]:not([hidden])');
  await settle(page);
}

async function play(page, move) {
  await page.fill('[data-testid="move-input"]', move);
  await page.press('[data-testid="move-input"]', 'Enter');
  await settle(page);
}

const mainLine = (page) => page.$$eval('[data-testid="move"][data-line="main"]', (es) => es.map((e) => e.textContent.replace(/\?+$/, '')));
const variations = (page) => page.$$eval('[data-testid="variation"] [data-testid="move"]', (es) => es.map((e) => e.textContent));

run('review learn', async ({ url, browser, shots }) => {
  const M = await loadCore();
  const game = markedGame(M);
  const bob = game.marks.filter((m) => m.player === 1).map((m) => m.ply);
  check(bob.length === 2, `bob has two marked moves: ${JSON.stringify(game.marks)}`);
  // A failing try at bob's first puzzle (marked by the native review, not the
  // game's move) and a passing one at his second (the native review's best).
  const first = bob[0] - 1, second = bob[1] - 1;
  const bad = legalAt(M, first).find((t) => t !== MOVES[first] && nativeMark(M, [...MOVES.slice(0, first), t]).mark !== '');
  const good = nativeMark(M, MOVES.slice(0, second + 1)).best;
  check(!!bad && !!good && nativeMark(M, [...MOVES.slice(0, second), good]).mark === '', `a failing try ${bad} and a passing try ${good}`);

  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: 1280, height: 800 });
  // Each hint worker started loads hints-worker.js.
  let workerLoads = 0;
  page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('/hints-worker.js')) workerLoads++; });
  await reviewRecord(page, game.record);
  const reviewLoads = workerLoads;
  check(reviewLoads > 0, 'the review started hint workers (hints-worker.js requested)');
  // Each player's Learn button sits in that player's line of the totals.
  const starts = await page.$$eval('[data-testid="learn-start"]', (es) => es.map((e) => `${e.dataset.player}:${e.closest('.review-player').textContent.split(':')[0]}`));
  check(JSON.stringify(starts) === '["0:ann","1:bob"]', `one start per player with marks: ${starts}`);
  // The practice's code loads on the first Learn, not with the page.
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.endsWith('/review/learn.js')));
  check(!await fetched(), 'review-learn.js is not loaded before the first Learn');
  await startLearning(page, 1);
  check(await fetched(), 'the first Learn loads review/learn.js');
  const panel = await page.$eval('[data-testid="learn"]', (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
  check(panel.top >= 0 && panel.bottom <= 800, `the practice's panel is in view at 1280x800: ${JSON.stringify(panel)}`);
  let l = await learn(page);
  check(!l.hidden && l.state === 'asking' && l.index === '1' && l.text.includes(MOVES[first]), `bob's first puzzle asks: ${JSON.stringify(l)}`);
  check((await shown(page)).ply === first, `the board shows the position before the marked move (${first} moves): ${JSON.stringify(await shown(page))}`);
  await page.screenshot({ path: path.join(shots, 'review-learn.png') });

  // The game's own move fails at once.
  await play(page, MOVES[first]);
  l = await learn(page);
  check(l.state === 'failed' && /move played in the game/.test(l.text), `the marked move itself fails: ${JSON.stringify(l)}`);
  await clickOn(page, '[data-testid="learn-retry"]');
  check((await learn(page)).state === 'asking' && (await shown(page)).ply === first, 'Try again goes back to the puzzle');

  // A try the rule marks: judged by the workers, fails.
  await recordStates(page);
  await play(page, bad);
  await settled(page);
  const states = await page.evaluate(() => window.learnStates);
  check(states.length === 2 && states[0].state === 'judging' && states[0].text.includes(bad) && states[1].state === 'failed',
    `the try was judged, then failed: ${JSON.stringify(states)}`);
  l = await learn(page);
  check(l.state === 'failed' && /not good enough: bob had a proven win/.test(l.text), `the marked try fails with why: ${JSON.stringify(l)}`);
  check((await variations(page)).includes(bad), `the failed try shows as a variation while it is judged: ${await variations(page)}`);
  check(/^Practice: /.test(await page.textContent('[data-testid="comment"]')), 'its comment keeps the verdict');

  // Show the answer: the better move's variation.
  await clickOn(page, '[data-testid="learn-answer"]');
  l = await learn(page);
  const at = await shown(page);
  check(l.state === 'answer' && at.line === 'variation' && at.ply === first + 1 && l.text.includes(at.text), `the answer is the better move: ${JSON.stringify({ l, at })}`);
  check(!(await variations(page)).includes(bad), `the failed try left the game's tree once the practice moved on: ${await variations(page)}`);

  // The second puzzle: the review's best move passes.
  await clickOn(page, '[data-testid="learn-next"]');
  l = await learn(page);
  check(l.state === 'asking' && l.index === '2' && (await shown(page)).ply === second, `Next: bob's second puzzle: ${JSON.stringify(l)}`);
  await play(page, good);
  await settled(page);
  l = await learn(page);
  check(l.state === 'passed' && /good move/.test(l.text), `the best move passes: ${JSON.stringify(l)}`);
  check(workerLoads === reviewLoads, `the practice asked the review's workers: no new hints-worker.js (${workerLoads - reviewLoads} more requests)`);
  await page.screenshot({ path: path.join(shots, 'review-learn-passed.png') });
  await clickOn(page, '[data-testid="learn-next"]');
  l = await learn(page);
  check(l.state === 'done' && /found 1 of 2/.test(l.text), `the end counts what was found: ${JSON.stringify(l)}`);
  check(JSON.stringify(await mainLine(page)) === JSON.stringify(MOVES), `the game's moves are still the main line: ${await mainLine(page)}`);
  await clickOn(page, '[data-testid="learn-stop"]');
  check((await learn(page)).hidden && await page.isVisible('[data-testid="learn-start"]'), 'Stop ends the practice');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);

  // A game against the engine (the same moves, given by the URL): ann's try
  // is a variation and is judged; the engine does not answer it.
  const g = new M.Game();
  g.newGame('blitz', LAYOUT);
  const start = g.positionString();
  g.delete();
  const vs = await openPage(browser, `${url}?p0=human&p1=engine&reviewms=30000&position=${encodeURIComponent(start)}&moves=${encodeURIComponent(MOVES.join(' '))}`,
    { width: 844, height: 390 });
  await vs.waitForSelector('[data-testid="review"]:not([disabled])');
  await vs.click('[data-testid="review"]');
  await vs.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);
  const ann = game.marks.find((m) => m.player === 0).ply;
  await startLearning(vs, 0);
  const annTry = legalAt(M, ann - 1).find((t) => t !== MOVES[ann - 1]);
  // Counts every start of the engine's thinking from here on (it would start
  // in the same task as the try, before any check could look).
  await vs.evaluate(() => {
    const e = document.querySelector('[data-testid="thinking"]');
    window.engineStarts = 0;
    new MutationObserver(() => { if (e.dataset.active === 'true') window.engineStarts++; }).observe(e, { attributes: true, attributeFilter: ['data-active'] });
  });
  await play(vs, annTry);
  await settled(vs);
  l = await learn(vs);
  const tryNode = await shown(vs);
  check(['passed', 'failed'].includes(l.state) && tryNode.line === 'variation' && tryNode.text.startsWith(annTry),
    `against the engine the try is a variation, judged: ${JSON.stringify({ l, tryNode })}`);
  check(JSON.stringify(await mainLine(vs)) === JSON.stringify(MOVES), `no try became the main line: ${await mainLine(vs)}`);
  check(await vs.evaluate(() => window.engineStarts) === 0, 'the engine did not start thinking on the try');
  await vs.$eval('[data-testid="learn"]', (e) => e.scrollIntoView({ block: 'center' }));
  await vs.screenshot({ path: path.join(shots, 'review-learn-phone-landscape.png') });
  check(vs.errors.length === 0, `no page errors against the engine: ${vs.errors}`);

  const phone = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: 390, height: 844 });
  await reviewRecord(phone, game.record);
  await startLearning(phone, 1);
  const box = await phone.$eval('[data-testid="learn"]', (e) => { e.scrollIntoView({ block: 'center' }); const r = e.getBoundingClientRect(); return { left: r.left, right: r.right }; });
  check(box.left >= 0 && box.right <= 390, `the practice fits the phone: ${JSON.stringify(box)}`);
  await phone.screenshot({ path: path.join(shots, 'review-learn-phone.png') });
  check(phone.errors.length === 0, `no page errors on the phone: ${phone.errors}`);
});
