// Reading and driving the board: arrow keys move a cursor between
// neighbouring rings and Enter acts, focus stays on the board after a move,
// history keys stay with the move list; each ring's accessible label gives
// its coordinate and content; coordinates along the edges are readable on
// the dark felt; a hovered move in the list ('move-hover') highlights its
// rings; the new-game dialog names and describes every board, each with a
// small picture of its rings drawn by the board code.
'use strict';
const { run, openPage, settle, check } = require('./browser_util');

const cursor = (page) => page.evaluate(() => document.activeElement.dataset.cell || null);
// WCAG relative luminance contrast of two "rgb(r, g, b)" colours.
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

run('board cursor, labels, coordinates, move hover, board names', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  await page.keyboard.press('Tab');
  for (let i = 0; i < 20 && !(await cursor(page)); ++i) await page.keyboard.press('Tab');
  check(await cursor(page) === 'd4', `Tab reaches the board's cursor at the centre (${await cursor(page)})`);
  check(await page.getAttribute('[data-cell="d4"]', 'aria-label') === 'd4, free ring', 'the ring label gives coordinate and content');
  await page.keyboard.press('ArrowUp');
  check(await cursor(page) === 'd5', `ArrowUp goes to d5 (${await cursor(page)})`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const right = await cursor(page);
  check(right === 'e4' || right === 'e5', `ArrowRight goes to a neighbour in the next column (${right})`);
  await page.keyboard.press('ArrowLeft');
  check(await cursor(page) === 'd4', `ArrowLeft comes back to d4 (${await cursor(page)})`);
  check((await page.$$('[data-cell][tabindex="0"]')).length === 1, 'the board is a single tab stop');

  // A whole placement by keyboard: colour key, Enter on d4, move, Enter.
  await page.keyboard.press('w');
  await page.keyboard.press('Enter');
  await settle(page);
  check(await page.getAttribute('[data-ghost-cell="d4"]', 'data-guide-ghost') === 'W', 'Enter placed the ghost on d4');
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(k);
  check(await cursor(page) === 'd1', `the cursor walked down to d1 (${await cursor(page)})`);
  await page.keyboard.press('Enter');
  await settle(page);
  check(await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent).join(' ')) === 'Wd4,d1', 'the move Wd4,d1 was played by keyboard');
  check(await cursor(page) !== null, `focus stays on the board after the move (${await cursor(page)})`);
  check(await page.getAttribute('[data-cell="d4"]', 'aria-label') === 'd4, white marble', 'the label names the marble');
  // Arrow keys on the board never step through history.
  await page.keyboard.press('ArrowLeft');
  check((await page.$$('[data-testid="move"]')).length === 1 && (await page.$$('[data-testid="move"][data-future]')).length === 0, 'ArrowLeft on the board does not step back');
  // On the move list they do.
  await page.focus('[data-testid="move"]');
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  check((await page.$$('[data-testid="move"][data-future]')).length === 1, 'ArrowLeft on the move list steps back');
  await page.keyboard.press('ArrowRight');
  await settle(page);

  // Edge coordinates: one per column and per row, light on the felt.
  const labels = await page.$$eval('.edge-label', (es) => es.map((e) => e.textContent));
  check(['a', 'b', 'c', 'd', 'e', 'f', 'g', '1', '2', '3', '4', '5', '6', '7'].every((l) => labels.includes(l)), `column letters and row numbers along the edges: ${labels}`);
  const fill = await page.$eval('.edge-label', (e) => getComputedStyle(e).fill);
  check(contrast(fill, 'rgb(31, 90, 78)') >= 4.5, `edge labels contrast with the felt (${contrast(fill, 'rgb(31, 90, 78)').toFixed(1)})`);

  // Move hover (the move list's event) highlights the move's rings.
  await page.evaluate(async () => { (await import('./page/events.js')).emit('move-hover', { move: 'Wd4,d1' }); });
  const marked = await page.$$eval('.mark-highlight', (es) => es.map((e) => e.dataset.markCell).sort());
  check(marked.join(' ') === 'd1 d4', `hovering Wd4,d1 highlights d4 and d1: ${marked}`);
  await page.evaluate(async () => { (await import('./page/events.js')).emit('move-hover', null); });
  check((await page.$$('.mark-highlight')).length === 0, 'leaving the move clears the highlight');

  await page.click('[data-testid="new-game"]');
  const dialog = await page.textContent('#dlg-new');
  for (const [name, rings] of [['Zèrtz +3', 40], ['Zèrtz +6', 43], ['Zèrtz +7', 44], ['Zèrtz +11', 48], ['Zèrtz +24', 61]])
    check(dialog.includes(`${name} · ${rings} rings`), `the dialog names ${name} with ${rings} rings`);
  const pictures = await page.$$eval('#dlg-new [data-layout-picture]', (es) => es.map((e) => ({
    layout: e.dataset.layoutPicture, rings: e.querySelectorAll('.picture-ring').length, width: e.getBoundingClientRect().width,
    hooks: e.querySelectorAll('[data-cell]').length })));
  check(pictures.length === 6 && pictures.every((p) => p.rings === Number(p.layout) && p.width >= 40 && p.hooks === 0),
    `one picture per board, with its rings and no ring hooks: ${JSON.stringify(pictures)}`);
  await page.screenshot({ path: require('path').join(shots, 'new-game-dialog.png') });
  await page.click('#dlg-new [data-action="cancel"]');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
