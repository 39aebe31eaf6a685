// Game review marks a mistake: a drop of at least 20 points in the mover's
// probability that is not a proven loss. The constructed record starts from
// a tournament position that Player 0 wins at once (a capture takes the
// fourth white), and Player 0 takes a grey instead. The start is proven won
// in any budget (a win in one ply); after the grey capture no capture is
// left and the open 37-ring board is far beyond a proof (3 s do not prove
// it), so its value is an estimate, and an estimate gives the mover at most
// 1 - winProbability(-kWinBound) < 0.8 (the curve saturates): the drop from
// 1 is more than 20 points whatever the load.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir } = require('./browser_util');

// Player 0 holds 3 white: the black d3 jumping the white d4 wins; jumping the grey c2 to b1 does not.
const START = 'standard 37 ..../...../.G..../..BW.../....../...../.... 2,7,9 3,0,0 0,0,0 0';

run('review mistake', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  check(M.winProbability(-29000, '37') > 0.2, 'an estimate gives the opponent more than 20% at any score (the premise of this test)');
  const g = new M.Game();
  g.setPosition(START);
  const legal = JSON.parse(g.state()).legal;
  const winsAtOnce = (t) => {
    const w = new M.Game();
    w.setPosition(START);
    w.play(t);
    const st = JSON.parse(w.state());
    w.delete();
    return st.over && st.winner === 0;
  };
  const winning = legal.filter((l) => winsAtOnce(l.t)).map((l) => l.t);
  const grey = legal.find((l) => l.k === 'capture' && l.from === 'd3' && l.path[l.path.length - 1] === 'b1');
  check(grey && !winsAtOnce(grey.t) && winning.length > 0, `a winning capture and the grey one: ${legal.map((l) => l.t)}`);
  check(g.play(grey.t) === '', `${grey.t} plays`);
  const record = g.exportRecord('Player0=ann\nPlayer1=bob');
  g.delete();

  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=300`);
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', record);
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  await page.click('[data-testid="review"]');
  await page.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);
  const points = await page.$$eval('[data-testid="review-graph"] [data-ply]', (es) => es.map((e) => ({ ply: e.dataset.ply, p0: e.dataset.p0 })));
  check(points.length === 2, `two positions reviewed: ${JSON.stringify(points)}`);
  // The graph's words name the players: the estimate after the mistake in
  // the chances of the player it favours, the start as ann's proven win.
  const words = await page.$$eval('[data-testid="review-graph"] [data-ply]', (es) => es.map((e) => e.getAttribute('aria-label')).sort());
  check(/^Position after 0 moves: proven, ann wins$/.test(words[0]) && /^Position after 1 move, ann’s mistake \(.+\): (ann|bob) \d+%$/.test(words[1]),
    `the points' words: ${JSON.stringify(words)}`);
  const marks = await page.$$eval('[data-testid="move"][data-mark]', (es) => es.map((e) => ({ ply: e.dataset.ply, mark: e.dataset.mark, text: e.textContent })));
  check(marks.length === 1 && marks[0].ply === '1' && marks[0].mark === 'mistake', `the grey capture is a mistake: ${JSON.stringify(marks)}`);
  // The better move, one click away as a variation: the winning capture.
  const better = await texts(page, '[data-testid="variation"] [data-testid="move"]');
  check(better.length === 1 && winning.some((t) => better[0].includes(t)), `a winning capture (${winning}) is the variation: ${better}`);
  await page.click('[data-testid="variation"] [data-testid="move"]');
  await settle(page);
  check(/Better than/.test(await page.textContent('[data-testid="comment"]')), 'its comment says why it is there');
  await page.screenshot({ path: path.join(shots, 'review-mistake.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
