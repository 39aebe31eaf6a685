// A review fits: at 1280x800 and 1366x768, after a review and at a marked
// move, the board, the Moves header, the note and its better move, the
// mark steps, and during the practice its Try again / Show the answer are
// all in view, without scrolling the page or the side column.
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');
const { loadCore, markedGame, reviewRecord, clickOn } = require('./review_util');

// The selectors out of the viewport (or not shown), and the scroll of the
// page and of the side column.
const outside = (page, sels) => page.evaluate((sels) => {
  const out = sels.filter((sel) => {
    const e = document.querySelector(sel);
    const r = e ? e.getBoundingClientRect() : null;
    return !r || r.height === 0 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth;
  });
  return { out, page: scrollY, column: document.querySelector('.side-analysis').scrollTop };
}, sels);

run('review fits the window', async ({ url, browser, shots }) => {
  const game = markedGame(await loadCore());
  for (const vp of [{ width: 1280, height: 800 }, { width: 1366, height: 768 }]) {
    const label = `${vp.width}x${vp.height}`;
    const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, vp);
    await reviewRecord(page, game.record);
    await clickOn(page, '[data-testid="review-next"]');
    let r = await outside(page, ['#board', '.moves-nav h2', '[data-testid="review-note"]', '[data-testid="review-better"]', '[data-testid="review-next"]', '[aria-current="step"]']);
    check(r.out.length === 0 && r.page === 0 && r.column === 0, `${label}: the board, the moves' header, the note and the steps in view: ${JSON.stringify(r)}`);
    await page.screenshot({ path: path.join(shots, `review-fit-${label}.png`) });
    await clickOn(page, '[data-testid="learn-start"][data-player="1"]');
    await page.waitForSelector('[data-testid="learn"][data-state="asking"]:not([hidden])');
    await settle(page);
    r = await outside(page, ['#board', '.moves-nav h2', '[data-testid="learn-status"]', '[data-testid="learn-answer"]', '[data-testid="learn-next"]']);
    check(r.out.length === 0 && r.page === 0, `${label}: the practice's task and buttons in view with the board: ${JSON.stringify(r)}`);
    await page.screenshot({ path: path.join(shots, `review-fit-learn-${label}.png`) });
    check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
    await page.close();
  }
});
