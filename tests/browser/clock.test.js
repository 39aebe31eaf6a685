// The clock for two people on one device (web/clock/): chosen in the New
// game dialog (or `clock=M+S`), the second player's clock runs from the
// first move, each move adds its side's increment, and a side whose time
// runs out loses on time: play stops and the export records it; a reload
// keeps the times. The
// clock's time is moved on by its test hook, never by waiting.
'use strict';
const { run, openPage, settle, place, check } = require('./browser_util');

const time = (page, side) => page.textContent(`[data-testid="clock"] [data-clock="${side}"] .clock-time`);
const running = (page) => page.$$eval('[data-testid="clock"] [data-running]', (es) => es.map((e) => e.dataset.clock).join());
const advance = (page, ms) => page.evaluate((t) => globalThis.zertzClock.advance(t), ms);
const installed = (page) => page.waitForSelector('body[data-plugins="loaded"]');  // the clock is a feature module

run('a clock for two people on one device', async ({ url, browser }) => {
  // Chosen in the dialog: the URL keeps it.
  const page = await openPage(browser, `${url}?p0=human&p1=human`, { width: 390, height: 844 });
  await installed(page);
  check(await page.isHidden('[data-testid="clock"]'), 'no clock unless one is chosen');
  await page.evaluate(() => document.querySelector('[data-action="new"]').click());
  await page.selectOption('[data-testid="clock-choice"]', '3+2');
  await page.click('[data-testid="start-game"]');
  await page.waitForFunction(() => /clock=3%2B2/.test(location.search));
  check(await time(page, 0) === '3:00' && await time(page, 1) === '3:00' && await running(page) === '', 'both at 3:00, none running before the first move');
  await page.close();

  const p = await openPage(browser, `${url}?p0=human&p1=human&clock=1%2B5`);
  await installed(p);
  await place(p, 'W', 'd4', 'a1');
  await p.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1);
  await settle(p);
  check(await time(p, 0) === '1:05' && await running(p) === '1', `the mover gains 5 s, the other side runs: ${await time(p, 0)} / ${await running(p)}`);
  await advance(p, 30000);
  check(/^0:(30|29)$/.test(await time(p, 1)), `the running side's time goes down: ${await time(p, 1)}`);
  check(await time(p, 0) === '1:05', 'the waiting side\'s does not');
  // A reload keeps both times, the running side still running.
  await p.reload();
  await p.waitForSelector('body[data-ready]');
  await installed(p);
  check(/^0:(30|29|28)$/.test(await time(p, 1)) && await time(p, 0) === '1:05' && await running(p) === '1',
    `a reload keeps the clock: ${await time(p, 0)} / ${await time(p, 1)}, running ${await running(p)}`);
  await advance(p, 31000);
  await p.waitForSelector('[data-testid="clock"] [data-clock="1"][data-flag]');
  await settle(p);
  const status = await p.textContent('[data-testid="status"]');
  check(/Player 2 ran out of time/.test(status), `the loss on time is said: ${status}`);
  check(await p.$('[data-pool]') === null && await p.$('#board [data-legal]') === null, 'no move can be played after the flag fell');
  await p.click('[data-testid="export"]');
  await p.click('[data-testid="export-sgf"]');
  const sgf = await p.inputValue('[data-testid="export-text"]');
  check(/WinOnTime/.test(sgf) && /RE\[Game won by Player 1\]/.test(sgf), `the SGF export records the loss on time: ${sgf.slice(0, 300)}`);
  await p.click('[data-testid="export-record"]');
  const ours = await p.inputValue('[data-testid="export-text"]');
  check(/\[Result "0 time"\]/.test(ours), `our record says time: ${ours.slice(0, 300)}`);
  check(p.errors.length === 0, `no page errors: ${p.errors}`);

  // A bad clock parameter is named.
  const bad = await openPage(browser, `${url}?p0=human&p1=human&clock=0%2B5`);
  check(/URL parameter clock: expected minutes\+seconds.*got '0\+5'/.test(await bad.textContent('[data-testid="message"]')), 'a bad clock is named');
  await bad.close();
  await p.close();
});
