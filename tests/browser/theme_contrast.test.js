// Light and dark themes: the page follows prefers-color-scheme until the
// player picks one with the switch (system → light → dark, remembered
// across a reload), and in both themes every text the page shows passes
// WCAG AA: at least 4.5:1 against the background it is drawn on (the first
// ancestor's background colour, any translucent ones laid over it). Measured
// on the game page (with hints, the move list and a message), the start
// screen, the New game dialog and the rules page, in Chromium.
'use strict';
const path = require('path');
const { run, openPage, settle, place, check, waitForHints } = require('./browser_util');

// Every text below 4.5:1 in the page: [text, colour, background, ratio].
// Texts inside the board's SVG and the evaluation bar are drawn on the
// felt or the bar's fill (their own tests); disabled controls are exempt
// (WCAG); visually hidden ones (screen-reader text) are not shown.
const lowContrast = (page) => page.evaluate(() => {
  const rgba = (s) => { const m = s.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  // The background under e: its own and its ancestors' colours, the
  // translucent ones laid over the first opaque one (the page's at worst).
  const background = (e) => {
    const layers = [];
    for (let a = e; a; a = a.parentElement) {
      const c = rgba(getComputedStyle(a).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = layers.length && layers[layers.length - 1][3] >= 1 ? layers.pop() : [255, 255, 255, 1];
    while (layers.length) bg = over(layers.pop(), bg);
    return bg;
  };
  const bad = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg, .eval-bar, :disabled, [aria-disabled="true"], .sr-only, [hidden]')) continue;
    const own = [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim();
    if (!own) continue;
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    if (r.width < 2 || r.height < 2 || s.visibility !== 'visible' || Number(s.opacity) === 0) continue;
    const bg = background(e), fg = over(rgba(s.color), bg);
    const [l1, l2] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    if (ratio < 4.5) bad.push([own.slice(0, 40), s.color, `rgb(${bg.slice(0, 3).map(Math.round)})`, Number(ratio.toFixed(2))]);
  }
  return bad;
});

const theme = (page) => page.evaluate(() => ({ shown: document.documentElement.dataset.theme, choice: document.documentElement.dataset.themeChoice,
  button: document.querySelector('[data-testid="theme-toggle"]')?.dataset.themeChoice }));

run('themes: both pass WCAG AA for text, the switch is remembered', async ({ url, browser, shots }) => {
  for (const scheme of ['dark', 'light']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(`${url}?p0=human&p1=human&hints=on&hintms=200&hintworkers=1`);
    await page.waitForSelector('body[data-ready]');
    const t = await theme(page);
    check(t.shown === scheme && t.choice === 'system' && t.button === 'system', `${scheme}: the page follows the system's scheme: ${JSON.stringify(t)}`);
    await place(page, 'W', 'd4', 'a1');
    await waitForHints(page, '[data-hint-best]');
    await page.click('[data-cell="d4"]');  // a click that does nothing: the message over the board
    await settle(page);
    check(await page.textContent('[data-testid="message"]') !== '', `${scheme}: a message shows over the board`);
    let bad = await lowContrast(page);
    check(bad.length === 0, `${scheme}: the game page's texts pass 4.5:1: ${JSON.stringify(bad)}`);
    await page.screenshot({ path: path.join(shots, `theme-${scheme}-game.png`) });
    await page.click('[data-testid="new-game"]');
    await settle(page);
    bad = await lowContrast(page);
    check(bad.length === 0, `${scheme}: the New game dialog's texts pass 4.5:1: ${JSON.stringify(bad)}`);
    await page.keyboard.press('Escape');
    await page.goto(`${url}?start`);
    await page.waitForSelector('[data-testid="start"][open]');
    bad = await lowContrast(page);
    check(bad.length === 0, `${scheme}: the start screen's texts pass 4.5:1: ${JSON.stringify(bad)}`);
    await page.screenshot({ path: path.join(shots, `theme-${scheme}-start.png`) });
    await page.goto(`${url}rules.html`);
    check(await page.$('[data-testid="theme-toggle"]') !== null, `${scheme}: the rules page has the theme switch`);
    bad = await lowContrast(page);
    check(bad.length === 0, `${scheme}: the rules page's texts pass 4.5:1: ${JSON.stringify(bad)}`);
    check(page.errors.length === 0, `${scheme}: no page errors: ${page.errors}`);
    await context.close();
  }

  // The switch: system → light → dark → system, each choice kept across a reload.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(`${url}?p0=human&p1=human`);
  await page.waitForSelector('body[data-ready]');
  for (const [choice, shown] of [['light', 'light'], ['dark', 'dark'], ['system', 'dark']]) {
    await page.click('[data-testid="theme-toggle"]');
    let t = await theme(page);
    check(t.choice === choice && t.shown === shown && t.button === choice, `the switch chose ${choice}: ${JSON.stringify(t)}`);
    await page.reload();
    await page.waitForSelector('body[data-ready]');
    t = await theme(page);
    check(t.choice === choice && t.shown === shown, `${choice} is remembered across a reload: ${JSON.stringify(t)}`);
  }
  // Following the system: its change shows at once.
  await page.emulateMedia({ colorScheme: 'light' });
  await settle(page);
  check((await theme(page)).shown === 'light', 'the system turning light turns the page light');
  await context.close();
});
