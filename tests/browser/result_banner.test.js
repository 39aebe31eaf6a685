// The end of a game: the result banner says who won and how and offers
// Rematch, Swap sides, Review (the 'review-request' event) and Export.
// Players are "You" and "Computer (level N)" against the engine; hotseat
// names are editable and go into the export; imported names are shown.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, settle, check, sourceDir } = require('./browser_util');

// Player 0 holds 3 white (4 win); d4 grey can jump the white on d5 to d6.
const NEAR_WIN = 'standard 37 ..../...../....../...GW../....../...../.... 2,7,10 3,0,0 0,0,0 0';
const banner = '[data-testid="result-banner"]';

// Plays the winning capture (d4 over d5 to d6) and waits for the banner;
// with goto, first opens the position again.
async function win(page, url) {
  if (url) {
    await page.goto(`${url}?p0=human&p1=engine:2&position=${encodeURIComponent(NEAR_WIN)}`);
    await page.waitForSelector('body[data-ready]');
  }
  await page.click('[data-cell="d4"]');
  await settle(page);
  await page.click('[data-cell="d6"]');
  await page.waitForSelector(banner);
}

// The banner's box overlaps no ring of the board (and so not the final
// move's): true when none of the rings' boxes meets the banner's.
function coversNothing(page) {
  return page.evaluate(() => {
    const b = document.querySelector('[data-testid="result-banner"]').getBoundingClientRect();
    return [...document.querySelectorAll('[data-cell]')].every((ring) => {
      const r = ring.getBoundingClientRect();
      return r.right <= b.left || r.left >= b.right || r.bottom <= b.top || r.top >= b.bottom;
    });
  });
}

run('result banner, players\' names', async ({ url, browser, shots }) => {
  const page = await openPage(browser, `${url}?p0=human&p1=engine:2&position=${encodeURIComponent(NEAR_WIN)}`);
  check(await page.textContent('[data-player="0"] [data-testid="player-name"]') === 'You', 'the human is "You"');
  check(await page.textContent('[data-player="1"] [data-testid="player-name"]') === 'Computer (level 2)', 'the engine is "Computer (level 2)"');
  check(await page.$(banner) === null, 'no banner during the game');
  await win(page);
  const text = await page.textContent(banner);
  check(/You won/.test(text) && /4 white marbles/.test(text), `the banner says who won and how: ${text}`);
  check(await page.getAttribute(banner, 'data-reason') === 'winning-set', 'reason: winning set');
  check(/Game over: You won by completing a set/.test(await page.textContent('[data-testid="status"]')), 'the status says it too');
  // The cards: the winner's badge, no side to move.
  const cards = await page.$$eval('.player', (es) => es.map((e) => ({ result: e.dataset.result, toMove: e.classList.contains('to-move'), badge: !!e.querySelector('[data-testid="winner-badge"]') })));
  check(cards[0].result === 'winner' && cards[0].badge && cards[1].result === 'loser' && !cards[1].badge && cards.every((c) => !c.toMove),
    `the winner's card has the badge and neither card is to move: ${JSON.stringify(cards)}`);

  // The result never covers the board: the final move's rings stay in view.
  check(await coversNothing(page), 'the banner covers no ring of the board (the final move stays visible)');
  await page.click('[data-testid="banner-export"]');
  check(await page.isVisible('#dlg-export') && /Wd4|xd4/.test(await page.inputValue('[data-testid="export-text"]')), 'Export opens the export with the game');
  check(/Player0.*You|You/.test(await page.inputValue('[data-testid="export-text"]')), 'the export names the players');
  await page.click('#dlg-export [data-action="close"]');

  // Stepping back hides the banner, forward shows it again; closing hides it.
  await page.click('[data-action="back"]');
  await settle(page);
  check(await page.$(banner) === null, 'stepping back hides the banner');
  await page.click('[data-action="forward"]');
  await settle(page);
  check(await page.$(banner) !== null, 'back at the end it shows again');
  await page.click('[data-testid="banner-close"]');
  await settle(page);
  check(await page.$(banner) === null, 'the banner can be closed');
  await page.click('[data-action="back"]');
  await settle(page);
  await page.click('[data-action="forward"]');
  await settle(page);
  check(await page.$(banner) === null, 'a closed banner stays closed on the same position');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // On phones too, upright and on its side.
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const small = await openPage(browser, `${url}?p0=human&p1=engine:2&position=${encodeURIComponent(NEAR_WIN)}`, viewport);
    await win(small);
    check(await coversNothing(small), `${viewport.width}x${viewport.height}: the banner covers no ring`);
    await small.screenshot({ path: path.join(shots, `result-banner-${viewport.width}x${viewport.height}.png`) });
    await small.close();
  }

  // Review starts the analysis: the result has been read, the banner goes
  // and stays gone at the end of the game.
  const p2 = await openPage(browser, `${url}?p0=human&p1=engine:2&position=${encodeURIComponent(NEAR_WIN)}`);
  await win(p2);
  await p2.evaluate(async () => {
    const { on } = await import('./page/events.js');
    window.reviewRequests = 0;
    on('review-request', () => { window.reviewRequests++; });
  });
  await p2.click('[data-testid="banner-review"]');
  await settle(p2);
  check(await p2.evaluate(() => window.reviewRequests) === 1, 'Review emits review-request');
  check(await p2.$(banner) === null, 'the banner is gone once review starts');
  await p2.click('[data-action="back"]');
  await p2.click('[data-action="forward"]');
  await settle(p2);
  check(await p2.$(banner) === null, 'stepping to the end in review does not bring it back');

  // Rematch keeps the sides; Swap sides exchanges them.
  await win(p2, url);
  await p2.click('[data-testid="rematch"]');
  await settle(p2);
  check(await p2.$(banner) === null && (await p2.$$('[data-testid="move"]')).length === 0, 'Rematch starts a new game');
  check(/p0=human/.test(p2.url()) && /p1=engine%3A2/.test(p2.url()), `Rematch keeps the sides: ${p2.url()}`);
  await win(p2, url);
  await p2.click('[data-testid="swap-sides"]');
  await p2.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1, null);
  check(/p0=engine%3A2/.test(p2.url()) && /p1=human/.test(p2.url()), `Swap sides: the computer now moves first: ${p2.url()}`);
  check(await p2.textContent('[data-player="1"] [data-testid="player-name"]') === 'You', 'you now play second');
  check(p2.errors.length === 0, `no page errors: ${p2.errors}`);
  await p2.close();

  // Hotseat: names are editable and used in the status and the export.
  const hs = await openPage(browser, `${url}?p0=human&p1=human`);
  await hs.fill('[data-player="0"] [data-testid="player-name"]', 'Alice');
  await hs.press('[data-player="0"] [data-testid="player-name"]', 'Enter');
  await settle(hs);
  check(/Alice to move/.test(await hs.textContent('[data-testid="status"]')), 'the new name is in the status');
  await hs.click('[data-testid="export"]');
  check(/Alice/.test(await hs.inputValue('[data-testid="export-text"]')), 'the export carries the name');
  await hs.click('#dlg-export [data-action="close"]');

  // Imported names are shown.
  const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');
  const sgf = fs.readFileSync(path.join(recordsDir, 'tutorials/zertz_basic_tutorial_02.sgf'), 'utf8');
  await hs.click('[data-testid="import"]');
  await hs.fill('[data-testid="import-text"]', sgf);
  await hs.click('[data-testid="import-submit"]');
  await settle(hs);
  const names = await hs.$$eval('[data-testid="player-name"]', (es) => es.map((e) => e.value || e.textContent));
  check(names.join(',') === 'SmartBot,BasicTutorial', `imported names shown: ${names}`);
  check(hs.errors.length === 0, `no page errors: ${hs.errors}`);
});
