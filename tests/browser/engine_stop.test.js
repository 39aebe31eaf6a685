// The engine thinks in a worker: the page stays responsive, the thinking
// indicator shows, Stop ends the search without a move, and "Continue from
// here" starts it again.
'use strict';
const { run, openPage, texts, settle, check } = require('./browser_util');

run('engine thinking indicator and stop', async ({ url, browser }) => {
  // Level 4 given the longest time per move (10 minutes): Stop always comes
  // before the engine's move, however loaded the machine.
  const page = await openPage(browser, `${url}?p0=engine:4&p1=human&time=600000`);
  const indicator = '[data-testid="thinking"]';
  await page.waitForSelector(`${indicator}[data-active="true"]`);
  check(/Computer \(level \d\) is thinking/.test(await page.textContent('[data-testid="status"]')), 'status says the engine is thinking');
  // The page answers while the worker searches: a click is handled and the
  // search is still under way (a busy main thread would queue the click).
  await page.click('#show-coords');
  check(await page.isChecked('#show-coords') && await page.getAttribute(indicator, 'data-active') === 'true', 'the page responds during the search');
  await page.click('[data-testid="stop"]');
  await settle(page);
  check(await page.getAttribute(indicator, 'data-active') === 'false', 'Stop ends the thinking indicator');
  check((await texts(page, '[data-testid="move"]')).length === 0, 'a stopped search plays no move');
  check(await page.isVisible('[data-testid="resume"]'), '"Continue from here" is offered');
  await page.waitForTimeout(500);
  check(await page.getAttribute(indicator, 'data-active') === 'false', 'the engine stays stopped');
  await page.click('[data-testid="resume"]');
  await page.waitForSelector(`${indicator}[data-active="true"]`);
  check(true, 'continue restarts the engine');
  await page.locator('body').press('s');
  await settle(page);
  check(await page.getAttribute(indicator, 'data-active') === 'false', 'key s stops it too');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
