// A review fits: at 1280x800 and 1366x768, after a review and at a marked
// move, the board, the Moves header, the note and its better move, the
// mark steps, and during the practice its Try again / Show the answer are
// all in view, without scrolling the page or the side column. On phones
// (390x844, 844x390), "Next mark" and each of the practice's tasks keep the
// board and the note or task in view together, above the bottom bar.
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');
const { loadCore, markedGame, reviewRecord, clickOn } = require('./review_util');

// The selectors out of the viewport (or not shown), and the scroll of the
// page and of the side column.
// On phones the bottom bar covers the window's foot: what is under it is out.
const outside = (page, sels) => page.evaluate((sels) => {
  const bar = document.querySelector('.step-bar'), b = bar && bar.getBoundingClientRect();
  const foot = b && b.height ? Math.min(innerHeight, b.top) : innerHeight;
  const out = sels.filter((sel) => {
    const e = document.querySelector(sel);
    const r = e ? e.getBoundingClientRect() : null;
    return !r || r.height === 0 || r.top < 0 || r.bottom > (e.closest('.board-frame') ? innerHeight : foot) || r.left < 0 || r.right > innerWidth;
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

  for (const vp of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const label = `${vp.width}x${vp.height}`;
    const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, vp);
    await reviewRecord(page, game.record);
    const marks = Number(await page.$eval('.review', (e) => e.dataset.marked));
    for (let i = 0; i < Math.min(marks, 3); ++i) {
      await clickOn(page, '[data-testid="review-next"]');
      const r = await outside(page, ['#board', '[data-testid="review-note"]']);
      check(r.out.length === 0, `${label}: after Next mark ${i + 1}, the board and the note in view: ${JSON.stringify(r)}`);
      if (i === 0) await page.screenshot({ path: path.join(shots, `review-fit-${label}.png`) });
    }
    await clickOn(page, '[data-testid="learn-start"][data-player="1"]');
    await page.waitForSelector('[data-testid="learn"][data-state="asking"]:not([hidden])');
    await settle(page);
    const r = await outside(page, ['#board', '[data-testid="learn-status"]', '[data-testid="learn-answer"]']);
    check(r.out.length === 0, `${label}: the practice's task in view with the board: ${JSON.stringify(r)}`);
    await page.screenshot({ path: path.join(shots, `review-fit-learn-${label}.png`) });
    check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
    await page.close();
  }
});
