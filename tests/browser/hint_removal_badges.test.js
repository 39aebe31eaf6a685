// While the player picks the ring to remove, the hint badges value the
// removals: each removal the hints valued is marked on the ring it removes
// (the move placing the chosen colour on the chosen ring and removing that
// one), and no badge is left on a ring that cannot be removed. A badge on a
// removable ring keeps clear of its red cross and has a dark halo that parts
// it from the red dashed edge; a click on it previews that move, a second
// plays it.
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');

// A 4-ring blitz position in the site's tables: every move is valued.
const POS = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';

// The badge (a circle, with its halo) misses the cross: the cross's arms end
// at the corners of its box, with round caps of half the stroke
// (board.js: arms of .24, stroke .05), and the nearest point of a cross to a
// badge outside it is an arm's end.
function clear(badge, cross) {
  const r = badge.width / 2, cx = badge.x + r, cy = badge.y + r, cap = cross.width * 0.025 / 0.24;
  const corners = [[cross.x, cross.y], [cross.x + cross.width, cross.y], [cross.x, cross.y + cross.height], [cross.x + cross.width, cross.y + cross.height]];
  return Math.min(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy))) >= r + cap;
}

run('hint badges on removable rings', async ({ url, browser, shots }) => {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await openPage(browser, `${url}?hints=on&p0=human&p1=human&position=${encodeURIComponent(POS)}`, viewport);
    await page.waitForFunction(() => document.querySelectorAll('[data-hint-move]').length > 1 && document.querySelector('.mark-hint'), null);
    const valued = await page.$$eval('[data-hint-move]', (es) => es.map((e) => e.dataset.hintMove));
    const placement = valued.find((m) => /^[WGB][a-z]\d+,[a-z]\d+$/.test(m));
    const [, colour, target] = /^([WGB])([a-z]\d+),/.exec(placement);
    await page.click(`[data-pool="${colour}"]`);
    await page.click(`[data-cell="${target}"]`);
    await settle(page);
    const removable = await page.$$eval('[data-removable]', (es) => es.map((e) => e.dataset.cell));
    const badges = await page.$$eval('.mark-hint', (es) => es.map((e) => ({ cell: e.dataset.markCell, title: e.querySelector('title').textContent,
      halo: !!e.querySelector('.mark-halo'), box: (e.querySelector('.mark-halo') || e.querySelector('.mark-badge')).getBoundingClientRect().toJSON() })));
    check(removable.length > 0, `${label}: ${colour} on ${target} asks for a removal (${removable})`);
    const want = removable.filter((c) => valued.includes(`${colour}${target},${c}`));
    check(want.length > 0 && badges.length === want.length && want.every((c) => badges.some((b) => b.cell === c)),
      `${label}: a badge on each removable ring whose removal is valued (${want}) and nowhere else: ${JSON.stringify(badges.map((b) => b.cell))}`);
    for (const b of badges) {
      check(b.title.startsWith(`${colour}${target},${b.cell}:`), `${label}: the badge on ${b.cell} values removing it: '${b.title}'`);
      const x = await page.$(`[data-cell="${b.cell}"] .remove-x`);
      const cross = x && await x.evaluate((e) => e.getBoundingClientRect().toJSON());
      check(cross && clear(b.box, cross), `${label}: the badge on ${b.cell} keeps clear of its cross (${JSON.stringify([b.box, cross])})`);
      check(b.halo, `${label}: the badge on ${b.cell} has its halo`);
    }
    await page.locator('.board-frame').screenshot({ path: path.join(shots, `hint-removal-${label}.png`) });
    // One click on the badge previews that move, a second plays it.
    const cell = badges[0].cell, move = `${colour}${target},${cell}`;
    await page.click(`.mark-hint[data-mark-cell="${cell}"]`);
    await settle(page);
    check(await page.$(`[data-hint-move="${move}"][data-previewed]`) !== null, `${label}: the badge previews ${move}`);
    await page.click(`.mark-hint[data-mark-cell="${cell}"]`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1, null);
    check(await page.$eval('[data-testid="move"]', (e) => e.textContent) === move, `${label}: the second click plays ${move}`);
    check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
    await page.close();
  }
});
