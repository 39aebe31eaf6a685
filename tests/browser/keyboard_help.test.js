// The keyboard help, as lichess's "?": "?" anywhere outside a text field
// opens a dialog listing the page's keys by group (the review's Shift+←/→
// among them); Esc or Close closes it and the focus goes back where it was.
// Typing "?" in the move entry types it. Without a keyboard the help is one
// click from the hints' "?" popover (on wide screens; phones have no
// keyboard and do not show the entry). The dialog fits every screen.
'use strict';
const path = require('path');
const { run, openPage, check, settle } = require('./browser_util');

// The hints panel is in, with its style sheet (hints.js adds it).
const hintsIn = (page) => page.waitForFunction(() => document.querySelector('[data-testid="hints-help"]') &&
  [...document.styleSheets].some((sh) => sh.href && sh.href.endsWith('/hints.css')), null);
const dialogOpen = (page) => page.$eval('#dlg-keys', (d) => d.open);
const rows = (page) => page.$$eval('[data-testid="keys-help"] [data-keys]', (es) => es.map((e) => ({
  group: e.closest('section').querySelector('h3').textContent, keys: e.dataset.keys, shown: e.querySelector('dt').textContent, what: e.querySelector('dd').textContent,
})));
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return a ? (a.dataset.cell || a.dataset.testid || a.id || a.tagName) : null;
});

// The dialog lies inside the window, its title and Close in view (on a
// short screen the list scrolls between them).
async function fits(page, vp, what) {
  const r = await page.$eval('#dlg-keys', (d) => {
    const box = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom }; };
    return { dialog: box(d), title: box(d.querySelector('h2')), close: box(d.querySelector('[data-action="close"]')) };
  });
  const inside = (b, o) => b.left >= o.left && b.right <= o.right && b.top >= o.top && b.bottom <= o.bottom;
  check(inside(r.dialog, { left: 0, top: 0, right: vp.width, bottom: vp.height }) && inside(r.title, r.dialog) && inside(r.close, r.dialog),
    `${what}: the help fits the window with its title and Close: ${JSON.stringify(r)}`);
}

async function desktop(browser, url, shots) {
  const vp = { width: 1280, height: 800 };
  const page = await openPage(browser, `${url}?p0=human&p1=human`, vp);
  await hintsIn(page);

  // From the board: Tab's cursor ring has the focus, "?" opens the help.
  await page.focus('#board [data-cell][tabindex="0"]');
  const ring = await focused(page);
  await page.keyboard.press('?');
  check(await dialogOpen(page), '"?" on the board opens the keyboard help');
  const list = await rows(page);
  const groups = [...new Set(list.map((r) => r.group))];
  check(JSON.stringify(groups) === '["Moves and navigation","Board","Review","Game"]', `grouped: ${groups}`);
  const marks = list.find((r) => r.keys === 'Shift+← Shift+→');
  check(!!marks && marks.group === 'Review' && marks.shown === 'Shift+← / Shift+→' && /marked move/.test(marks.what),
    `the review's Shift+←/→ are listed: ${JSON.stringify(marks)}`);
  check(list.some((r) => r.keys === 'U Ctrl+Z' && r.shown === 'U or Ctrl+Z'), 'keys doing the same read "or"');
  check(list.some((r) => r.keys === '?' && r.group === 'Game'), 'the help lists its own key');
  await page.screenshot({ path: path.join(shots, 'keyboard-help.png') });
  await fits(page, vp, 'desktop');
  await page.keyboard.press('Escape');
  check(!await dialogOpen(page), 'Esc closes the help');
  check(await focused(page) === ring, `the focus is back on the board's ring ${ring}: ${await focused(page)}`);

  // A listed key does what the list says: Shift+→ before a review says when it works.
  await page.keyboard.press('Shift+ArrowRight');
  await settle(page);
  check(/once the game is reviewed/.test(await page.textContent('[data-testid="message"]')), 'Shift+→ answers before a review');

  // Typing "?" in the move entry types it.
  await page.click('[data-testid="move-input"]');
  await page.keyboard.type('W?');
  check(!await dialogOpen(page), '"?" in the move entry does not open the help');
  check(await page.inputValue('[data-testid="move-input"]') === 'W?', 'the move entry got the "?"');
  await page.fill('[data-testid="move-input"]', '');

  // Without a keyboard: the hints' "?" popover has the entry; Close closes
  // the help and the focus goes back to the popover's "?".
  await page.click('[data-testid="hints-help"] summary');
  await settle(page);
  const pop = await page.$eval('.hints-help-pop', (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
  check(pop.top >= 0 && pop.bottom <= vp.height, `the popover is in view whole (the side column scrolls to it): ${JSON.stringify(pop)}`);
  await page.screenshot({ path: path.join(shots, 'keyboard-help-entry.png') });
  await page.click('[data-testid="keys-help-open"]');
  check(await dialogOpen(page), 'the popover\'s "Keyboard shortcuts" opens the help');
  check(!await page.$eval('[data-testid="hints-help"]', (d) => d.open), 'the popover closed behind it');
  await page.click('#dlg-keys [data-action="close"]');
  check(!await dialogOpen(page), 'Close closes the help');
  check(await focused(page) === 'SUMMARY', `the focus is back on the popover's "?": ${await focused(page)}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
}

// Phones: no entry in the popover (no keyboard); the dialog still fits.
async function phone(browser, url, shots, vp, name) {
  const page = await openPage(browser, `${url}?p0=human&p1=human`, vp);
  await hintsIn(page);
  await page.$eval('[data-testid="hints-help"]', (d) => { d.scrollIntoView({ block: 'center' }); d.open = true; });
  const entry = await page.$eval('[data-testid="keys-help-open"]', (e) => getComputedStyle(e).display);
  check(entry === 'none', `${name}: the popover has no keyboard entry: ${entry}`);
  await page.$eval('[data-testid="hints-help"]', (d) => { d.open = false; });
  await page.keyboard.press('?');
  check(await dialogOpen(page), `${name}: "?" opens the help`);
  await fits(page, vp, name);
  await page.screenshot({ path: path.join(shots, `keyboard-help-${name}.png`) });
  check(page.errors.length === 0, `${name}: no page errors: ${page.errors}`);
}

run('keyboard help', async ({ url, browser, shots }) => {
  await desktop(browser, url, shots);
  await phone(browser, url, shots, { width: 390, height: 844 }, 'phone');
  await phone(browser, url, shots, { width: 844, height: 390 }, 'phone-landscape');
});
