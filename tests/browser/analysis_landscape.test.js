// Analysis on a phone held sideways (844x390): the board fills the height on
// the left and stays in view while the column beside it (hints, review, the
// move list) scrolls; a hint clicked far down the list previews on the board
// in view; a proven win not shown shortest says "at most", never "exact",
// and reads the same number of turns as its best move; a distance not shown
// shortest is a dashed badge on the board, without "≤" squeezed into it.
'use strict';
const path = require('path');
const { run, settle, check, waitForHints } = require('./browser_util');

// A middle game (the README's picture): Player 0 to move, won, the proof's
// line not shown shortest within the budget.
const MOVES = 'Wa1,f1 Wb1,b5 xa1Wc1 Wc2,d7 xc1Wc3 Wd1,e6 Wd6,a3 Wf4,a2 Gg4,e1 xg4We4 Bc2,b1 xc2Wc4 Bf2,g4 Gc1,f5 Ge2,c6 xe2Bg2';
const viewport = { width: 844, height: 390 };

const boardInView = (page) => page.evaluate(() => {
  const r = document.querySelector('#board').getBoundingClientRect();
  return { top: Math.round(r.top), bottom: Math.round(r.bottom), scrolled: Math.round(window.scrollY) };
});

run('analysis in phone landscape', async ({ url, browser, shots }) => {
  const ctx = await browser.newContext({ viewport, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') page.errors.push(`${m.type()}: ${m.text()}`); });
  await page.goto(`${url}?p0=human&p1=human&hints=on&hintworkers=1&moves=${encodeURIComponent(MOVES)}`);
  await page.waitForSelector('body[data-ready]');
  await waitForHints(page, '[data-testid="position-value"][data-hint], [data-testid="position-value"][data-estimate]');

  // The last hint in the list: the column scrolls to it, the board stays.
  const last = page.locator('.hints-moves li button').last();
  await last.scrollIntoViewIfNeeded();
  await settle(page);
  let b = await boardInView(page);
  check(b.scrolled > 0, `the column had to scroll to reach the last hint (${b.scrolled} px)`);
  check(b.top >= -1 && b.bottom <= viewport.height + 1, `the board stays in view while the column scrolls: ${JSON.stringify(b)}`);
  await last.click();
  await settle(page);
  check(await page.$('[data-previewed]') !== null && await page.$('[data-ghost]') !== null, 'the clicked hint is previewed on the board');
  b = await boardInView(page);
  check(b.top >= -1 && b.bottom <= viewport.height + 1, `the previewed move is in view: ${JSON.stringify(b)}`);
  await page.screenshot({ path: path.join(shots, 'analysis-landscape.png') });

  // The position's words against its best move's (a win here, or a loss
  // when the budget proves that instead: then only the wording is checked).
  const value = await page.$eval('[data-testid="position-value"]', (e) => ({ hint: e.dataset.hint, text: e.textContent }));
  const best = await page.$eval('[data-hint-best]', (e) => ({ hint: e.dataset.hint, text: e.textContent, bound: /at most/.test(e.textContent) })).catch(() => null);
  if (/at most/.test(value.text)) check(!/exact/.test(value.text), `a bound is proven, not exact: '${value.text}'`);
  else check(/exact/.test(value.text) || /another move may win faster/.test(value.text) || !value.hint, `a distance shown shortest is exact, or that of a move shown shortest: '${value.text}'`);
  if (value.hint === 'win' && best && best.hint === 'win') {
    const turns = (t) => (/(\d+) turns?/.exec(t) || [])[1];
    check(turns(value.text) === turns(best.text), `the position and its best move read the same turns: '${value.text}' / '${best.text}'`);
  }
  // Badges: no "≤" inside; a bound's badge has a dashed edge.
  const badges = await page.$$eval('.mark-hint', (es) => es.map((e) => ({ label: e.textContent, bound: e.classList.contains('bound'), dash: getComputedStyle(e.querySelector('.mark-badge')).strokeDasharray })));
  check(badges.length > 0 && badges.every((x) => !x.label.includes('≤')), `board badges carry no "≤": ${JSON.stringify(badges.slice(0, 4))}`);
  const bounds = await page.$$eval('[data-hint-move]', (es) => es.filter((e) => /at most/.test(e.textContent)).length);
  if (bounds) check(badges.some((x) => x.bound && x.dash !== 'none'), `a bound's badge is dashed: ${JSON.stringify(badges.slice(0, 4))}`);
  check(page.errors.length === 0, `no console errors or warnings: ${page.errors}`);
  await ctx.close();
});
