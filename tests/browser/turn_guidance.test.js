// Guidance during a turn: the status line names each step of a placement,
// the chosen ring shows a ghost marble, removable rings (exactly the core's
// removals for that placement) are marked unlike placement targets, and a
// click in the wrong step explains itself (the pool flashes). A forced
// capture names its step and explains a wrong click too.
'use strict';
const { run, openPage, cells, settle, check } = require('./browser_util');

const status = (page) => page.textContent('[data-testid="status"] .status-step');
const message = (page) => page.textContent('[data-testid="message"]');
const click = async (page, sel) => { await page.click(sel); await settle(page); };
const markStroke = (page, cell) => page.$eval(`[data-cell="${cell}"] .ring-mark`, (e) => getComputedStyle(e).stroke);

// The core's legal removals after placing `colour` on `to`, from a fresh wasm instance.
const coreRemovals = (page, colour, to) => page.evaluate(async ([c, t]) => {
  const w = await createZertz();  // eslint-disable-line no-undef
  const g = new w.Game();
  const legal = JSON.parse(g.state()).legal;
  g.delete();
  return legal.filter((m) => m.k === 'place' && m.c === c && m.to === t).map((m) => m.rm).sort();
}, [colour, to]);

run('turn guidance: steps, ghost, removable rings, wrong clicks', async ({ url, browser }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  check(/Player 1 to move — Choose a marble from the pool/.test(await status(page)), `first step named: ${await status(page)}`);
  check(await page.getAttribute('[data-testid="status"]', 'data-step') === 'colour', 'status data-step is colour');

  // A ring before a colour: the pool flashes and the message says why.
  await click(page, '[data-cell="d4"]');
  check(/First choose a marble from the pool/.test(await message(page)), `wrong-step click explained: ${await message(page)}`);
  check(await page.getAttribute('#pool', 'data-flashes') === '1', 'the pool flashes (once)');
  check(await page.$('[data-cell="d4"][data-chosen]') === null, 'nothing was chosen');

  // A capture tray while the pool has marbles says why it is no choice.
  await page.click('[data-player="0"] [data-color="W"]', { force: true });
  check(/captured marbles are placed only when the pool is empty/.test(await message(page)), `a tray click is explained: ${await message(page)}`);

  await click(page, '[data-pool="W"]');
  check(/Place the white marble on a free ring/.test(await status(page)), `placement step named: ${await status(page)}`);
  check((await cells(page, '[data-cell][data-legal]')).length === 37, 'every free ring is a target');
  const targetStroke = await markStroke(page, 'a1');

  await click(page, '[data-cell="d4"]');
  check(/Remove a free edge ring \(two open sides next to each other\)/.test(await status(page)), `removal step named: ${await status(page)}`);
  check(await page.getAttribute('[data-ghost-cell="d4"]', 'data-guide-ghost') === 'W', 'a white ghost marble shows on d4');
  const removable = await cells(page, '[data-cell][data-removable]');
  const expected = await coreRemovals(page, 'W', 'd4');
  check(JSON.stringify(removable) === JSON.stringify(expected), `removable rings are the core's removals (${removable.length} vs ${expected.length})`);
  check(removable.length > 0 && !removable.includes('d5'), 'an inner ring is not removable');
  const removeStroke = await markStroke(page, 'a1');
  check(targetStroke !== removeStroke, `removable rings look unlike targets (${targetStroke} vs ${removeStroke})`);
  check((await page.getAttribute('[data-cell="a1"]', 'aria-label')) === 'a1, free ring, can be removed', 'the ring label says it can be removed');

  // An inner ring cannot be removed: explained, nothing changes.
  await click(page, '[data-cell="d5"]');
  check(/d5 cannot be removed/.test(await message(page)), `wrong removal explained: ${await message(page)}`);
  check(await page.$('[data-ghost-cell="d4"]') !== null, 'the placement is kept');

  // The chosen ring again takes the placement back.
  await click(page, '[data-cell="d4"]');
  check(/Place the white marble/.test(await status(page)) && await page.$('[data-guide-ghost]') === null, 'clicking d4 again takes the placement back');
  await click(page, '[data-cell="d4"]');
  await click(page, '[data-cell="a1"]');
  check(await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent).join(' ')) === 'Wd4,a1', 'the move Wd4,a1 was played');
  check(/Player 1 placed white on d4 and removed a1\./.test(await page.textContent('[data-testid="last-move-text"]')), 'the last move is written in words');
  check(await page.$('[data-cell="d4"][data-last]') !== null, 'd4 carries the last-move marker');
  check(await page.$('[data-removed-outline="a1"]') !== null, 'a faint outline stays where a1 was');
  await page.close();

  // A forced capture (seed example position): the step is named, and a
  // click elsewhere says why it does nothing.
  const moves = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5';
  const cap = await openPage(browser, `${url}?p0=human&p1=human&moves=${encodeURIComponent(moves)}`);
  check(/Must capture: choose a marble that can jump/.test(await status(cap)), `capture step named: ${await status(cap)}`);
  await click(cap, '[data-cell="e3"]');
  check(/A capture is compulsory and e3 cannot jump/.test(await message(cap)), `wrong capture click explained: ${await message(cap)}`);
  await cap.click('#pool button', { force: true });
  await settle(cap);
  check(/capture is compulsory/.test(await message(cap)), `a pool click during a capture is explained: ${await message(cap)}`);
  check(page.errors.length === 0 && cap.errors.length === 0, `no page errors: ${page.errors} ${cap.errors}`);
});
