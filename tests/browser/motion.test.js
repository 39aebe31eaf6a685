// Motion: a placement drops in and its removed ring fades, the engine's
// reply waits until that animation has ended and is then written in words;
// a jump travels its path and the taken marble flies to the capturer's
// tray; a click skips a running animation; prefers-reduced-motion turns
// every animation off.
'use strict';
const { run, openPage, settle, place, check } = require('./browser_util');

// Records, in page time, when animations start and end and when the move
// list grows.
async function watch(page) {
  await page.evaluate(() => {
    window.events = [];
    const moves = () => document.querySelectorAll('[data-testid="move"]').length;
    let last = moves(), anim = false;
    new MutationObserver(() => {
      const a = document.body.dataset.animating === '1';
      if (a !== anim) { anim = a; window.events.push({ t: performance.now(), what: a ? 'anim-start' : 'anim-end' }); }
      const n = moves();
      if (n !== last) { last = n; window.events.push({ t: performance.now(), what: `moves-${n}` }); }
      if (document.querySelector('.flying-marble')) window.flew = true;
      if (document.querySelector('.anim-mover')) window.jumped = true;
    }).observe(document.body, { attributes: true, childList: true, subtree: true });
  });
}

run('motion: drops, fades, jumps, engine waits, skip, reduced motion', async ({ url, browser }) => {
  // Against the engine: the reply comes after the placement's animation.
  const page = await openPage(browser, `${url}?p0=human&p1=engine:1`);
  await watch(page);
  await place(page, 'W', 'd4', 'a1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  await page.waitForFunction(() => !document.body.dataset.animating, null);
  const ev = await page.evaluate(() => window.events);
  const start = ev.find((e) => e.what === 'anim-start'), end = ev.find((e) => e.what === 'anim-end'), reply = ev.find((e) => e.what === 'moves-2');
  check(start && end && reply, `placement animated and the engine replied: ${JSON.stringify(ev)}`);
  if (start && end && reply) check(reply.t >= end.t, `the engine's move came after the animation ended (${(reply.t - end.t).toFixed(0)} ms)`);
  const said = await page.textContent('[data-testid="last-move-text"]');
  check(/^Computer \(level \d\) (placed (white|grey|black) on [a-g]\d( and removed [a-g]\d)?|jumped .*taking .*)\.$/.test(said), `the engine's move in words: '${said}'`);
  check(await page.$('[data-cell][data-last]') !== null, 'the engine move has the last-move marker');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // A capture by clicks (the seed example): the marble travels, the taken
  // black flies to player 0's tray, and the words name the jump.
  const moves = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5';
  const cap = await openPage(browser, `${url}?p0=human&p1=human&moves=${encodeURIComponent(moves)}`);
  await watch(cap);
  await cap.click('[data-cell="b1"]');
  await settle(cap);
  await cap.click('[data-cell="b3"]');
  await settle(cap);
  check(await cap.evaluate(() => window.jumped && window.flew), 'the jump travelled and the taken marble flew');
  check(await cap.$('.flying-marble') !== null, 'a marble is on its way to the tray');
  check(/^Player 2 jumped b1 over b2 to b3, taking black\.$/.test(await cap.textContent('[data-testid="last-move-text"]')),
    `the capture in words: ${await cap.textContent('[data-testid="last-move-text"]')}`);
  // Any click ends it at once.
  await cap.mouse.click(5, 5);
  await settle(cap);
  check(await cap.$('.flying-marble, .anim-mover') === null && !(await cap.evaluate(() => document.body.dataset.animating)), 'a click skipped the animation');
  check(await cap.getAttribute('[data-cell="b3"]', 'data-marble') === 'W', 'the capturing marble stands on b3');
  check(cap.errors.length === 0, `no page errors: ${cap.errors}`);
  await cap.close();

  // prefers-reduced-motion: nothing animates.
  const ctx = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1280, height: 860 } });
  const still = await openPage(ctx, `${url}?p0=human&p1=human&moves=${encodeURIComponent(moves)}`);
  await watch(still);
  await still.click('[data-cell="b1"]');
  await settle(still);
  await still.click('[data-cell="b3"]');
  await settle(still);
  await still.waitForTimeout(100);
  check(!(await still.evaluate(() => window.events.some((e) => e.what === 'anim-start') || window.flew || window.jumped)), 'no animation with reduced motion');
  check((await still.$$('[data-testid="move"]')).length === 6, 'the capture was played');
  check(still.errors.length === 0, `no page errors: ${still.errors}`);
  await ctx.close();
});
