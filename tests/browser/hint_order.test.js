// The hint list is ordered best first by one rule: proven wins (fastest
// first), then estimates by the mover's chances (a draw as 50%), then proven
// losses (slowest first); it lists only the estimates the engine told apart
// (never the first legal moves in alphabetical order at one shared
// percentage), and the "?" help explains every badge the board shows.
'use strict';
const path = require('path');
const { run, openPage, check, waitForHints } = require('./browser_util');

// A real 37-ring position that 50 ms do not prove: some moves proven lost, others estimated.
const OPEN = 'standard 37 --../-..../-....-/-...W--/-....-/...../.... 1,6,7 3,1,1 1,1,2 1';
const START = 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0';

// The rows as the list shows them: kind (win|draw|loss|estimate), turns, chances.
const rows = (page) => page.$$eval('[data-testid="hint-moves"] > li', (es) => es.map((e) => ({
  move: e.dataset.hintMove || e.dataset.estimateMove, kind: e.dataset.hint || 'estimate',
  plies: e.dataset.plies === undefined ? null : Number(e.dataset.plies), p: e.dataset.winprob === undefined ? null : Number(e.dataset.winprob) })));

// The rank of a row by the one rule: [group, within the group].
function rank(r) {
  if (r.kind === 'win') return [0, r.plies ?? 999];
  if (r.kind === 'loss') return [2, -(r.plies ?? 999)];
  return [1, -(r.kind === 'draw' ? 0.5 : r.p)];
}

run('hint order', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?hints=on&hintms=50&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(OPEN)}`);
  await waitForHints(page, '[data-estimate-move]');
  const list = await rows(page);
  check(list.some((r) => r.kind === 'estimate') && list.some((r) => r.kind === 'loss'), `estimates and proven losses both listed: ${JSON.stringify(list)}`);
  for (let i = 1; i < list.length; ++i) {
    const [a, b] = [rank(list[i - 1]), rank(list[i])];
    check(a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]), `best first by one rule: ${JSON.stringify(list[i - 1])} before ${JSON.stringify(list[i])}`);
  }
  // The help explains the badges: the "−N" of a losing move among them.
  await page.click('[data-testid="hints-help"] summary');
  const help = await page.textContent('[data-testid="hints-help"]');
  check(/“−3”, it loses/.test(help) && /“=”, a draw/.test(help) && /“48%”, an estimate/.test(help) && /dashed edge/.test(help), `every badge explained: ${help}`);
  const badges = await page.$$eval('.mark-hint .mark-label', (es) => es.map((e) => e.textContent));
  check(badges.every((b) => /^(−?\d+|=|W|L|\d+%)$/.test(b)), `the board's badges are of the kinds explained: ${badges}`);
  await page.screenshot({ path: path.join(shots, 'hint-order.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // The empty board: only the estimates the engine told apart from its choice.
  const start = await openPage(browser, `${url}?hints=on&hintms=300&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(START)}`);
  await waitForHints(start, '[data-estimate-move]');
  const first = await rows(start);
  check(first.slice(1).every((r) => r.p < first[0].p), `no estimate shares the engine's choice's percentage: ${JSON.stringify(first)}`);
  check(start.errors.length === 0, `no page errors: ${start.errors}`);
});
