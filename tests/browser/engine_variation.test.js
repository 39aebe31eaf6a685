// The engine moves on its own only on the game's main line: a variation it
// is to move in (a reviewed game's better move, say) waits for "Continue
// from here", and the game's own moves stay the main line.
'use strict';
const { run, openPage, texts, settle, check } = require('./browser_util');
const { loadCore, markedGame, clickOn, LAYOUT, MOVES } = require('./review_util');

run('engine waits in a variation', async ({ url, browser }) => {
  const M = await loadCore();
  const game = markedGame(M);
  const ann = game.marks.filter((m) => m.player === 0);
  check(ann.length === 1, `the constructed game has one marked move of ann's (player 0): ${JSON.stringify(game.marks)}`);
  // The whole game against the engine (player 1), already over.
  const g = new M.Game();
  check(g.newGame('blitz', LAYOUT) === '', `the layout ${LAYOUT} is valid`);
  const start = JSON.parse(g.state()).position;
  g.delete();
  const q = `p0=human&p1=engine:1&position=${encodeURIComponent(start)}&moves=${encodeURIComponent(MOVES.join(' '))}&reviewms=30000`;
  const page = await openPage(browser, `${url}?${q}`);
  // The main line's moves, without the review's glyphs.
  const main = async () => (await texts(page, '[data-testid="move"][data-line="main"]')).map((t) => t.replace(/[?!]+$/, ''));
  check((await main()).join(' ') === MOVES.join(' '), `the game is loaded: ${await main()}`);
  await page.waitForSelector('[data-testid="review"]:not([disabled])');
  await page.click('[data-testid="review"]');
  await page.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);
  await settle(page);
  await clickOn(page, '[data-testid="review-cycle"][data-player="0"][data-kind="decisive"]');
  // The better move: ann's, so the engine is to move at the variation's end.
  await clickOn(page, '[data-testid="review-better"]');
  const at = await page.$eval('[aria-current="step"]', (e) => ({ line: e.dataset.line, ply: Number(e.dataset.ply) }));
  check(at.line === 'variation' && at.ply === ann[0].ply, `the board shows the better move's variation: ${JSON.stringify(at)}`);
  await settle(page);
  check(await page.getAttribute('[data-testid="thinking"]', 'data-active') !== 'true', 'the engine does not start in the variation');
  check(await page.isVisible('[data-testid="resume"]'), '"Continue from here" is offered');
  const status = await page.textContent('[data-testid="status"]');
  check(/Computer \(level 1\) to move — waiting for “Continue from here”/.test(status), `the status says what the engine waits for: '${status}'`);
  check((await main()).join(' ') === MOVES.join(' '), `the game's moves stay the main line: ${await main()}`);
  // Asked, it plays its move after the better one.
  await page.click('[data-testid="resume"]');
  await page.waitForFunction((ply) => {
    const e = document.querySelector('[data-testid="move"][aria-current="step"]');
    return e && Number(e.dataset.ply) === ply + 1;
  }, ann[0].ply);
  check(true, 'Continue from here lets the engine move from the variation');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
