// Undo/redo and stepping through a game: buttons, keys and the move list;
// a new move from an earlier point starts a variation and keeps the moves
// ahead; against the engine undo takes back the engine's reply and your move
// together.
'use strict';
const { run, openPage, texts, settle, check } = require('./browser_util');

// Moves played up to the current one, and the moves ahead on the line.
const moves = (page) => texts(page, '[data-testid="move"][data-line="main"]:not([data-future])');
const future = (page) => texts(page, '[data-testid="move"][data-future]');
const position = (page) => page.inputValue('[data-testid="position-string"]');

async function typeMove(page, text) {
  await page.fill('[data-testid="move-input"]', text);
  await page.press('[data-testid="move-input"]', 'Enter');
  await settle(page);
}

run('undo, redo and stepping through a game', async ({ url, browser }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  const start = await position(page);
  const positions = [start];
  for (const mv of ['Wd4,d7', 'Bf2,e6', 'Gc3,a1']) { await typeMove(page, mv); positions.push(await position(page)); }
  check((await moves(page)).join(' ') === 'Wd4,d7 Bf2,e6 Gc3,a1', 'three typed moves are listed');

  await page.click('[data-testid="undo"]');
  await settle(page);
  check((await moves(page)).join(' ') === 'Wd4,d7 Bf2,e6' && (await future(page)).join() === 'Gc3,a1', 'undo takes back one move and keeps it for redo');
  check(await position(page) === positions[2], 'undo restores the position');
  await page.click('[data-testid="redo"]');
  await settle(page);
  check((await moves(page)).length === 3 && await position(page) === positions[3], 'redo replays it');

  await page.locator('body').press('u');
  await page.locator('body').press('ArrowLeft');
  await settle(page);
  check((await moves(page)).length === 1 && await position(page) === positions[1], 'keys u and ← step back');
  await page.locator('body').press('End');
  await settle(page);
  check((await moves(page)).length === 3, 'End goes to the last move');
  await page.click('[data-testid="move"][data-ply="1"]');
  await settle(page);
  check((await moves(page)).length === 1 && (await future(page)).length === 2, 'clicking a move in the list goes there');
  check(await page.isDisabled('[data-testid="redo"]') === false, 'redo is available in the past');

  // Resume from here: a different move starts a variation; the moves ahead stay.
  await page.click('[data-pool="G"]');
  await page.click('[data-cell="a4"][data-legal]');
  await page.click('[data-cell="g1"][data-legal]');
  await settle(page);
  const variation = await texts(page, '[data-testid="variation"] [data-testid="move"]');
  check(variation.join(' ') === 'Ga4,g1' && (await future(page)).length === 0, `a new move resumes the game from that point, as a variation: ${variation}`);
  check((await texts(page, '[data-testid="move"][data-line="main"]')).join(' ') === 'Wd4,d7 Bf2,e6 Gc3,a1', 'the moves ahead are kept as the main line');
  check(await page.getAttribute('[aria-current="step"]', 'data-line') === 'variation', 'the board shows the variation');

  // A typed illegal move gives a message and changes nothing.
  const before = await position(page);
  await typeMove(page, 'Wd4,b2');
  check(/d4 is not a vacant ring/.test(await page.textContent('[data-testid="message"]')), 'an illegal typed move is explained');
  check(await position(page) === before, 'the illegal move changed nothing');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // Against the engine, undo returns to the human's turn before both moves.
  const p2 = await openPage(browser, `${url}?p0=human&p1=engine:1`);
  await typeMove(p2, 'Wd4,d7');
  await p2.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  await p2.click('[data-testid="undo"]');
  await settle(p2);
  check((await moves(p2)).length === 0 && (await future(p2)).length === 2, 'undo against the engine takes back both moves');
  check(/Your move — Choose a marble from the pool/.test(await p2.textContent('[data-testid="status"]')), 'the human is to move again');
  await p2.waitForTimeout(300);
  check((await moves(p2)).length === 0, 'the engine does not move while looking back');
  await p2.click('[data-testid="redo"]');
  await settle(p2);
  check((await moves(p2)).length === 2, 'redo replays the move and the engine reply');

  // Against the engine, a different move after an undo is where the game
  // goes on: it becomes the main line, the moves it replaced a variation.
  await p2.click('[data-testid="undo"]');
  await settle(p2);
  await p2.click('[data-pool="B"]');
  await p2.click('[data-cell="g1"][data-legal]');
  await p2.click('[data-cell][data-legal]:not([data-chosen])');
  await p2.waitForFunction(() => document.querySelectorAll('[data-testid="move"][data-line="main"]').length === 2, null);
  const mainNow = await texts(p2, '[data-testid="move"][data-line="main"]');
  const kept = await texts(p2, '[data-testid="variation"] [data-testid="move"]');
  check(/^Bg1,/.test(mainNow[0]) && kept[0] === 'Wd4,d7' && kept.length === 2, `the new move is the game, the old moves a variation: ${mainNow} / ${kept}`);
  check(p2.errors.length === 0, `no page errors: ${p2.errors}`);
});
