// A full game against the engine to its end, on 37 and on 61 rings: the
// human side is played by clicks only (a random offered colour, then random
// offered rings until the move is complete), the engine (level 1) answers in
// its worker. Ends with a result and reason in the status line.
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');

function rng(seed) {
  let a = seed >>> 0;
  return () => { a = (a * 1664525 + 1013904223) >>> 0; return a / 4294967296; };
}
const pick = (list, random) => list[Math.floor(random() * list.length)];
const moveCount = (page) => page.$$eval('[data-testid="move"]', (es) => es.length);

// Plays one legal move by clicks; returns false if nothing could be clicked.
async function clickMove(page, random) {
  const before = await moveCount(page);
  for (let step = 0; step < 40; ++step) {
    await settle(page);
    if (await moveCount(page) !== before) return true;
    if (await page.isVisible('[data-testid="pass"]')) { await page.click('[data-testid="pass"]'); continue; }
    const legal = await page.$$eval('[data-cell][data-legal]:not([data-chosen])', (es) => es.map((e) => e.dataset.cell));
    if (legal.length) { await page.click(`[data-cell="${pick(legal, random)}"]`); continue; }
    const colours = await page.$$eval('[data-pool], [data-own]', (es) => es.map((e) => e.dataset.pool ? `[data-pool="${e.dataset.pool}"]` : `[data-own="${e.dataset.own}"]`));
    if (colours.length) { await page.click(pick(colours, random)); continue; }
    return false;
  }
  return (await moveCount(page)) !== before;
}

async function playToEnd(page, random, label, shots) {
  const status = page.locator('[data-testid="status"]');
  for (let turn = 0; turn < 400; ++turn) {
    // Wait until either the human is to move or the game is over.
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid="status"]');
      return s.dataset.over !== undefined || s.dataset.step !== '';
    }, null);
    if (await status.getAttribute('data-over') !== null) break;
    if (!check(await clickMove(page, random), `${label}: a legal move could be entered by clicks at turn ${turn}`)) return;
  }
  const over = await status.getAttribute('data-over');
  const text = await status.textContent();
  check(over !== null, `${label}: the game reached its end`);
  check(/Game over: (You won|Computer \(level 1\) won|Draw) \S/.test(text), `${label}: status gives the result and reason: '${text}'`);
  const moves = await moveCount(page);
  check(moves > 6, `${label}: a real game was played (${moves} moves)`);
  check((await page.$$('[data-cell][data-legal]')).length === 0, `${label}: no ring is clickable after the end`);
  await page.screenshot({ path: path.join(shots, `full-game-${label}.png`) });
  console.log(`${label}: ${moves} moves, ${text}`);
}

run('full game against the engine on 37 and 61', async ({ url, browser, shots }) => {
  for (const [layout, seed] of [['37', 7], ['61', 11]]) {
    const page = await openPage(browser, `${url}?layout=${layout}&marbles=standard&p0=human&p1=engine:1`);
    await playToEnd(page, rng(seed), layout, shots);
    check(page.errors.length === 0, `${layout}: no page errors: ${page.errors}`);
    await page.close();
  }
});
