// Once loaded, the game keeps working with the server gone: a reload
// offline still gives a playable board, and the engine still answers.
'use strict';
const { run, openPage, texts, settle, check } = require('./browser_util');

run('offline once loaded', async ({ url, browser }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${url}?p0=human&p1=engine:1`);
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true), null);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();  // now controlled by the service worker, caches filled
  await page.waitForSelector('body[data-ready]');
  await page.waitForTimeout(300);
  await ctx.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  check((await page.$$('[data-cell]')).length === 37, 'offline reload shows the board');
  await page.click('[data-pool="W"]');
  await page.click('[data-cell="d4"][data-legal]');
  await page.click('[data-cell="a1"][data-legal]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  await settle(page);
  check((await texts(page, '[data-testid="move"]'))[0] === 'Wd4,a1', 'offline: the move plays and the engine answers');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await ctx.close();
});
