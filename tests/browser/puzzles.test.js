// The puzzles page (web/puzzles.html): reached from the game's top bar; it
// accepts every winning first move of a puzzle, answers with the defender's
// move from the puzzle's line, refutes a losing move on the board and says
// why (the hint workers' proof), moves the player's rating the right way,
// escalates its hints, and refuses a damaged puzzle file or an unknown
// permalink with a clear message. The puzzles are real ones from
// tests/fixtures/puzzles/page.jsonl (two mined ones), served in place of the site's file.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, check, sourceDir, settle } = require('./browser_util');

const lines = fs.readFileSync(path.join(sourceDir, 'tests/fixtures/puzzles/page.jsonl'), 'utf8').split('\n').filter((l) => l);
const byId = (id) => lines.find((l) => JSON.parse(l).id === id);
const TWO = 'a14a8d382061';   // Wb2,c2 and We5,g2 both win at once (isolation)
const LINE = 'ccffd36efa8e';  // Bc1,a3, the defender must capture xc1Bc3, then xb3Bd3 wins

// Plays a canonical move by clicks: placement "Wb2,c2" (pool colour, ring,
// removed ring) or capture "xb3Bd3" (the marble, then each landing ring).
async function playMove(page, move) {
  const cap = /^x([a-z]\d+)((?:[WGB][a-z]\d+)+)$/.exec(move);
  const clicks = cap ? [cap[1], ...cap[2].match(/[a-z]\d+/g)] : move.slice(1).split(',');
  if (!cap) await page.click(`[data-pool="${move[0]}"]`);
  for (const cell of clicks) await page.click(`#puzzle-board [data-cell="${cell}"]`);
}

const state = (page) => page.getAttribute('[data-testid="puzzle-status"]', 'data-state');
const rating = async (page) => Number(await page.getAttribute('[data-testid="puzzle-rating"]', 'data-rating'));
const settled = (page) => page.waitForSelector('[data-testid="puzzle-status"]:not([data-state="busy"])');

run('puzzles', async ({ url, browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let served = `${byId(TWO)}\n${byId(LINE)}\n`;
  await context.route(/puzzles\/puzzles\.jsonl$/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: served }));

  // A first visit's start screen offers the puzzles; a game's top bar links to them.
  for (const [from, link] of [[url, 'start-puzzles'], [`${url}?p0=human&p1=engine:1`, 'puzzles-link']]) {
    const game = await context.newPage();
    await game.goto(from);
    await game.waitForSelector('body[data-ready]');
    await game.click(`[data-testid="${link}"]`);
    await game.waitForSelector('body[data-ready] [data-testid="puzzle"] [data-cell]');
    check(/puzzles\.html/.test(game.url()), `${link} goes to the puzzles page: ${game.url()}`);
    await game.close();
  }

  const open = async (hash) => {
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(`${url}puzzles.html#${hash}`);
    await page.waitForSelector('body[data-ready]');
    return page;
  };

  // Every winning first move is accepted; the first solve raises the rating.
  for (const [i, move] of ['Wb2,c2', 'We5,g2'].entries()) {
    const page = await open(TWO);
    check(await page.getAttribute('[data-testid="puzzle-status"]', 'data-puzzle') === TWO, 'the permalink opens its puzzle');
    check(/ddyer to move .*find the winning move/.test(await page.textContent('[data-testid="puzzle-status"]')), `whose turn: ${await page.textContent('[data-testid="puzzle-status"]')}`);
    const before = await rating(page);
    await playMove(page, move);
    await settled(page);
    const said = await page.textContent('[data-testid="puzzle-feedback"]');
    if (i === 0) {
      check(await state(page) === 'solved', `${move} wins at once: ${said}`);
      check(await rating(page) > before, `a solve raises the rating: ${before} -> ${await rating(page)}`);
      check(/Puzzle a14a8d382061, rated 1325\. Theme: isolation/.test(await page.textContent('[data-testid="puzzle-info"]')), 'the puzzle is described after');
    } else {
      // The other solution wins too, more slowly: accepted, and the defender
      // answers with the proof's best defence.
      check(await state(page) === 'good' && /^We5,g2 is right\. Dumbot answers /.test(said),
        `${move} is accepted: ${said}`);
      check(await rating(page) === before, 'the rating moves only on a result');
    }
    check(page.errors.length === 0, `no page errors: ${page.errors}`);
    await page.close();
  }

  // A losing move is refuted on the board and explained; the rating falls;
  // then the line: the defender answers from it, the capture wins.
  const page = await open(LINE);
  const before = await rating(page);
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForFunction(() => /^Theme: a forced capture/.test(document.querySelector('[data-testid="puzzle-hint-text"]').textContent));
  check(await page.$('#puzzle-pool [data-hinted]') === null, 'no pool colour is marked before the marble hint');
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="puzzle-hint-text"]').textContent === 'Place a black marble.');
  check(await page.$$eval('#puzzle-pool [data-hinted]', (els) => els.map((e) => e.dataset.pool).join()) === 'B', 'the marble hint marks the black pool marble alone');
  await page.click('[data-testid="puzzle-hint"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="puzzle-hint-text"]').textContent === 'Place a black marble on c1.');
  await page.click('[data-pool="B"]');
  const wrongRing = await page.$eval('#puzzle-board [data-cell][data-legal]:not([data-cell="c1"])', (e) => e.dataset.cell);
  await page.click(`#puzzle-board [data-cell="${wrongRing}"]`);
  await settle(page);
  if (await page.$('#puzzle-board [data-removable]')) await page.click('#puzzle-board [data-removable]');
  await settled(page);
  check(await page.$('#puzzle-pool [data-hinted]') === null, 'the marble mark goes with the move');
  const said = await page.textContent('[data-testid="puzzle-feedback"]');
  check(await state(page) === 'failed', `a losing move is refused: ${said}`);
  check(new RegExp(`^After B${wrongRing}(,[a-g]\\d)?, (ddyer wins( in (at most )?\\d+ turns?| with best play)|the game is drawn with best play|no win is proven any more)`).test(said), `the refutation in words: ${said}`);
  if (/ddyer wins/.test(said)) {
    check(/\(ddyer plays [^)]+\.\)$/.test(said), `the refutation is named: ${said}`);
    check(await page.$('#puzzle-players .player.to-move[data-player="1"]') !== null, 'the refutation is played on the board: Dumbot to move again');
  }
  check(await rating(page) < before, `a miss lowers the rating: ${before} -> ${await rating(page)}`);
  await page.click('[data-testid="puzzle-retry"]');
  await settle(page);
  await playMove(page, 'Bc1,a3');
  await settled(page);
  check(await state(page) === 'good' && /answers xc1Bc3/.test(await page.textContent('[data-testid="puzzle-feedback"]')),
    `the defender answers from the line: ${await page.textContent('[data-testid="puzzle-feedback"]')}`);
  await playMove(page, 'xb3Bd3');
  await settled(page);
  check(await state(page) === 'solved', `the line's capture solves it: ${await page.textContent('[data-testid="puzzle-feedback"]')}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // Streak mode: a solve counts, the first miss ends the streak and keeps the best.
  const streakContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await streakContext.route(/puzzles\/puzzles\.jsonl$/, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: served }));
  const sp = await streakContext.newPage();
  await sp.goto(`${url}puzzles.html`);
  await sp.waitForSelector('body[data-ready]');
  await sp.click('[data-testid="puzzle-streak"]');
  const streakText = () => sp.textContent('[data-testid="streak"]');
  const shown = () => sp.getAttribute('[data-testid="puzzle-status"]', 'data-puzzle');
  check(await sp.getAttribute('[data-testid="puzzle-streak"]', 'aria-pressed') === 'true' && /^Streak: 0/.test(await streakText()), `streak mode starts at 0: ${await streakText()}`);
  const first = await shown();
  for (const move of first === TWO ? ['Wb2,c2'] : ['Bc1,a3', 'xb3Bd3']) {
    await playMove(sp, move);
    await settled(sp);
  }
  check(await state(sp) === 'solved' && /^Streak: 1 \(best 1\)/.test(await streakText()), `a solve adds to the streak: ${await streakText()}`);
  await sp.click('[data-testid="puzzle-next"]');
  const second = await shown();
  check(second !== first, `the streak does not repeat a puzzle: ${first} then ${second}`);
  // A placement of a colour no solution uses misses.
  const wrongColor = second === TWO ? 'B' : 'W';
  await sp.click(`[data-pool="${wrongColor}"]`);
  await sp.click('#puzzle-board [data-cell][data-legal]');
  await settle(sp);
  if (await sp.$('#puzzle-board [data-removable]')) await sp.click('#puzzle-board [data-removable]');
  await settled(sp);
  check(await state(sp) === 'failed' && /^Streak over: 1 \(best 1\)/.test(await streakText()), `a miss ends the streak: ${await streakText()}`);
  await sp.click('[data-testid="puzzle-next"]');
  check(/^Streak: 0 \(best 1\)/.test(await streakText()), `the next puzzle starts a new streak, the best kept: ${await streakText()}`);
  await streakContext.close();

  // Permalinks that name no puzzle, and a damaged file.
  const unknown = await open('0123456789ab');
  check(/No puzzle has the id 0123456789ab/.test(await unknown.textContent('[data-testid="puzzle-notice"]')), 'an unknown id is said');
  check(['solving'].includes(await state(unknown)), 'and another puzzle is shown');
  await unknown.close();
  const nonsense = await open('nonsense!');
  check(/“nonsense!” is not a puzzle id/.test(await nonsense.textContent('[data-testid="puzzle-notice"]')), 'a damaged id is said');
  await nonsense.close();
  const bad = JSON.parse(byId(LINE));
  bad.solutions = ['Wz9,a1'];
  served = `${byId(TWO)}\n${JSON.stringify(bad)}\n`;
  const damaged = await open('');
  const error = await damaged.textContent('[data-testid="puzzle-error"]');
  check(/puzzles\/puzzles\.jsonl is damaged: line 2: solutions: 'Wz9,a1' is not a legal move/.test(error), `a damaged file is refused: ${error}`);
  await damaged.close();
  await context.close();
});
