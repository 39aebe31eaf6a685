// An import says what it loaded where the player looks: on a 1280x800
// desktop the message ("Imported: unfinished (ann – bob, 3 moves)") floats
// over the board's top edge, in view without scrolling, as does the
// engine's Stop while it thinks; the board keeps its place whether a
// message shows or not (no room is kept for an empty row, and nothing moves
// when one appears); on a phone the message is in view above the bottom
// bar. A failed import keeps the dialog open with the
// core's error (naming the line or turn) right under the text, which is
// marked invalid and described by it.
'use strict';
const fs = require('fs');
const path = require('path');
const { run, openPage, settle, check, sourceDir, importText } = require('./browser_util');

const box = (page, sel) => page.locator(sel).first().boundingBox();
const fmt = (b) => b && `${b.x.toFixed(0)},${b.y.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}`;


run('import feedback in view', async ({ url, browser, shots }) => {
  const M = await require(path.join(sourceDir, 'build/wasm/zertz.js'))({
    wasmBinary: fs.readFileSync(path.join(sourceDir, 'build/wasm/zertz.wasm')) });
  const g = new M.Game();
  g.newGame('blitz', '48');
  check(g.playMoves('Wd4,a1 Bf2,h1 Gb3,a5') === '', 'the record to paste is legal');
  const record = g.exportRecord('Player0=ann\nPlayer1=bob');

  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await openPage(browser, `${url}?p0=human&p1=human`, viewport);
    // A bad record: the error under the text, naming the line.
    await importText(page, 'hello, this is not a game');
    const text = await box(page, '[data-testid="import-text"]'), error = await box(page, '[data-testid="import-error"]');
    const said = await page.textContent('[data-testid="import-error"]');
    check(/^Import failed: .*line 1/.test(said), `${label}: the error names what and where: '${said}'`);
    check(error && text && error.y >= text.y + text.height - 1 && error.y - (text.y + text.height) < 24 && error.y + error.height <= viewport.height,
      `${label}: the error is right under the text, in view (${fmt(error)} / text ${fmt(text)})`);
    check(await page.getAttribute('[data-testid="import-text"]', 'aria-invalid') !== null
      && await page.getAttribute('[data-testid="import-text"]', 'aria-describedby') === await page.getAttribute('[data-testid="import-error"]', 'id'),
    `${label}: the text is marked invalid and described by the error`);
    await page.screenshot({ path: path.join(shots, `import-error-${label}.png`) });
    await page.keyboard.press('Escape');
    await settle(page);

    const frameBefore = await box(page, '.board-frame');
    await importText(page, record);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const message = await box(page, '[data-testid="message"]'), status = await box(page, '[data-testid="status"]');
    if (label === 'desktop') {
      const frame = await box(page, '.board-frame');
      check(frameBefore.y - (status.y + status.height) <= 8.5, `desktop: no room kept between the status and the board while no message shows (${fmt(status)} / ${fmt(frameBefore)})`);
      check(frame.y === frameBefore.y && frame.x === frameBefore.x, `desktop: the board stays where it was when the message shows (${fmt(frameBefore)} -> ${fmt(frame)})`);
      check(message.y >= frame.y && message.y + message.height <= frame.y + frame.height / 3, `desktop: the message floats over the board's top edge (${fmt(message)} / ${fmt(frame)})`);
    }
    const words = await page.textContent('[data-testid="message"]');
    check(/^Imported: unfinished \(ann – bob, 3 moves\)/.test(words), `${label}: the import is reported: '${words}'`);
    const floor = label === 'phone' ? (await box(page, '[data-testid="step-bar"]')).y : viewport.height;
    check(message && message.y >= 0 && message.y + message.height <= floor, `${label}: the message is in view without scrolling (${fmt(message)}, floor ${floor})`);
    if (label === 'desktop')
      check(message.y - (status.y + status.height) < 40, `desktop: the message is next to the status line (${fmt(message)} / status ${fmt(status)})`);
    await page.screenshot({ path: path.join(shots, `import-message-${label}.png`) });
    check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
    await page.close();
  }

  // The engine thinking (10 minutes a move: it is still thinking when
  // looked at): its Stop is in view on the desktop.
  const page = await openPage(browser, `${url}?p0=engine:4&p1=human&time=600000`, { width: 1280, height: 800 });
  await page.waitForSelector('[data-testid="thinking"][data-active="true"]');
  const stop = await box(page, '[data-testid="stop"]');
  check(stop && stop.y >= 0 && stop.y + stop.height <= 800, `desktop: the engine's Stop is in view (${fmt(stop)})`);
  await page.screenshot({ path: path.join(shots, 'engine-thinking-desktop.png') });
  await page.click('[data-testid="stop"]');
  check(page.errors.length === 0, `engine: no page errors: ${page.errors}`);
});
