// The first visit opens the start screen (data-testid="start"): the goal and
// what the tray counts mean, play the computer with its strength chosen
// first (the gentlest level offered to a first-time visitor), a friend on
// this device, the rules, lessons and puzzles; a returning player goes
// straight back to their last game, and the screen offers to continue it.
'use strict';
const path = require('path');
const { run, settle, place, check } = require('./browser_util');

const start = '[data-testid="start"]';

async function open(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return page;
}

run('start screen', async ({ url, browser, shots }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });  // one visitor's storage
  const page = await open(context, url);
  await page.waitForSelector(start);
  check(await page.isVisible(start), 'a first visit opens the start screen');
  const text = await page.textContent(start);
  check(/Win by capturing 4 white, 5 grey, 6 black, or 3 of each/.test(text) && /1\/4/.test(text), `it says the goal and the tray counts: ${text.slice(0, 200)}`);
  const levels = await page.$$eval('[data-testid="start-level"]', (es) => es.map((e) => ({ v: e.value, checked: e.checked, suggested: e.hasAttribute('data-suggested') })));
  check(levels.length === 4 && levels[0].checked && levels[0].suggested && levels.slice(1).every((l) => !l.checked),
    `strength first, the gentlest level chosen and suggested: ${JSON.stringify(levels)}`);
  for (const [id, href] of [['start-rules', 'rules.html'], ['start-lessons', 'lessons.html'], ['start-puzzles', 'puzzles.html']])
    check(await page.getAttribute(`[data-testid="${id}"]`, 'href') === href, `${id} leads to ${href}`);
  check(await page.$('[data-testid="start-continue"]') === null, 'nothing to continue on a first visit');
  await page.screenshot({ path: path.join(shots, 'start-desktop.png') });
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    await page.setViewportSize(viewport);
    await settle(page);
    const b = await page.locator('[data-testid="start-computer"]').boundingBox();
    check(b && b.width > 0, `${viewport.width}x${viewport.height}: the screen lays out`);
    await page.screenshot({ path: path.join(shots, `start-${viewport.width}x${viewport.height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Play the computer at level 2.
  await page.check('[data-testid="start-level"][value="2"]');
  await page.click('[data-testid="start-computer"]');
  await settle(page);
  check(!(await page.isVisible(start)), 'the screen closes');
  check(/Computer \(level 2\)/.test(await page.textContent('[data-player="1"]')), 'the game is against the chosen level');
  await place(page, 'W', 'd4', 'a1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  const moves = await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent));
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // A returning player: straight back to the game, no screen.
  const again = await open(context, url);
  await settle(again);
  check(!(await again.isVisible(start)), 'a returning player sees no start screen');
  const back = await again.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent));
  check(back.join(' ') === moves.join(' '), `the last game is back: ${back} (was ${moves})`);
  check(/Computer \(level 2\)/.test(await again.textContent('[data-player="1"]')), 'against the same level');
  // The title opens the screen on request; it offers the game and remembers the level.
  await again.click('[data-testid="home"]');
  await again.waitForSelector(start);
  check(await again.isChecked('[data-testid="start-level"][value="2"]'), 'the level chosen last is chosen');
  check(await again.$('[data-testid="start-level"][data-suggested]') === null, 'no suggestion to a returning player');
  await again.click('[data-testid="start-continue"]');
  check(!(await again.isVisible(start)) && (await again.$$('[data-testid="move"]')).length === 2, 'Continue goes back to the game');
  // A friend on this device.
  await again.click('[data-testid="home"]');
  await again.click('[data-testid="start-friend"]');
  await settle(again);
  check((await again.$$('[data-testid="move"]')).length === 0 && /p1=human/.test(again.url()), `a new game between two people: ${again.url()}`);
  check(again.errors.length === 0, `no page errors: ${again.errors}`);
  await context.close();
});
