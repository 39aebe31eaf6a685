// Layout rough edges: the board does not move sideways when the evaluation
// bar appears (wide screens keep its column), and in phone landscape the
// board keeps off the screen's edge.
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');

const box = (page, sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });

run('layout edges', async ({ url, browser, shots }) => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 1366, height: 768 }]) {
    const page = await openPage(browser, `${url}?p0=human&p1=human&hintms=100&hintworkers=1`, viewport);
    const before = await box(page, '#board');
    await page.click('[data-testid="hints-toggle"]');
    await page.waitForSelector('[data-testid="eval-bar"]:not([hidden])');
    await settle(page);
    const after = await box(page, '#board');
    check(Math.abs(before.x - after.x) < 0.5 && Math.abs(before.w - after.w) < 0.5,
      `${viewport.width}x${viewport.height}: the board stays put when the bar appears: ${JSON.stringify({ before, after })}`);
    check(page.errors.length === 0, `no page errors: ${page.errors}`);
    await page.close();
  }
  const phone = await openPage(browser, `${url}?p0=human&p1=human&layout=61`, { width: 844, height: 390 });
  const frame = await box(phone, '.board-frame');
  check(frame.x >= 4, `phone landscape: the board keeps off the screen's edge (x ${frame.x.toFixed(1)})`);
  await phone.screenshot({ path: path.join(shots, 'landscape-edge.png') });
  check(phone.errors.length === 0, `no page errors: ${phone.errors}`);
});
