// The review's graph speaks the players' names: its label and every point's
// words (aria-label and tooltip) say "ann won", "proven, bob wins", never
// a default name ("Player 1"); a marked move's point takes its mark's colour, the colour of
// its glyph in the move list; the cursor follows the board through the
// move list, the arrow keys and the marks, and in a variation stands,
// dashed, where the variation leaves the reviewed line.
'use strict';
const path = require('path');
const { run, openPage, check, settle } = require('./browser_util');
const { loadCore, markedGame, reviewRecord, clickOn, MOVES } = require('./review_util');

const G = '[data-testid="review-graph"]';
const points = (page) => page.$$eval(`${G} [data-ply]`, (es) => es.map((e) => ({
  ply: Number(e.dataset.ply), label: e.getAttribute('aria-label'), title: e.querySelector('title').textContent,
  mark: e.dataset.mark || '', current: e.dataset.current === 'true', cx: Number(e.getAttribute('cx')), fill: getComputedStyle(e).fill,
})).sort((a, b) => a.ply - b.ply));
const cursor = (page) => page.$eval(`${G} .rg-cursor`, (e) => ({ x: Number(e.getAttribute('x1')), offLine: e.classList.contains('off-line') }));

// The cursor and the highlighted point are at `ply` on the reviewed line.
async function cursorAt(page, ply, what) {
  const pts = await points(page), c = await cursor(page);
  const current = pts.filter((p) => p.current).map((p) => p.ply);
  check(Math.abs(c.x - pts[ply].cx) < 0.01 && !c.offLine && JSON.stringify(current) === `[${ply}]`,
    `${what}: the cursor at position ${ply} (cursor ${JSON.stringify(c)}, point at ${pts[ply].cx}, current points ${current})`);
}

run('review graph', async ({ url, browser, shots }) => {
  const M = await loadCore();
  const game = markedGame(M);
  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: 1280, height: 800 });
  await reviewRecord(page, game.record);

  // Words: the players' names.
  const label = await page.$eval(G, (e) => e.getAttribute('aria-label'));
  check(/ann above the middle line, bob below/.test(label), `the graph's label names the players: '${label}'`);
  const pts = await points(page);
  check(pts.length === MOVES.length + 1, `one point per position: ${pts.length}`);
  check(pts.every((p) => p.label === p.title && !/Player [12]/.test(p.label)), `no point says a default name ("Player 1") and each tooltip reads as its label: ${pts.map((p) => p.label).join(' | ')}`);
  // Each proven value in the words of the player it favours (the native
  // review's values, for the side to move: the winner is the mover on a win).
  const names = ['ann', 'bob'];
  for (const p of pts) {
    const [value] = game.values[p.ply].split(' '), mover = p.ply % 2;
    const winner = value === 'win' ? mover : 1 - mover;
    const want = p.ply === MOVES.length ? `${names[winner]} won` : value === 'draw' ? 'proven draw' : `proven, ${names[winner]} wins`;
    check(p.label.endsWith(`: ${want}`), `position ${p.ply} (${game.values[p.ply]}) reads '${want}': '${p.label}'`);
  }

  // Marks: the native review's marked moves, in their glyph's colour.
  const glyph = await page.$eval('[data-testid="move"][data-mark="decisive"] .glyph', (e) => getComputedStyle(e).color);
  for (const m of game.marks) {
    const p = pts[m.ply];
    check(p.mark === m.mark && p.fill === glyph, `move ${m.ply}'s point is marked ${m.mark} in the glyph's colour ${glyph}: ${p.mark} ${p.fill}`);
    check(p.label.includes(`${names[m.player]}’s decisive move (${MOVES[m.ply - 1]})`), `its words name the mover and the move: '${p.label}'`);
  }
  check(pts.filter((p) => p.mark).length === game.marks.length, 'only the marked moves are marked');
  check(pts.filter((p) => !p.mark).every((p) => p.fill !== glyph), 'unmarked points keep the plain colours');

  // The cursor follows the board.
  await cursorAt(page, MOVES.length, 'after the review (the board at the end)');
  await clickOn(page, '[data-testid="move"][data-ply="3"][data-line="main"]');
  await cursorAt(page, 3, 'a move in the list');
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  await cursorAt(page, 2, 'the left arrow');
  await page.keyboard.press('Home');
  await settle(page);
  await cursorAt(page, 0, 'Home');
  await clickOn(page, '[data-testid="review-next"]');
  await cursorAt(page, game.marks[0].ply, 'Next mark');
  await clickOn(page, `${G} [data-ply="5"]`);
  await cursorAt(page, 5, 'a click on a point');
  // In the better move's variation: dashed, where the variation leaves the line.
  const last = game.marks[game.marks.length - 1].ply;
  await clickOn(page, `[data-testid="move"][data-ply="${last}"][data-line="main"]`);
  await clickOn(page, '[data-testid="review-better"]');
  const c = await cursor(page), branch = (await points(page))[last - 1];
  check(c.offLine && Math.abs(c.x - branch.cx) < 0.01 && !(await points(page)).some((p) => p.current),
    `in a variation the cursor is dashed where it leaves the line (position ${last - 1}): ${JSON.stringify(c)}`);
  await page.$eval(G, (e) => e.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: path.join(shots, 'review-graph.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);

  for (const [w, h, name] of [[390, 844, 'phone'], [844, 390, 'phone-landscape']]) {
    const phone = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: w, height: h });
    await reviewRecord(phone, game.record);
    await clickOn(phone, `${G} [data-ply="3"]`);
    await cursorAt(phone, 3, `${name}: a tap on a point`);
    const box = await phone.$eval(G, (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width }; });
    check(box.left >= 0 && box.right <= w && box.width > 200, `${name}: the graph fits the screen: ${JSON.stringify(box)}`);
    await phone.$eval(G, (e) => e.scrollIntoView({ block: 'center' }));
    await phone.screenshot({ path: path.join(shots, `review-graph-${name}.png`) });
    check(phone.errors.length === 0, `no page errors on the ${name}: ${phone.errors}`);
    await phone.close();
  }
});
