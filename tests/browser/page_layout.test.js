// The page's layout as a lichess player expects it:
//  - desktop 1280x800: the board, and beside it the move list with its step
//    buttons and the hints and review controls, all inside the window
//    without scrolling (also for a long imported game);
//  - phone portrait 390x844: a bottom bar with the menu and the move steps,
//    fixed at the bottom, never over the board, a capture tray or the last
//    of the page (the page keeps room for it), and its buttons step;
//  - phone landscape 844x390: the same bar beside the board, not over it.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, settle, check, sourceDir } = require('./browser_util');

const MOVES = 'Wa1,f1 Wb1,b5 xa1Wc1 Wc2,d7 xc1Wc3 Wd1,e6 Wd6,a3 Wf4,a2 Gg4,e1 xg4We4 Bc2,b1 xc2Wc4 Bf2,g4 Gc1,f5 Ge2,c6 xe2Bg2';
const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');

const box = (page, sel) => page.locator(sel).first().boundingBox();
const inside = (b, vp) => !!b && b.y >= -0.5 && b.x >= -0.5 && b.y + b.height <= vp.height + 0.5 && b.x + b.width <= vp.width + 0.5;
const fmt = (b) => (b ? `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}` : 'none');
const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const ply = (page) => page.$eval('[aria-current="step"]', (e) => Number(e.dataset.ply)).catch(() => 0);

async function desktop(browser, url, shots) {
  const vp = { width: 1280, height: 800 };
  const page = await openPage(browser, `${url}?p0=human&p1=human&hints=on&hintworkers=1&hintms=200&moves=${encodeURIComponent(MOVES)}`, vp);
  await page.waitForSelector('[data-testid="position-value"][data-hint], [data-testid="position-value"][data-estimate]');
  for (const sel of ['#board', '[data-testid="eval-bar"]', '[data-testid="moves"]', '[data-action="back"]', '[data-action="forward"]',
    '[data-testid="position-value"]', '[data-testid="review"]', '[data-player="0"]', '[data-player="1"]', '#pool'])
    check(inside(await box(page, sel), vp), `desktop: ${sel} inside 1280x800 (${fmt(await box(page, sel))})`);
  const moves = await box(page, '[data-testid="moves"]'), board = await box(page, '#board');
  check(moves.x > board.x + board.width, `desktop: the move list is beside the board (${fmt(moves)} / ${fmt(board)})`);
  check(await page.evaluate(() => window.scrollY) === 0, 'desktop: not scrolled');
  check(await page.isHidden('[data-testid="step-bar"]'), 'desktop: no phone bar (the move list has the steps)');
  await page.screenshot({ path: path.join(shots, 'layout-desktop.png') });

  // A long real game: the list scrolls inside itself, the current move in view.
  await page.click('[data-testid="import"]');
  await page.fill('[data-testid="import-text"]', fs.readFileSync(path.join(recordsDir, 'tutorials/T-Z11-mreitz-jix-2004-05-32-1330.sgf'), 'utf8'));
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  const n = (await page.$$('[data-testid="move"]')).length;
  check(n > 30, `desktop: a long game imported (${n} moves)`);
  for (const sel of ['[data-testid="moves"]', '[aria-current="step"]', '[data-testid="review"]', '[data-action="first"]'])
    check(inside(await box(page, sel), vp), `desktop, ${n} moves: ${sel} inside 1280x800 (${fmt(await box(page, sel))})`);
  await page.screenshot({ path: path.join(shots, 'layout-desktop-long.png') });
  check(page.errors.length === 0, `desktop: no page errors: ${page.errors}`);
  await page.close();
}

async function phone(browser, url, vp) {
  const ctx = await browser.newContext({ viewport: vp, hasTouch: true, isMobile: true, deviceScaleFactor: 2, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${url}?p0=human&p1=human&moves=${encodeURIComponent(MOVES)}`);
  await page.waitForSelector('body[data-ready]');
  return { ctx, page };
}

// The bar's buttons step through the game (taps at their centres, as a finger).
async function stepsWork(page, label) {
  const tap = async (id) => { const b = await box(page, `[data-testid="${id}"]`); await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2); await settle(page); };
  const end = await ply(page);
  await tap('step-back');
  check(await ply(page) === end - 1, `${label}: back steps one move (${end} -> ${await ply(page)})`);
  await tap('step-first');
  check(await ply(page) === 0, `${label}: first goes to the start`);
  await tap('step-forward');
  check(await ply(page) === 1, `${label}: forward steps one move`);
  await tap('step-last');
  check(await ply(page) === end, `${label}: last goes to the end`);
  await tap('step-menu');
  check(await page.isVisible('[data-testid="step-menu-panel"]') && /New game/.test(await page.textContent('[data-testid="step-menu-panel"]')), `${label}: the menu opens`);
  await page.keyboard.press('Escape');
  check(await page.isHidden('[data-testid="step-menu-panel"]'), `${label}: Escape closes the menu`);
}

async function portrait(browser, url, shots) {
  const vp = { width: 390, height: 844 };
  const { ctx, page } = await phone(browser, url, vp);
  const bar = await box(page, '[data-testid="step-bar"]');
  check(bar && Math.abs(bar.y + bar.height - vp.height) < 1 && bar.width >= vp.width - 1, `portrait: the bar sits at the bottom (${fmt(bar)})`);
  const buttons = await page.$$eval('[data-testid="step-bar"] > button', (es) => es.map((e) => e.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
  check(buttons.length === 5 && buttons.every((s) => s >= 44), `portrait: five bar buttons of at least 44 px (${buttons.map((s) => s.toFixed(0))})`);
  for (const sel of ['#board', '[data-player="0"] [data-testid="captures"]', '[data-player="1"] [data-testid="captures"]', '#pool']) {
    const b = await box(page, sel);
    check(b && !overlaps(b, bar) && b.y + b.height <= bar.y + 0.5, `portrait: the bar does not cover ${sel} (${fmt(b)} / bar ${fmt(bar)})`);
  }
  await page.screenshot({ path: path.join(shots, 'layout-phone.png') });
  // Scrolled to the end, the page's last content still ends above the bar.
  // Panels that fill in late (a loaded machine) can change the page's height
  // after a scroll: scroll again until the height holds.
  let height = -1;
  for (let tries = 0; tries < 20; ++tries) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await settle(page);
  }
  const last = await box(page, '.tools');
  const barNow = await box(page, '[data-testid="step-bar"]');
  check(last.y + last.height <= barNow.y + 0.5, `portrait: the page keeps room for the bar (${fmt(last)} / bar ${fmt(barNow)})`);
  await page.screenshot({ path: path.join(shots, 'layout-phone-end.png') });
  await page.evaluate(() => window.scrollTo(0, 0));
  await stepsWork(page, 'portrait');
  check(page.errors.length === 0, `portrait: no page errors: ${page.errors}`);
  await ctx.close();
}

async function landscape(browser, url, shots) {
  const vp = { width: 844, height: 390 };
  const { ctx, page } = await phone(browser, url, vp);
  const bar = await box(page, '[data-testid="step-bar"]'), frame = await box(page, '.board-frame');
  check(inside(bar, vp), `landscape: the bar is in view (${fmt(bar)})`);
  check(!overlaps(bar, frame), `landscape: the bar is beside the board, not over it (${fmt(bar)} / ${fmt(frame)})`);
  await page.screenshot({ path: path.join(shots, 'layout-landscape.png') });
  await stepsWork(page, 'landscape');
  check(page.errors.length === 0, `landscape: no page errors: ${page.errors}`);
  await ctx.close();
}

run('page layout: desktop side column, phone step bar', async ({ url, browser, shots }) => {
  await desktop(browser, url, shots);
  await portrait(browser, url, shots);
  await landscape(browser, url, shots);
});
