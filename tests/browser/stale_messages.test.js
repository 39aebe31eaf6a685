// A message goes when its cause goes: "First choose a marble" once a marble
// is chosen, a move box's error once a legal move is played; and the last
// move is readable whole on a phone (the engine's removal included).
'use strict';
const path = require('path');
const { run, openPage, settle, place, check } = require('./browser_util');

const message = '[data-testid="message"]';
const shown = (page) => page.$eval(message, (e) => e.textContent);

run('stale and cut messages', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`, { width: 390, height: 844 });
  await page.click('[data-cell="d4"]');
  await settle(page);
  check(/First choose a marble/.test(await shown(page)), `a ring before a marble says why: '${await shown(page)}'`);
  await page.click('[data-pool="W"]');
  await settle(page);
  check(await shown(page) === '', `the message goes once a marble is chosen: '${await shown(page)}'`);
  await page.click('[data-pool="W"]');  // back out of the choice
  await settle(page);

  await page.fill('[data-testid="move-input"]', 'Wz9,a1');
  await page.press('[data-testid="move-input"]', 'Enter');
  await settle(page);
  check((await shown(page)).length > 0, `an illegal move box entry says why: '${await shown(page)}'`);
  await page.fill('[data-testid="move-input"]', 'Wd4,a1');
  await page.press('[data-testid="move-input"]', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1, null);
  await settle(page);
  check(await shown(page) === '', `the error goes once a legal move is played: '${await shown(page)}'`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // The engine's move in words, whole, on a phone upright.
  const phone = await openPage(browser, `${url}?p0=human&p1=engine:1`, { width: 390, height: 844 });
  await place(phone, 'W', 'd4', 'a1');
  await phone.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  await phone.waitForFunction(() => !document.body.dataset.animating, null);
  await settle(phone);
  const last = await phone.$eval('[data-testid="last-move-text"]', (e) => {
    const r = e.getBoundingClientRect(), s = e.closest('[data-testid="status"]').getBoundingClientRect();
    return { text: e.textContent, clipped: e.scrollWidth > e.clientWidth + 1, inside: r.top >= s.top - 0.5 && r.bottom <= s.bottom + 0.5, r: [r.top, r.bottom], s: [s.top, s.bottom] };
  });
  check(/^Computer \(level 1\) /.test(last.text), `the engine's move in words: '${last.text}'`);
  check(!last.clipped && last.inside, `the last move is readable whole: ${JSON.stringify(last)}`);
  await phone.screenshot({ path: path.join(shots, 'last-move-phone.png') });
  check(phone.errors.length === 0, `no page errors: ${phone.errors}`);
});
