// Sound: a move sounds (a placement and its removal, a capture, the end of
// the game) while the switch is on and the page is shown; none while the
// page is hidden or the switch is off, and the switch is remembered across
// a reload. The sound module's own count (data-played on the switch) says
// whether it was asked to play; no real audio is measured.
'use strict';
const path = require('path');
const { run, settle, place, check } = require('./browser_util');

const sound = (page) => page.$eval('[data-testid="sound-toggle"]', (b) => ({ on: b.getAttribute('aria-pressed'), played: Number(b.dataset.played || 0), last: b.dataset.lastSound || '' }));
// The page's document.hidden, as a browser hiding the tab sets it.
const setHidden = (page, hidden) => page.evaluate((h) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

run('sound', async ({ url, browser, shots }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') page.errors.push(`${m.type()}: ${m.text()}`); });
  const open = async (q) => {
    await page.goto(`${url}?p0=human&p1=human${q || ''}`);
    await page.waitForSelector('body[data-ready][data-plugins="loaded"]');
    if (!await page.$('[data-testid="sound-toggle"]')) throw new Error(`no sound switch on the page; page errors: ${page.errors}`);
  };
  await open();
  let s = await sound(page);
  check(s.on === 'true' && s.played === 0, `sound is on at first, nothing played yet: ${JSON.stringify(s)}`);
  await place(page, 'W', 'd4', 'a1');
  await settle(page);
  s = await sound(page);
  check(s.played === 1 && s.last === 'place remove', `a placement with its removal sounds: ${JSON.stringify(s)}`);
  await setHidden(page, true);
  await place(page, 'B', 'c3', 'g1');
  await settle(page);
  s = await sound(page);
  check(s.played === 1, `no sound while the page is hidden: ${JSON.stringify(s)}`);
  await setHidden(page, false);
  await page.screenshot({ path: path.join(shots, 'sound-switch.png'), clip: { x: 0, y: 0, width: 1280, height: 120 } });

  // A forced capture, then the switch off.
  await open(`&moves=${encodeURIComponent('Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5')}`);
  // The capturing marble, then each landing ring, until the jump is played.
  const count = () => page.$$eval('[data-testid="move"]', (es) => es.length);
  const before = await count(), clicked = [];
  for (let i = 0; i < 8 && (await count()) === before; ++i) {
    const legal = await page.$$eval('[data-legal]:not([data-chosen])', (es) => es.map((e) => e.dataset.cell));
    if (!legal.length) break;
    clicked.push(legal[0]);
    await page.click(`[data-cell="${legal[0]}"]`);
    await settle(page);
  }
  s = await sound(page);
  check(/^capture/.test(s.last) && s.played === 1, `a capture sounds: ${JSON.stringify(s)} (clicked ${clicked})`);

  await page.click('[data-testid="sound-toggle"]');
  check((await sound(page)).on === 'false', 'the switch turns the sound off');
  await open();
  s = await sound(page);
  check(s.on === 'false', `off is remembered across a reload: ${JSON.stringify(s)}`);
  await place(page, 'W', 'd4', 'a1');
  await settle(page);
  s = await sound(page);
  check(s.played === 0, `no sound while the switch is off: ${JSON.stringify(s)}`);
  await page.click('[data-testid="sound-toggle"]');
  await open();
  check((await sound(page)).on === 'true', 'on is remembered across a reload');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await context.close();
});
