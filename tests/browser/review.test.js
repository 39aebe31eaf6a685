// Game review in real Chromium: a short real record (boardspace) is
// reviewed position by position in the hint workers, with a progress bar
// and one graph point per position; a click on a point goes there; a
// review can be cancelled, and a record imported before the review module
// loaded is reviewable. A constructed record whose first move throws a
// proven win away has that move marked decisive by the core's rule, with
// the better move one click away as a variation.
'use strict';
const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { run, openPage, texts, settle, check, sourceDir, holdTables, importText, nativeZertz } = require('./browser_util');

const zertz = nativeZertz();
const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.join(sourceDir, '../shared/records');


const reviewed = (page) => page.waitForFunction(() => document.querySelector('.review[data-reviewed]'), null);

run('game review', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  // The shortest complete real game of the October sample (8 to 30 moves).
  const dir = path.join(recordsDir, 'games-Oct-9-2025');
  let best = null;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.sgf')).sort()) {
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    const g = new M.Game();
    const r = JSON.parse(g.importRecord(text, false));
    const n = g.ply();
    g.delete();
    if (!r.error && !r.damaged && n >= 8 && n <= 30 && (!best || n < best.n)) best = { name, text, n };
  }
  if (!best) throw new Error(`no short record in ${dir}`);

  // A record imported before the review module has loaded (a fast user, a
  // slow network) can be reviewed all the same: the module's request is
  // held until the import is in.
  const early = await browser.newContext({ viewport: { width: 390, height: 844 } });
  let loadReview;
  const reviewHeld = new Promise((r) => { loadReview = r; });
  await early.route(/\/review\.js$/, async (route) => { await reviewHeld; await route.continue(); });
  const first = await openPage(early, `${url}?p0=human&p1=human`);
  await importText(first, best.text);
  loadReview();
  await first.waitForSelector('[data-testid="review"]', { state: 'attached' });
  check(!(await first.isDisabled('[data-testid="review"]')), 'a record imported before the review loaded can be reviewed');
  check(first.errors.length === 0, `no page errors: ${first.errors}`);
  await early.close();

  const page = await openPage(browser, `${url}?p0=human&p1=human&reviewms=150`);
  check(await page.isDisabled('[data-testid="review"]'), 'no review before a game ended or a record came in');
  await importText(page, best.text);
  check(!(await page.isDisabled('[data-testid="review"]')), `an imported record can be reviewed (${best.name}, ${best.n} moves)`);
  let release = await holdTables(page);
  await page.click('[data-testid="review"]');
  check(await page.isVisible('[data-testid="review-progress"]') && await page.isVisible('[data-testid="review-cancel"]'),
    'a review under way shows its progress and can be cancelled');
  await release();
  await reviewed(page);
  const points = await page.$$eval('[data-testid="review-graph"] [data-ply]', (es) => es.map((e) => Number(e.dataset.ply)).sort((a, b) => a - b));
  check(points.length === best.n + 1 && points.every((p, i) => p === i), `one graph point per position: ${points.length} for ${best.n} moves`);
  check(await page.isHidden('[data-testid="review-progress"]'), 'the progress bar goes when done');
  const p0 = await page.$$eval('[data-testid="review-graph"] [data-p0]', (es) => es.map((e) => Number(e.dataset.p0)));
  check(p0.length > 0 && p0.every((v) => v >= 0 && v <= 1), `the points carry Player 0's chances: ${p0.length} valued`);
  const bar = await page.$eval('[data-testid="eval-bar"]', (e) => ({ ...e.dataset, hidden: e.hidden }));
  check(!bar.hidden && bar.source === 'review' && bar.exact === 'true', `with the hints off, the bar shows the review's value of the final position: ${JSON.stringify(bar)}`);
  await page.screenshot({ path: path.join(shots, 'review-desktop.png') });

  // A click on a point goes to that position.
  const g = new M.Game();
  g.importRecord(best.text, false);
  g.gotoPly(3);
  const third = g.positionString();
  await page.click('[data-testid="review-graph"] [data-ply="3"]');
  await settle(page);
  check(await page.inputValue('[data-testid="position-string"]') === third, 'the point of move 3 shows the position after move 3');

  // Cancel: a second review stops on request and says so.
  release = await holdTables(page);
  await page.click('[data-testid="review"]');
  await page.click('[data-testid="review-cancel"]');
  await settle(page);
  check(/cancelled/i.test(await page.textContent('[data-testid="review-status"]')) && await page.isHidden('[data-testid="review-progress"]'), 'a cancelled review says so');
  await release();

  // A constructed record: from a won position of the site's 4-ring tables
  // the first move throws the win away (the native probe names one); the
  // core's rule marks it decisive.
  const start = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';
  const tables = path.join(sourceDir, 'build/site/tables');
  const probe = (args) => execFileSync(zertz, ['probe', '--tables', tables, ...args, start], { encoding: 'utf8' }).trim();
  check(probe([]).startsWith('win'), `the constructed start is won for Player 0: ${probe([])}`);
  const losing = probe(['--moves']).split('\n').map((l) => l.trim().split(/\s+/)).find((w) => w[1] === 'loss')[0];
  const s = new M.Game();
  s.setPosition(start);
  check(s.play(losing) === '', `the losing move ${losing} is legal`);
  const record = s.exportRecord('Player0=ann\nPlayer1=bob');
  await importText(page, record);
  await page.click('[data-testid="review"]');
  await reviewed(page);
  const marks = await page.$$eval('[data-testid="move"][data-mark]', (es) => es.map((e) => ({ ply: e.dataset.ply, mark: e.dataset.mark })));
  check(marks.some((m) => m.ply === '1' && m.mark === 'decisive'), `the move that threw the win away is decisive: ${JSON.stringify(marks)} (${losing})`);
  const better = await texts(page, '[data-testid="variation"] [data-testid="move"]');
  check(better.length >= 1 && !better.includes(losing), `the better move is a variation: ${better}`);
  const summary = await page.textContent('[data-testid="review-summary"]');
  check(/ann: 1 decisive move/.test(summary) && /bob: none/.test(summary), `the summary counts each player's marks: '${summary}'`);
  // Accuracy (core/proof/accuracy.h): ann's one move threw a proven win away, about 0%; bob made no move.
  const accuracy = await page.$$eval('[data-testid="accuracy"]', (es) => es.map((e) => ({ player: e.dataset.player, text: e.textContent })));
  check(/Accuracy: ann \d+\.\d%$/.test(await page.textContent('.review-accuracy-line')), 'the accuracy line names the player');
  check(accuracy.length === 1 && accuracy[0].player === '0' && /^(\d+\.\d)%$/.test(accuracy[0].text) && parseFloat(accuracy[0].text) < 5,
    `ann's accuracy after throwing the win away, none for bob: ${JSON.stringify(accuracy)}`);
  // At the marked move the review says why, with the better move one click away.
  await page.click('[data-testid="move"][data-ply="1"][data-line="main"]');
  await settle(page);
  const why = await page.textContent('[data-testid="review-note"]');
  check(await page.isVisible('[data-testid="review-note"]') && /Decisive: ann had a proven win/.test(why), `the marked move says why: '${why}'`);
  await page.click('[data-testid="review-better"]');
  await settle(page);
  check((await page.textContent('[aria-current="step"]')).includes(better[0]) && await page.isHidden('[data-testid="review-note"]'),
    'the better move is one click away');
  check(/Better than/.test(await page.textContent('[data-testid="comment"]')), 'its comment says why it is there');
  await page.screenshot({ path: path.join(shots, 'review-marks.png') });
  check(page.errors.length === 0, `no page errors: ${page.errors}`);

  // Phone: the review fits the narrow screen.
  const phone = await openPage(browser, `${url}?p0=human&p1=human&reviewms=100`, { width: 390, height: 844 });
  await importText(phone, best.text);
  await phone.click('[data-testid="review"]');
  await reviewed(phone);
  await phone.screenshot({ path: path.join(shots, 'review-phone.png'), fullPage: true });
  check(phone.errors.length === 0, `no page errors on the phone: ${phone.errors}`);
});
