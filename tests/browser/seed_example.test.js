// The rules' seed example entered by clicks: Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4
// Wb1,b5 as colour, target, removed ring; then the forced capture xb1Bb3 as
// capturing marble, landing ring. Checks the board hooks, the move list, the
// forced-capture state and that only legal continuations are offered.
'use strict';
const path = require('path');
const { run, openPage, texts, cells, settle, check } = require('./browser_util');

const SEED = ['Wd4,d7', 'Bf2,e6', 'Bb4,f5', 'Bb2,g4', 'Wb1,b5'];

run('seed example by clicks', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?layout=37&marbles=standard&p0=human&p1=human`);
  check((await page.$$('[data-cell]')).length === 37, '37 rings at the start');
  check((await page.$$('[data-cell][data-legal]')).length === 0, 'no ring is clickable before a colour is chosen');
  for (const mv of SEED) {
    const [, colour, target, removed] = /^([WGB])(\w\d),(\w\d)$/.exec(mv);
    await page.click(`[data-pool="${colour}"]`);
    await settle(page);
    const targets = await cells(page, '[data-cell][data-legal]');
    check(targets.includes(target) && !targets.some((c) => c === 'd4' && mv !== 'Wd4,d7' ), `${mv}: ${target} offered as a target`);
    await page.click(`[data-cell="${target}"][data-legal]`);
    await settle(page);
    const removable = await cells(page, '[data-cell][data-legal]');
    check(removable.includes(removed), `${mv}: ${removed} offered for removal (${removable})`);
    check(!removable.includes('d5'), `${mv}: an inner ring (d5) is never offered for removal`);
    await page.click(`[data-cell="${removed}"][data-legal]`);
    await settle(page);
    check((await page.$$(`[data-cell="${removed}"]`)).length === 0, `${mv}: removed ring ${removed} left the DOM`);
    check(await page.getAttribute(`[data-cell="${target}"]`, 'data-marble') === colour, `${mv}: ${colour} marble on ${target}`);
  }
  check((await texts(page, '[data-testid="moves"] [data-testid="move"]')).join(' ') === SEED.join(' '), 'move list shows the five placements');

  // The forced capture: status says so, pool is not choosable, only b1 is offered.
  const status = page.locator('[data-testid="status"]');
  check(await status.getAttribute('data-forced') === 'capture', 'status is in the forced-capture state');
  check(/must capture/i.test(await status.textContent()), 'status text says a capture is compulsory');
  check((await page.$$('[data-pool]')).length === 0, 'no pool colour can be chosen during a forced capture');
  check((await cells(page, '[data-cell][data-legal]')).join() === 'b1', 'only the capturing marble b1 is offered');
  await page.screenshot({ path: path.join(shots, 'seed-forced-capture.png') });
  await page.click('[data-cell="b1"][data-legal]');
  await settle(page);
  const landing = await cells(page, '[data-cell][data-legal]');
  check(landing.includes('b3') && landing.every((c) => c === 'b3' || c === 'b1'), `only b3 (or b1 to take back) is offered: ${landing}`);
  await page.click('[data-cell="b3"][data-legal]');
  await settle(page);
  check((await texts(page, '[data-testid="move"]')).join(' ') === [...SEED, 'xb1Bb3'].join(' '), 'move list ends with xb1Bb3');
  check(await page.getAttribute('[data-cell="b3"]', 'data-marble') === 'W', 'the white marble landed on b3');
  check(await page.getAttribute('[data-cell="b2"]', 'data-marble') === null && await page.getAttribute('[data-cell="b1"]', 'data-marble') === null,
    'b1 and b2 are empty after the capture');
  const caps = await page.getAttribute('[data-player="1"] [aria-label^="black"]', 'aria-label');
  check(/^black: 1 of 6/.test(caps), `player 1 shows one captured black: ${caps}`);
  await page.screenshot({ path: path.join(shots, 'seed-after-capture.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
