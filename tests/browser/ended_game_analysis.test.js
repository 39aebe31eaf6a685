// Once a game against the computer has ended, stepping through it is
// analysis: no "waiting for Continue from here" prompt or button, either
// side may be played by hand, and a move played is a variation.
'use strict';
const { run, openPage, settle, check } = require('./browser_util');

// Player 0 holds 3 white (4 win); d4 grey can jump the white on d5 to d6.
const NEAR_WIN = 'standard 37 ..../...../....../...GW../....../...../.... 2,7,10 3,0,0 0,0,0 0';

run('an ended game is analysis', async ({ url, browser }) => {
  // The strongest level moves first and wins at once.
  const page = await openPage(browser, `${url}?p0=engine:4&p1=human&position=${encodeURIComponent(NEAR_WIN)}`);
  await page.waitForSelector('[data-testid="result-banner"]');
  await page.click('[data-action="back"]');
  await settle(page);
  const status = await page.textContent('[data-testid="status"]');
  check(!/waiting/i.test(status), `no engine prompt once the game has ended: '${status}'`);
  check(await page.isHidden('[data-testid="resume"]'), 'no "Continue from here" button');
  // The computer's side, played by hand: a variation.
  await page.click('[data-cell="d5"]');
  await settle(page);
  await page.click('[data-cell="d3"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"][data-line="variation"]').length === 1, null);
  const lines = await page.$$eval('[data-testid="move"]', (es) => es.map((e) => `${e.textContent}:${e.dataset.line}`));
  check(lines.length === 2 && lines.some((l) => /:main$/.test(l)) && lines.some((l) => /^xd5Gd3:variation$/.test(l)), `the game stays, the move is a variation: ${lines}`);
  check(!/waiting/i.test(await page.textContent('[data-testid="status"]')), 'still no engine prompt in the variation');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
