// Going through a review's marked moves, as on lichess: each player's count
// of a kind of mark ("bob: 2 decisive moves") is a button that cycles
// through those moves in game order; "Previous / Next mark" step through
// every marked move (wrapping), from the keyboard too (Tab and Enter, or
// Shift+←/→ anywhere), and from a variation;
// at each the note says why it is marked and offers the better move. The
// same on a phone, upright and on its side.
'use strict';
const path = require('path');
const { run, openPage, check, settle } = require('./browser_util');
const { loadCore, markedGame, reviewRecord, clickOn, shown, MOVES, LAYOUT } = require('./review_util');

const note = (page) => page.evaluate(() => {
  const e = document.querySelector('[data-testid="review-note"]');
  return e && !e.hidden ? e.textContent : '';
});
const count = (page) => page.$eval('[data-testid="review-mark-count"]', (e) => e.textContent);

// Clicks `selector` and checks the board then shows the main line's move `ply`.
async function goesTo(page, selector, ply, what, how) {
  await clickOn(page, selector, how);
  const at = await shown(page);
  check(at.ply === ply && at.line === 'main', `${what}: move ${ply} (the board shows ${JSON.stringify(at)})`);
}

// The steps row fits the screen and its buttons are large enough to tap.
async function fits(page, width, what) {
  const boxes = await page.$$eval('.review-steps button, .review-cycle', (es) => es.map((e) => {
    e.scrollIntoView({ block: 'nearest' });
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, height: r.height, text: e.textContent };
  }));
  check(boxes.length >= 4 && boxes.every((b) => b.left >= 0 && b.right <= width && b.height >= 30),
    `${what}: the review's buttons are on screen and at least 30 px tall: ${JSON.stringify(boxes)}`);
}

// Desktop, as lichess's analysis board: after a review, the graph, the
// counts with their Learn buttons, the steps through the marks and the
// note are in the window beside the board without scrolling, even with the
// move list at its full height (the record has ten alternatives to its
// first move), and the list still shows the move the board is at.
async function reviewInView(browser, url, M, game, shots) {
  const vp = { width: 1280, height: 800 };
  const g = new M.Game();
  g.newGame('blitz', LAYOUT);
  const alternatives = JSON.parse(g.state()).legal.map((l) => l.t).filter((t) => t !== MOVES[0]).slice(0, 10);
  g.delete();
  const record = game.record.replace(`1. ${MOVES[0]} `, `1. ${MOVES[0]} ${alternatives.map((a) => `(1. ${a})`).join(' ')} `);
  check(record !== game.record, 'the record gets its alternatives');
  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, vp);
  await reviewRecord(page, record);
  const list = await page.$eval('[data-testid="moves"]', (e) => ({ client: e.clientHeight, scroll: e.scrollHeight }));
  check(list.scroll > list.client, `the move list overflows its box, so the column is full: ${JSON.stringify(list)}`);
  await clickOn(page, '[data-testid="review-next"]');
  const outside = await page.evaluate((height) => ['[data-testid="review-graph"]', '[data-testid="review-summary"]', '[data-testid="learn-start"]',
    '[data-testid="review-prev"]', '[data-testid="review-next"]', '[data-testid="review-note"]', '[data-testid="moves"]', '[aria-current="step"]']
    .map((sel) => [sel, document.querySelector(sel)]).filter(([, e]) => {
      const r = e && !e.hidden ? e.getBoundingClientRect() : null;
      return !r || r.height === 0 || r.top < 0 || r.bottom > height;
    }).map(([sel]) => sel), vp.height);
  check(outside.length === 0, `after a review at 1280x800, in view without scrolling: missing ${outside}`);
  check(await page.evaluate(() => window.scrollY) === 0, 'the page is not scrolled');
  await page.screenshot({ path: path.join(shots, 'review-navigation-desktop-full.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();
}

run('review navigation', async ({ url, browser, shots }) => {
  const M = await loadCore();
  const game = markedGame(M);
  const byPlayer = (p) => game.marks.filter((m) => m.player === p).map((m) => m.ply);
  const bob = byPlayer(1), ann = byPlayer(0), all = game.marks.map((m) => m.ply);
  check(bob.length === 2 && ann.length === 1 && game.marks.every((m) => m.mark === 'decisive'),
    `the constructed game has bob's two decisive moves and ann's one: ${JSON.stringify(game.marks)}`);

  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: 1280, height: 800 });
  await page.waitForSelector('[data-testid="review"]');
  await page.keyboard.press('Shift+ArrowRight');
  const before = await page.textContent('[data-testid="message"]');
  check(/once the game is reviewed/.test(before), `Shift+→ before a review says why nothing happens: '${before}'`);
  await reviewRecord(page, game.record);
  const listed = await page.$$eval('[data-testid="move"][data-mark][data-line="main"]', (es) => es.map((e) => Number(e.dataset.ply)));
  check(JSON.stringify(listed) === JSON.stringify(all), `the browser's review marks the native review's moves: ${listed} (native ${all})`);

  // Each player's counts, as buttons.
  const lines = await page.$$eval('[data-testid="review-summary"] .review-player', (es) => es.map((e) => {
    const counts = e.cloneNode(true);
    counts.querySelectorAll('[data-testid="learn-start"]').forEach((b) => b.remove());  // review_learn checks those
    return counts.textContent;
  }));
  check(lines.length === 2 && lines[0] === 'ann: 1 decisive move' && lines[1] === 'bob: 2 decisive moves', `one line per player: ${JSON.stringify(lines)}`);
  const accuracyLine = await page.textContent('[data-testid="review-summary"] .review-accuracy-line');
  check(/^Accuracy: ann \d+\.\d% · bob \d+\.\d%$/.test(accuracyLine), `both players' accuracy on one line: ${accuracyLine}`);
  const bobs = '[data-testid="review-cycle"][data-player="1"][data-kind="decisive"]';
  const anns = '[data-testid="review-cycle"][data-player="0"][data-kind="decisive"]';

  // bob's count cycles through bob's decisive moves, then starts again.
  await goesTo(page, bobs, bob[0], "bob's first decisive move");
  const why = await note(page);
  check(/Decisive: bob had a proven win/.test(why) && /Better: /.test(why), `the note says why and offers the better move: '${why}'`);
  check(/Better: \S+ \((white|grey|black) on [a-i]\d+(, remove [a-i]\d+)?|jump [a-i]\d+ over /.test(why), `the better move is named in words too: '${why}'`);
  check(/a proven loss \(ann wins/.test(why) && !/opponent/.test(why), `the note names the winner as the cards do: '${why}'`);
  check(await count(page) === `Mark 1 of ${all.length}`, `the steps say which mark: '${await count(page)}'`);
  await goesTo(page, bobs, bob[1], "bob's second decisive move");
  await goesTo(page, bobs, bob[0], "bob's count starts again after the last");
  await goesTo(page, anns, ann[0], "ann's count goes to ann's move");
  check(/Decisive: ann had a proven win/.test(await note(page)), `ann's note: '${await note(page)}'`);
  await page.screenshot({ path: path.join(shots, 'review-navigation.png') });

  // Next / Previous through every mark in game order, with the keyboard.
  const next = '[data-testid="review-next"]', prev = '[data-testid="review-prev"]';
  await page.keyboard.press('Home');
  await goesTo(page, next, all[0], 'Next from the start goes to the first mark', 'keyboard');
  for (let i = 1; i < all.length; ++i) await goesTo(page, next, all[i], `Next mark ${i + 1}`, 'keyboard');
  await goesTo(page, next, all[0], 'Next after the last mark starts again', 'keyboard');
  await goesTo(page, prev, all[all.length - 1], 'Previous before the first mark goes to the last', 'keyboard');
  check(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid) === 'review-prev',
    'the focus stays on the button, so Enter steps on');
  await page.keyboard.press('Enter');
  await settle(page);  // the board redraws on the next frame
  check((await shown(page)).ply === all[all.length - 2], 'Enter again steps to the mark before');

  // Shift+→ / Shift+← do the same from anywhere on the page (the buttons'
  // titles say so), also with the keyboard's focus on the board; the plain
  // arrows still step one move.
  const key = async (k, ply, what) => {
    await page.keyboard.press(k);
    await settle(page);
    const at = await shown(page);
    check(at.ply === ply && at.line === 'main', `${what}: move ${ply} (the board shows ${JSON.stringify(at)})`);
  };
  check(/Shift\+→/.test(await page.getAttribute(next, 'title')) && /Shift\+←/.test(await page.getAttribute(prev, 'title')),
    'the mark steps name their keys');
  await page.keyboard.press('Home');
  await key('Shift+ArrowRight', all[0], 'Shift+→ from the start goes to the first mark');
  await key('Shift+ArrowRight', all[1], 'Shift+→ goes to the next mark');
  await key('Shift+ArrowLeft', all[0], 'Shift+← goes back to the mark before');
  await key('ArrowRight', all[0] + 1, '→ still steps one move');
  await page.focus('#board [tabindex="0"]');
  await key('Shift+ArrowLeft', all[0], 'Shift+← with the focus on the board');
  await key('Shift+ArrowRight', all[1], 'Shift+→ with the focus on the board');
  check(await page.evaluate(() => !!document.activeElement.closest('#board')), 'the focus stays on the board');

  // From the better move's variation at bob's last mark: Previous goes to
  // the mark before it, not to that mark again.
  await goesTo(page, bobs, bob[1], "bob's last decisive move");
  await clickOn(page, '[data-testid="review-better"]');
  check((await shown(page)).line === 'variation', 'the better move is a variation');
  await goesTo(page, prev, all[all.indexOf(bob[1]) - 1], 'Previous from the variation');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();
  await reviewInView(browser, url, M, game, shots);

  // Phones: the counts and the steps fit and can be tapped.
  for (const [w, h, name] of [[390, 844, 'phone'], [844, 390, 'phone-landscape']]) {
    const phone = await openPage(browser, `${url}?p0=human&p1=human&reviewms=30000`, { width: w, height: h });
    await reviewRecord(phone, game.record);
    await goesTo(phone, next, all[0], `${name}: Next`);
    await fits(phone, w, name);
    await phone.$eval('.review-steps', (e) => e.scrollIntoView({ block: 'center' }));
    await phone.screenshot({ path: path.join(shots, `review-navigation-${name}.png`) });
    check(phone.errors.length === 0, `no page errors on the ${name}: ${phone.errors}`);
    await phone.close();
  }
});
