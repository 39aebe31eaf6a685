// The opening explorer's tab in the analysis view: for a book built by the
// native `zertz explorer` from a four-game fixture (tests/fixtures/explorer),
// served in place of the site's book, the rows of the start position are
// exact (a mirrored opening counted once), the people/robots filter
// recounts them, one click plays a move, the tab follows the move list, and
// a damaged shard is refused with a clear error.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { run, openPage, check, sourceDir, nativeZertz, settle } = require('./browser_util');

const rows = (page) => page.$$eval('[data-testid="explorer-move"]', (es) => es.map((e) => `${e.dataset.move} ${e.dataset.games}`));

run('explorer', async ({ url, browser }) => {
  const book = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-'));
  execFileSync(nativeZertz(), ['explorer', path.join(sourceDir, 'tests/fixtures/explorer'), '--out', book], { stdio: 'ignore' });
  let damage = null;  // a shard's text served in place of the book's
  const page = await openPage(browser, `${url}?p0=human&p1=human`);
  await page.context().route(/explorer\/book\/explorer-[0-9a-f]{2}\.json$/, (route) => {
    const file = path.join(book, path.basename(new URL(route.request().url()).pathname));
    if (damage !== null) return route.fulfill({ status: 200, contentType: 'application/json', body: damage });
    return fs.existsSync(file) ? route.fulfill({ status: 200, contentType: 'application/json', body: fs.readFileSync(file, 'utf8') })
      : route.fulfill({ status: 404, body: '' });
  });
  check(await page.isHidden('[data-testid="explorer"]'), 'the tab is closed at first');
  await page.click('[data-testid="explorer-toggle"]');
  await page.waitForSelector('[data-testid="explorer-move"]');
  check(JSON.stringify(await rows(page)) === JSON.stringify(['Wd4,a1 3', 'Bd4,a1 1']), `the start's rows: ${await rows(page)}`);
  const bar = await page.$eval('[data-move="Wd4,a1"] .explorer-bar', (e) => e.title);
  check(bar === 'Player 1: 1 won, 2 lost of 3 games', `the win bar's counts: ${bar}`);
  await page.click('[data-filter="people"]');
  check(JSON.stringify(await rows(page)) === JSON.stringify(['Wd4,a1 2', 'Bd4,a1 1']), `people only: ${await rows(page)}`);
  await page.click('[data-filter="robots"]');
  check(JSON.stringify(await rows(page)) === JSON.stringify(['Wd4,a1 1']), `robots only: ${await rows(page)}`);
  await page.click('[data-filter="all"]');

  // One click plays the move; the tab follows the position, and back.
  await page.click('[data-testid="explorer-move"][data-move="Wd4,a1"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="moves"] li').length > 0 || document.querySelector('#board [data-marble="W"]'));
  check(await page.$('#board [data-cell="d4"][data-marble="W"]') !== null, 'the click played Wd4,a1');
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="explorer-move"]')].length === 3);
  check((await rows(page)).every((r) => / 1$/.test(r)), `after Wd4,a1, three replies of one game each: ${await rows(page)}`);
  await page.click('[data-action="back"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="explorer-move"][data-move="Bd4,a1"]'));
  check((await rows(page)).length === 2, 'stepping back shows the start\'s rows again');

  // A damaged shard: the core's error, named.
  damage = '{"format":"zertz-explorer","version":9}';
  await page.click('[data-testid="explorer-move"][data-move="Bd4,a1"]');
  await page.waitForFunction(() => /damaged/.test(document.querySelector('[data-testid="explorer-note"]').textContent));
  const note = await page.textContent('[data-testid="explorer-note"]');
  check(/^Opening explorer unavailable: explorer\/book\/explorer-[0-9a-f]{2}\.json is damaged: explorer book: version 9, expected 1$/.test(note), `a damaged shard is refused: ${note}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await settle(page);
  fs.rmSync(book, { recursive: true, force: true });
});
