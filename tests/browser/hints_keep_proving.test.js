// "Keep proving" in real Chromium: a position the hint budget cannot prove
// (?hintms=50) offers to go on; the rounds (doubling budgets, the workers'
// proof memory kept) reach the exact value the native proof search gives,
// then prove moves until all are or ?hintmaxms is spent;
// "Stop proving" stops and offers to go on again; moving on during a round
// drops it and shows the new position's hint.
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');
const { run, openPage, check, settle, nativeZertz } = require('./browser_util');

const sourceDir = process.env.ZERTZ_SOURCE_DIR || path.resolve(__dirname, '../..');
const zertz = nativeZertz();

// A real 48-ring endgame (boardspace record): a win in 13 that takes about
// 130,000 proof nodes, some ten times what 50 ms allow.
const WON = 'standard 48 ---../---.../----.../-....W../B..G.../....../-...-/-..- 1,5,5 2,1,2 2,1,2 1';
// A real 37-ring position four plies before the end that no budget here proves.
const OPEN = 'standard 37 --../-..../-....-/-...W--/-....-/...../.... 1,6,7 3,1,1 1,1,2 1';

const valueBox = '[data-testid="position-value"]';
const more = '[data-testid="hints-more"]';
const state = (page) => page.evaluate(([v, b]) => {
  const value = document.querySelector(v), button = document.querySelector(b);
  return { hint: value.getAttribute('data-hint'), deepening: value.getAttribute('data-deepening'), text: value.textContent,
           button: button.hidden ? null : button.textContent };
}, [valueBox, more]);
// On a failure (the page closed or crashed), says what the hint box showed.
// (The hints plugin is loaded after the board is ready: its elements may not exist yet.)
const waitFor = (page, fn, arg) => page.waitForFunction(fn, arg).catch(async (e) => {
  throw new Error(`${e.message.split('\n')[0]}; the hint box showed ${JSON.stringify(await state(page).catch(() => null))}, page errors: ${page.errors}`);
});

run('Keep proving', async ({ url, browser }) => {
  const native = execFileSync(zertz, ['solve', '--position', WON, '--time', '20000'], { encoding: 'utf8' }).trim().split(/\s+/)[0];
  check(native === 'win', `native proof of the 48-ring endgame: ${native}`);

  const page = await openPage(browser, `${url}?hints=on&hintms=50&hintmaxms=15000&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(WON)}`);
  await waitFor(page, (b) => { const e = document.querySelector(b); return e && !e.hidden; }, more);
  let s = await state(page);
  check(s.hint === null && /Not proven within 50 ms/.test(s.text) && s.button === 'Keep proving', `50 ms do not prove it, and going on is offered: ${JSON.stringify(s)}`);
  check(/Estimate: (Player 1 wins \d+% of such games|in Player [12]’s favour|even)\./.test(s.text), `the estimate gives the first player's chances (as the bar): ${s.text}`);
  check(!/-?\d{3,}/.test(s.text.replace(/\d+ ms/, '')), `no raw engine score shown: ${s.text}`);

  await page.click(more);
  await waitFor(page, (v) => document.querySelector(v).hasAttribute('data-hint'), valueBox);
  s = await state(page);
  // Proven: "exact" when the distance is shown shortest, else "at most N turns" (whether the
  // line is shown shortest depends on the clock; the result does not).
  check(s.hint === native && /proven/.test(s.text) && (/exact/.test(s.text) || /at most \d+ turns?/.test(s.text) || /in \d+ turns? with \S+ — proven .*another move may win faster/.test(s.text)),
    `kept proving until proven: ${JSON.stringify(s)}, native ${native}`);
  // Then the moves, until every one is proven or ?hintmaxms is spent.
  await waitFor(page, (v) => !document.querySelector(v).hasAttribute('data-deepening'), valueBox);
  s = await state(page);
  const hinted = await page.$$eval('[data-hint-move]', (es) => es.length);
  check(s.hint === native && s.button === null, `rounds over: the value stays, nothing more offered within the limit: ${JSON.stringify(s)}`);
  check(hinted > 0, `moves proven along the way: ${hinted}`);
  check(page.errors.length === 0, `no page errors: ${page.errors.join('; ')}`);
  await page.close();

  // Moving on during a round: the round is dropped, the new position hinted.
  const open = await openPage(browser, `${url}?hints=on&hintms=50&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(OPEN)}`);
  await waitFor(open, (b) => { const e = document.querySelector(b); return e && !e.hidden; }, more);
  // Stop is checked here, on a position no short round proves: on the won
  // endgame above a quiet machine may finish the proof before the click.
  await open.click(more);
  await settle(open);
  s = await state(open);
  check(s.deepening !== null && /Proving longer/.test(s.text) && s.button === 'Stop proving', `open position: proving longer, with a stop: ${JSON.stringify(s)}`);
  await open.click(more);
  await settle(open);
  s = await state(open);
  check(s.deepening === null && s.hint === null && s.button === 'Keep proving', `stopped, going on offered again: ${JSON.stringify(s)}`);
  await open.click(more);
  await waitFor(open, (v) => Number(document.querySelector(v).getAttribute('data-deepening')) >= 150, valueBox);
  await open.click('[data-pool="G"]');
  await open.click('[data-cell][data-legal]');
  await settle(open);
  const movesNow = () => open.$$eval('[data-testid="move"]', (es) => es.length);
  if ((await movesNow()) === 0) await open.click('[data-cell][data-legal]:not([data-chosen])');
  await waitFor(open, () => document.querySelectorAll('[data-testid="move"]').length === 1, null);
  await waitFor(open, (v) => /Not proven within 50 ms|proven/.test(document.querySelector(v).textContent), valueBox);
  s = await state(open);
  check(s.deepening === null, `after a move the last position's round is dropped: ${JSON.stringify(s)}`);
  check(open.errors.length === 0, `no page errors: ${open.errors.join('; ')}`);
  await open.close();
});
