// Phones: with touch emulation at 390x844 (portrait) and 844x390
// (landscape), placements and a capture are played by taps; the status, the
// pool and both players' capture trays are inside the viewport without
// scrolling; tap targets are at least 40 px; no empty band under the board;
// the 61-ring board keeps rings of at least 32 px in landscape.
'use strict';
const path = require('path');
const { run, settle, check } = require('./browser_util');

const SEED = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4';

async function phone(browser, url, viewport) {
  const ctx = await browser.newContext({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') page.errors.push(m.text()); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return { ctx, page };
}

async function inView(page, label, viewport) {
  for (const sel of ['[data-testid="status"]', '#pool', '[data-player="0"] [data-testid="captures"]', '[data-player="1"] [data-testid="captures"]']) {
    const b = await page.locator(sel).boundingBox();
    check(b && b.y >= 0 && b.x >= 0 && b.y + b.height <= viewport.height + 0.5 && b.x + b.width <= viewport.width + 0.5,
      `${label}: ${sel} inside the viewport (${b && `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}`})`);
  }
  check(await page.evaluate(() => window.scrollY) === 0, `${label}: not scrolled`);
}

async function tapTargets(page, label) {
  const small = await page.$$eval('.topbar button, #pool button, .banner-buttons button, [data-testid="pass"]', (es) => es
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.textContent.trim() || e.getAttribute('aria-label'), e.getBoundingClientRect()])
    .filter(([, r]) => r.height < 40 || r.width < 40).map(([t, r]) => `${t} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`));
  check(small.length === 0, `${label}: tap targets at least 40 px (${small})`);
  const ring = await page.locator('[data-cell]').first().boundingBox();
  check(ring.width >= 40, `${label}: rings at least 40 px wide (${ring.width.toFixed(0)})`);
}

// A finger tap at the element's centre (page.tap would first scroll the
// element into view, which a real finger never does).
async function tap(page, sel) {
  const b = await page.locator(sel).boundingBox();
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
  await settle(page);
}

run('phone layouts played by taps', async ({ url, browser, shots }) => {
  for (const [label, viewport] of [['portrait', { width: 390, height: 844 }], ['landscape', { width: 844, height: 390 }]]) {
    const { ctx, page } = await phone(browser, `${url}?p0=human&p1=human&moves=${encodeURIComponent(SEED)}`, viewport);
    await inView(page, label, viewport);
    await tapTargets(page, label);
    // No empty band under the board: its frame ends at the board.
    const gap = await page.evaluate(() => {
      const f = document.querySelector('.board-frame').getBoundingClientRect();
      const b = document.querySelector('#board').getBoundingClientRect();
      return f.bottom - b.bottom;
    });
    check(gap < 12, `${label}: no empty band under the board (${gap.toFixed(0)} px)`);
    // A placement by taps (Wb1,b5 of the rules' example), then the capture.
    await tap(page, '[data-pool="W"]');
    await tap(page, '[data-cell="b1"]');
    await tap(page, '[data-cell="b5"]');
    check(await page.getAttribute('[data-cell="b1"]', 'data-marble') === 'W', `${label}: the placement was played by taps`);
    check(/Must capture/.test(await page.textContent('[data-testid="status"]')), `${label}: the capture is asked for`);
    await tap(page, '[data-cell="b1"]');
    await tap(page, '[data-cell="b3"]');
    const moves = await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent));
    check(moves[moves.length - 1] === 'xb1Bb3', `${label}: the capture was played by taps (${moves.slice(-1)})`);
    await page.waitForFunction(() => !document.body.dataset.animating, null);
    check(/1\/6/.test(await page.textContent('[data-player="1"] [data-testid="captures"]')), `${label}: player 1's tray shows the black`);
    await inView(page, `${label} after moves`, viewport);
    await page.screenshot({ path: path.join(shots, `phone-${label}.png`) });
    check(page.errors.length === 0, `${label}: no console errors or warnings: ${page.errors}`);
    await ctx.close();
  }

  // The 61-ring board in landscape: rings of at least 32 px, all in view.
  const viewport = { width: 844, height: 390 };
  const { ctx, page } = await phone(browser, `${url}?layout=61&p0=human&p1=human`, viewport);
  const sizes = await page.$$eval('[data-cell] .ring-face', (es) => es.map((e) => e.getBoundingClientRect()));
  const minSize = Math.min(...sizes.map((r) => r.width));
  check(sizes.length === 61 && minSize >= 32, `61 rings of at least 32 px (${minSize.toFixed(1)})`);
  console.log(`61 rings on 844x390: ${minSize.toFixed(1)} px`);
  check(sizes.every((r) => r.top >= 0 && r.bottom <= viewport.height && r.left >= 0), 'every ring is in view');
  await inView(page, '61 landscape', viewport);
  await tap(page, '[data-pool="G"]');
  await tap(page, '[data-cell="e5"]');
  await tap(page, '[data-cell="a1"]');
  check(await page.getAttribute('[data-cell="e5"]', 'data-marble') === 'G', '61 landscape: a placement by taps');
  await page.screenshot({ path: path.join(shots, 'phone-landscape-61.png') });
  check(page.errors.length === 0, `61 landscape: no console errors or warnings: ${page.errors}`);
  await ctx.close();
});
