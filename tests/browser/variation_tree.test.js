// The move list is a tree (lichess's analysis board): a move played before
// the end of the line starts a variation and keeps the moves ahead; the
// arrows step along a line and between variations; a variation can be made
// the main line and deleted (with a confirmation when more than one move
// goes); nothing is dropped on the way.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, texts, settle, check, sourceDir } = require('./browser_util');

const main = (page) => texts(page, '[data-testid="move"][data-line="main"]');
const current = (page) => page.$eval('[aria-current="step"]', (e) => ({ text: e.firstChild.textContent, line: e.dataset.line, ply: e.dataset.ply })).catch(() => null);
const position = (page) => page.inputValue('[data-testid="position-string"]');

async function typeMove(page, text) {
  await page.fill('[data-testid="move-input"]', text);
  await page.press('[data-testid="move-input"]', 'Enter');
  await settle(page);
}

// A key pressed on the page (not in the move field, where arrows move the caret).
async function key(page, k) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press(k);
  await settle(page);
}

run('variation tree', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  // The core's legal moves after a move list (the test holds no rule).
  const legal = (moves) => {
    const g = new M.Game();
    g.newGame('standard', '37');
    if (g.playMoves(moves)) throw new Error(`not legal: ${moves}`);
    const l = JSON.parse(g.state()).legal.map((m) => m.t);
    g.delete();
    return l;
  };
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  for (const mv of ['Wd4,d7', 'Bf2,e6', 'Gc3,a1']) await typeMove(page, mv);
  check((await main(page)).join(' ') === 'Wd4,d7 Bf2,e6 Gc3,a1', 'three moves on the main line');

  // Branch: back to move 1, a different reply.
  await page.click('[data-testid="move"][data-ply="1"]');
  await settle(page);
  const alt = legal('Wd4,d7').find((m) => m !== 'Bf2,e6');
  await typeMove(page, alt);
  check((await main(page)).join(' ') === 'Wd4,d7 Bf2,e6 Gc3,a1', 'the main line is kept');
  check((await texts(page, '[data-testid="variation"] [data-testid="move"]')).join(' ') === alt, `the new move is a variation: ${alt}`);
  let cur = await current(page);
  check(cur && cur.text === alt && cur.line === 'variation' && cur.ply === '2', `the board shows the variation's move: ${JSON.stringify(cur)}`);
  const next = legal(`Wd4,d7 ${alt}`)[0];
  await typeMove(page, next);
  check((await texts(page, '[data-testid="variation"] [data-testid="move"]')).join(' ') === `${alt} ${next}`, 'the variation grows at its end');
  check(await page.$$eval('[data-testid="variation"]', (es) => es.length) === 1, 'one variation');
  // Playing the main line's own move again goes there, it adds nothing.
  await page.click('[data-testid="move"][data-ply="1"]');
  await settle(page);
  await typeMove(page, 'Bf2,e6');
  cur = await current(page);
  check(cur.line === 'main' && cur.text === 'Bf2,e6' && (await texts(page, '[data-testid="move"]')).length === 5, 'replaying a known move follows it');

  // Keys: ←/→ along the line, ↑/↓ between variations, then start and end.
  await key(page, 'ArrowDown');
  cur = await current(page);
  check(cur.text === alt && cur.line === 'variation', `↓ goes to the next variation: ${JSON.stringify(cur)}`);
  await key(page, 'ArrowRight');
  cur = await current(page);
  check(cur.text === next, `→ follows the variation: ${JSON.stringify(cur)}`);
  await key(page, 'ArrowLeft');
  await key(page, 'ArrowUp');
  cur = await current(page);
  check(cur.text === 'Bf2,e6' && cur.line === 'main', `↑ goes back to the main line's move: ${JSON.stringify(cur)}`);
  await key(page, 'ArrowUp');
  check((await current(page)) === null && (await page.$$('[data-cell][data-marble]')).length === 0, '↑ on the main line goes to the start');
  await key(page, 'ArrowDown');
  cur = await current(page);
  check(cur.text === 'Gc3,a1' && cur.ply === '3', `↓ then goes to the end of the line: ${JSON.stringify(cur)}`);

  // Undo and redo keep their meaning inside a variation.
  await page.click(`[data-testid="variation"] [data-testid="move"][data-ply="3"]`);
  await settle(page);
  const inVariation = await position(page);
  await page.click('[data-testid="undo"]');
  await settle(page);
  await page.click('[data-testid="redo"]');
  await settle(page);
  check(await position(page) === inVariation && (await current(page)).text === next, 'undo then redo returns into the variation');
  await page.screenshot({ path: path.join(shots, 'variation-tree.png') });

  // Promote: the variation becomes the main line; the old main line a variation.
  await page.click('[data-testid="promote"]');
  await settle(page);
  check((await main(page)).join(' ') === `Wd4,d7 ${alt} ${next}`, `promoted: ${(await main(page)).join(' ')}`);
  check((await texts(page, '[data-testid="variation"] [data-testid="move"]')).join(' ') === 'Bf2,e6 Gc3,a1', 'the old main line is kept as a variation');
  check(await page.isDisabled('[data-testid="promote"]'), 'nothing to promote on the main line');

  // Delete: one move at once; more than one only after confirming.
  await page.click('[data-testid="delete-move"]');
  await settle(page);
  check((await main(page)).join(' ') === `Wd4,d7 ${alt}`, 'deleting the last move needs no confirmation');
  check((await current(page)).text === alt, 'the board goes back to the move before');
  await page.click('[data-testid="variation"] [data-testid="move"][data-ply="2"]');
  await settle(page);
  await page.click('[data-testid="delete-move"]');
  await settle(page);
  check(await page.isVisible('[data-testid="confirm-delete"]'), 'deleting two moves asks first');
  check((await texts(page, '[data-testid="variation"] [data-testid="move"]')).length === 2, 'nothing deleted before the answer');
  await page.click('[data-testid="confirm-delete"]');
  await settle(page);
  check(await page.$$eval('[data-testid="variation"]', (es) => es.length) === 0, 'the variation is gone after confirming');
  check((await current(page)).text === 'Wd4,d7', 'the board shows the move it branched from');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();
});
