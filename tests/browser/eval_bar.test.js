// The evaluation bar: for a position the budget does not prove, the
// calibrated win probability of the engine's estimate (the core's
// winProbability, the same number node computes from the same score), shown
// as a percentage and never as a raw score; for a proven position, full for
// the winner with its distance in turns (hint_preview.test.js); after a
// review, the review's value of each position with the live hints off.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, settle, check, sourceDir, waitForHints } = require('./browser_util');

// A real 37-ring position four plies before the end that 50 ms do not prove.
const OPEN = 'standard 37 --../-..../-....-/-...W--/-....-/...../.... 1,6,7 3,1,1 1,1,2 1';

// The bar's label fits inside the bar, at its foot, for
// every kind of label it shows (the bar's own module, fed each value the
// way the hints and the review feed it). Returns the labels that do not.
function labelsOutside(page) {
  return page.evaluate(async () => {
    const { evalBar } = await import('./hints/eval-bar.js');
    const bar = evalBar();
    const outside = [];
    const cases = [[0, 0.99, false, '99%'], [1, 0.99, false, '99%'], [0, 0.51, false, '51%'], [1, 0.51, false, '51%'],
      [0, 1, true, '#12'], [1, 1, true, '#12'], [0, 0, true, '#≤12'], [1, 0, true, '#≤12'], [0, 0, true, '#12'], [1, 1, true, '#≤12'], [0, 0.5, true, '½'], [1, null, false, '…']];
    for (const [turn, winprob, exact, short] of cases) {
      bar.set('review', { turn, exact, winprob, short, text: 'layout check' });
      const r = document.createRange();
      r.selectNodeContents(bar.label);
      const t = r.getBoundingClientRect(), b = bar.el.getBoundingClientRect();
      if (!(t.width > 0 && t.left >= b.left + 1 && t.right <= b.right - 1 && t.top >= b.top + 1 && t.bottom <= b.bottom - 1))
        outside.push({ short, turn, text: [t.left, t.right, t.top, t.bottom].map(Math.round), bar: [b.left, b.right, b.top, b.bottom].map(Math.round) });
    }
    bar.set('review', null);
    return outside;
  });
}

run('evaluation bar', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  const page = await openPage(browser, `${url}?hints=on&hintms=50&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(OPEN)}`);
  await waitForHints(page, '[data-testid="position-value"][data-estimate], [data-testid="position-value"][data-hint]');
  const v = await page.$eval('[data-testid="position-value"]', (e) => ({ estimate: e.dataset.estimate, hint: e.dataset.hint, text: e.textContent }));
  check(v.hint === undefined && v.estimate !== undefined, `50 ms do not prove it: ${JSON.stringify(v)}`);
  const bar = await page.$eval('[data-testid="eval-bar"]', (e) => ({ ...e.dataset, label: e.textContent, fill: parseFloat(e.querySelector('.eval-fill').style.height), hidden: e.hidden }));
  const want = M.winProbability(Number(v.estimate), OPEN);
  check(want > 0 && want < 1, `the core's probability of score ${v.estimate}: ${want}`);
  check(!bar.hidden && bar.exact === 'false' && bar.winprob === want.toFixed(3), `the bar shows the probability of the estimate: ${JSON.stringify(bar)} vs ${want.toFixed(3)}`);
  check(Math.abs(bar.fill - (1 - want) * 100) < 0.1, `Player 1 to move: the bar fills Player 0's share ${(1 - want).toFixed(3)}: ${bar.fill}%`);
  // One convention, the first player's (as lichess's White): the bar's
  // label and the panel's estimate give the same number, Player 0's.
  const first = `${Math.round((1 - want) * 100)}%`;
  check(bar.label === first, `the bar says the first player's chances: '${bar.label}' (${first})`);
  check(new RegExp(`Estimate: Player 1 wins ${first}`).test(v.text), `the panel says the same number, by the name on the card: '${v.text}' (${first})`);
  const words = `${bar.label} ${v.text}`.replace(/\d+\s*%/g, '').replace(/Player [01]\b/g, '');
  check(!new RegExp(`\\b${Math.abs(Number(v.estimate))}\\b`).test(words), 'no raw engine score shown');
  await page.screenshot({ path: path.join(shots, 'eval-bar-estimate.png') });

  // Hints off: no bar. After a review, the bar shows the review's values.
  await page.click('[data-testid="hints-toggle"]');
  await settle(page);
  check(await page.isHidden('[data-testid="eval-bar"]'), 'no bar without hints or a review');
  const outside = await labelsOutside(page);
  check(outside.length === 0, `every label fits inside the bar (desktop): ${JSON.stringify(outside)}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);

  const phone = await openPage(browser, `${url}?hints=on&hintms=50&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(OPEN)}`, { width: 390, height: 844 });
  await waitForHints(phone, '[data-testid="eval-bar"]:not([hidden])[data-winprob]:not([data-winprob=""])');
  await phone.screenshot({ path: path.join(shots, 'eval-bar-phone.png') });
  await phone.click('[data-testid="hints-toggle"]');
  const outsidePhone = await labelsOutside(phone);
  check(outsidePhone.length === 0, `every label fits inside the bar (phone): ${JSON.stringify(outsidePhone)}`);
  check(phone.errors.length === 0, `no page errors on the phone: ${phone.errors}`);
});
