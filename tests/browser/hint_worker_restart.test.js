// A hint worker lost to a passing failure is replaced: its script fails to
// load once (the request is refused), and the hints still arrive from a
// fresh worker, asked again by the page, with no error left on the panel.
'use strict';
const { run, openPage, check, waitForHints } = require('./browser_util');

// A 4-ring blitz position in the site's tables.
const POS = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';

run('hint worker restart', async ({ url, browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });  // only the hint worker asks for its script
  let scripts = 0;
  await context.route(/\/hints-worker\.js/, (route) => (++scripts === 1 ? route.abort('failed') : route.continue()));
  const page = await openPage(context, `${url}?hints=on&hintworkers=1&p0=human&p1=human&position=${encodeURIComponent(POS)}`);
  await waitForHints(page, '[data-testid="position-value"][data-hint]');
  check(scripts === 2, `the worker's script was asked for twice (refused, then served): ${scripts}`);
  const note = await page.textContent('[data-testid="hints-note"]');
  check(note === '', `no error on the panel after the restart: '${note}'`);
  check(await page.$$eval('[data-hint-move]', (es) => es.length) > 0, 'the moves are valued');
  // The refused script is the one error the browser logs.
  const others = page.errors.filter((e) => !/hints-worker\.js|ERR_FAILED|Failed to load resource|registration blocked by Playwright/.test(e));
  check(others.length === 0, `no other page errors: ${others}`);
  await context.close();
});
