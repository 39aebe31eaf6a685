// A placement that isolates a group: entered by keyboard only (colour key,
// then Enter on focused rings), the isolated ring leaves the board, its
// marble goes to the mover, and the short animation shows it (and can be
// skipped with a click).
'use strict';
const { run, openPage, settle, check } = require('./browser_util');

// A real sequence (from a seeded playout) whose next move Bc5,b3 isolates a2.
const MOVES = 'Bd5,d1 Ge4,f1 xd5Gf3 Be4,a1 xe4Bg2 We1,b1 Ba3,b2 Bd4,c6 Bg4,g3 Wa2,c1 xa2Ba4 Wa3,e6 xa4Wa2 ' +
  'Wc4,d7 xd4Wb4 Be5,a4 Bg1,a3 Wf4,c2 xf4Bd6 Bf2,c3 xg2Be2 xe1Be3';

run('isolation by keyboard, with its animation', async ({ url, browser }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human&moves=${encodeURIComponent(MOVES)}`);
  const whiteBefore = await page.getAttribute('[data-player="0"] [aria-label^="white"]', 'aria-label');
  check(await page.getAttribute('[data-cell="a2"]', 'data-marble') === 'W', 'a2 holds a white marble before');
  await page.evaluate(() => {
    window.ghostSeen = false;
    new MutationObserver(() => { if (document.querySelector('[data-isolated]')) window.ghostSeen = true; })
      .observe(document.getElementById('board'), { childList: true, subtree: true });
  });
  await page.locator('body').press('b');
  await settle(page);
  check(await page.getAttribute('[data-pool="B"]', 'aria-pressed') === 'true', 'key b chooses black from the pool');
  await page.focus('[data-cell="c5"][data-legal]');
  await page.keyboard.press('Enter');
  await settle(page);
  check(await page.getAttribute('[data-cell="c5"]', 'data-chosen') !== null, 'Enter on c5 chooses the target');
  await page.focus('[data-cell="b3"][data-legal]');
  await page.keyboard.press('Enter');
  await settle(page);
  check(await page.$('[data-cell="a2"]') === null && await page.$('[data-cell="b3"]') === null, 'b3 removed and the isolated a2 left the board');
  check(await page.evaluate(() => window.ghostSeen), 'the isolated ring was animated');
  check(/Isolated: a2 was cut off with no free ring, so Player 1 takes 1 marble/.test(await page.textContent('[data-testid="message"]')), 'the message names the isolated marble');
  const whiteAfter = await page.getAttribute('[data-player="0"] [aria-label^="white"]', 'aria-label');
  check(Number(/: (\d+)/.exec(whiteAfter)[1]) === Number(/: (\d+)/.exec(whiteBefore)[1]) + 1, `player 0 gained the white marble (${whiteBefore} -> ${whiteAfter})`);
  await page.click('#board');
  check(await page.$('[data-isolated]') === null, 'a click skips the animation');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
