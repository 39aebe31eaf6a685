// The engine moves on its own only on the game's main line: in a game still
// under way, a position it is to move in off the line's end waits for
// "Continue from here"; once the game has ended, stepping through it is
// analysis: a variation (a reviewed game's better move, say) has no engine
// prompt, the computer's side is played by hand, and the game's own moves
// stay the main line.
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
  check(await page.isHidden('[data-testid="resume"]'), 'no "Continue from here" once the game has ended');
  const status = await page.textContent('[data-testid="status"]');
  check(/Computer \(level 1\) to move — (Choose a marble|Must capture)/.test(status), `analysis: the computer's side is played by hand: '${status}'`);
  check((await main()).join(' ') === MOVES.join(' '), `the game's moves stay the main line: ${await main()}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // A game under way: stepped back to the engine's turn, it waits to be asked.
  const under = MOVES.slice(0, 2);
  const live = await openPage(browser, `${url}?p0=human&p1=engine:1&position=${encodeURIComponent(start)}&moves=${encodeURIComponent(under.join(' '))}`);
  await clickOn(live, '[data-action="back"]');
  check(await live.isVisible('[data-testid="resume"]'), '"Continue from here" is offered in a game under way');
  const waiting = await live.textContent('[data-testid="status"]');
  check(/Computer \(level 1\) to move — waiting for “Continue from here”/.test(waiting), `the status says what the engine waits for: '${waiting}'`);
  // Asked, it plays its move there.
  await live.click('[data-testid="resume"]');
  await live.waitForFunction(() => {
    const e = document.querySelector('[data-testid="move"][aria-current="step"]');
    return e && Number(e.dataset.ply) === 2;
  }, null);
  check(true, 'Continue from here lets the engine move');
  check(live.errors.length === 0, `no page errors: ${live.errors}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
