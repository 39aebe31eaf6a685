// On a phone the game's controls are in one place, the bottom bar (as on
// lichess mobile): no top row repeats its menu, and the menu reaches every
// action (New game, Undo, Redo, Import, Export, Copy link, Review, Rules,
// Lessons), each off when it leads nowhere. A keyboard reaches it all:
// opening the menu focuses its first item, Tab goes through the items,
// Escape closes it and focuses the menu button again. No content stays
// under the bar: at the top of the page the status, trays and pool are
// above it, at the end the last content is, and every element the keyboard
// focuses stops above it.
'use strict';
const path = require('path');
const { run, settle, check } = require('./browser_util');

const MOVES = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4';
const ACTIONS = ['New game', 'Undo', 'Redo', 'Import', 'Export', 'Copy link', 'Review the game', 'Rules', 'Lessons'];
const box = (page, sel) => page.locator(sel).first().boundingBox();
const fmt = (b) => b && `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}`;

async function open(browser, url, viewport, moves = MOVES) {
  const ctx = await browser.newContext({ viewport, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${url}?p0=human&p1=human&moves=${encodeURIComponent(moves)}`);
  await page.waitForSelector('body[data-ready]');
  return { ctx, page };
}

// The visible controls with each action's name: no action twice.
async function oneRow(page, label) {
  const seen = await page.$$eval('button, a', (es) => es.filter((e) => e.offsetParent !== null && e.getClientRects().length)
    .map((e) => e.textContent.trim()));
  for (const name of ['New game', 'Undo', 'Redo', 'Import', 'Export'])
    check(!seen.includes(name), `${label}: no top row repeats the menu's ${name} (${seen.join(' | ')})`);
}

// The menu by keyboard: it holds every action, focus moves in and out.
async function menuByKeyboard(page, label) {
  await page.focus('[data-testid="step-menu"]');
  check(await page.getAttribute('[data-testid="step-menu"]', 'aria-controls') === 'step-menu-panel', `${label}: the menu button names its panel`);
  await page.keyboard.press('Enter');
  await settle(page);
  check(await page.getAttribute('[data-testid="step-menu"]', 'aria-expanded') === 'true', `${label}: the button says the menu is open`);
  const items = await page.$$eval('[data-testid="step-menu-panel"] button, [data-testid="step-menu-panel"] a', (es) => es.map((e) => ({
    name: e.textContent.trim(), disabled: !!e.disabled, visible: e.getClientRects().length > 0 })));
  check(ACTIONS.every((a) => items.some((i) => i.name === a && i.visible)), `${label}: the menu reaches every action: ${JSON.stringify(items)}`);
  const off = (name) => items.find((i) => i.name === name).disabled;
  check(!off('Undo') && off('Redo'), `${label}: Undo on (moves played), Redo off (nothing undone)`);
  const focused = () => page.evaluate(() => document.activeElement.textContent.trim());
  check(await focused() === 'New game', `${label}: opening the menu focuses its first item (${await focused()})`);
  await page.keyboard.press('Tab');
  check(await focused() === 'Undo', `${label}: Tab goes to the next item (${await focused()})`);
  await page.keyboard.press('Escape');
  await settle(page);
  check(await page.isHidden('[data-testid="step-menu-panel"]') && await page.evaluate(() => document.activeElement.dataset.testid) === 'step-menu',
    `${label}: Escape closes the menu and focuses its button`);
  // Undo from the menu undoes a move; Redo is then on.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await settle(page);
  check((await page.$$('[data-testid="move"][data-future]')).length === 1, `${label}: Undo from the menu takes the last move back`);
  await page.click('[data-testid="step-menu"]');
  const redo = await page.$('[data-menu-action="redo"]');
  check(redo && !(await redo.isDisabled()), `${label}: Redo is on after an undo`);
  await page.keyboard.press('Escape');
}

// Nothing under the bar: at the top, at the end, and at every focus.
async function clearOfBar(page, label) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  let bar = await box(page, '[data-testid="step-bar"]');
  for (const sel of ['[data-testid="status"]', '#pool', '[data-player="0"]', '[data-player="1"]']) {
    const b = await box(page, sel);
    check(b.y + b.height <= bar.y + 0.5, `${label}: at the top, ${sel} is above the bar (${fmt(b)} / bar ${fmt(bar)})`);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settle(page);
  bar = await box(page, '[data-testid="step-bar"]');
  const last = await box(page, '.tools');
  check(last.y + last.height <= bar.y + 0.5, `${label}: at the end, the last content is above the bar (${fmt(last)} / bar ${fmt(bar)})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.focus('[data-testid="status"]').catch(() => {});
  const hidden = [];
  for (let i = 0; i < 60; ++i) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const e = document.activeElement, r = e.getBoundingClientRect();
      const bar = document.querySelector('[data-testid="step-bar"]');
      return { name: e.dataset.testid || e.textContent.trim().slice(0, 20) || e.tagName, bottom: r.bottom, top: r.top, inBar: bar.contains(e),
        barTop: bar.getBoundingClientRect().top };
    });
    if (f.inBar) break;
    if (f.bottom > f.barTop + 0.5 && f.top < f.barTop) hidden.push(`${f.name} ${f.top.toFixed(0)}-${f.bottom.toFixed(0)} (bar at ${f.barTop.toFixed(0)})`);
  }
  check(hidden.length === 0, `${label}: every focused element stops above the bar: ${hidden.join('; ')}`);
}

run('phone controls: one bar, every action, nothing under it', async ({ url, browser, shots }) => {
  for (const [label, viewport] of [['portrait', { width: 390, height: 844 }], ['landscape', { width: 844, height: 390 }]]) {
    const { ctx, page } = await open(browser, url, viewport);
    await oneRow(page, label);
    await page.screenshot({ path: path.join(shots, `phone-controls-${label}.png`) });
    await clearOfBar(page, label);
    await menuByKeyboard(page, label);
    await page.click('[data-testid="step-menu"]');
    await page.screenshot({ path: path.join(shots, `phone-controls-${label}-menu.png`) });
    check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
    await ctx.close();
  }
});
