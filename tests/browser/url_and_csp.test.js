// Set-up from URL parameters (layout, marbles, players, moves, position),
// clear messages for bad parameters, and the page working under a strict
// Content-Security-Policy (no inline script or style, no eval; wasm needs
// 'wasm-unsafe-eval').
'use strict';
const { run, openPage, texts, settle, check } = require('./browser_util');

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'";

run('URL set-up and strict CSP', async ({ url, browser }) => {
  // Layout, marbles and moves from the URL.
  let page = await openPage(browser, `${url}?layout=48&marbles=blitz&p0=human&p1=human&moves=Wd4,a1+Bf2,h1`);
  check((await page.$$('[data-cell]')).length === 46, '48-ring board with two rings removed');
  check((await texts(page, '[data-testid="move"]')).join(' ') === 'Wd4,a1 Bf2,h1', 'moves from the URL are played');
  check((await page.inputValue('[data-testid="position-string"]')).startsWith('blitz 48 '), 'blitz marbles on 48 rings');
  check(/Player 1 to move — Choose a marble/.test(await page.textContent('[data-testid="status"]')), 'player 0 is human and to move');
  await page.close();

  // A first visit: human vs the gentlest engine (the one the start screen
  // offers), standard marbles, 37 rings.
  page = await openPage(browser, url);
  check((await page.$$('[data-cell]')).length === 37, 'default board has 37 rings');
  check((await page.inputValue('[data-testid="position-string"]')).startsWith('standard 37 '), 'default marbles are standard');
  check(/Computer \(level 1\)/.test(await page.textContent('[data-player="1"]')), 'a first visit\'s opponent is the gentlest engine');
  await page.close();

  // A position string, and a bad parameter named in the message.
  const pos = 'standard 37 ..../...../....../...W..-/....../...../.... 5,8,10 0,0,0 0,0,0 1';
  page = await openPage(browser, `${url}?p0=human&p1=human&position=${encodeURIComponent(pos)}&layout=99&time=5`);
  check(await page.inputValue('[data-testid="position-string"]') === pos, 'position from the URL');
  // (The message is set before the board is ready; the wait only guards a slow first paint.)
  await page.waitForFunction(() => /URL parameter/.test(document.querySelector('[data-testid="message"]').textContent), null).catch(() => {});
  const message = await page.textContent('[data-testid="message"]');
  check(/URL parameter layout: expected one of .*got '99'/.test(message), `bad layout parameter is named (message: '${message}')`);
  check(/URL parameter time: expected .*100\.\.600000, got '5'/.test(message), `bad engine time parameter is named (message: '${message}')`);
  await page.close();
  // A feature module that fails to load is reported without hiding the
  // URL errors (both are start-up errors the user needs to see).
  const failing = await browser.newContext();
  await failing.route('**/hints.js', (route) => route.abort());
  page = await failing.newPage();
  await page.goto(`${url}?p0=human&p1=human&layout=99`);
  await page.waitForFunction(() => /Could not load/.test(document.querySelector('[data-testid="message"]').textContent), null).catch(() => {});
  const both = await page.textContent('[data-testid="message"]');
  check(/URL parameter layout: .*got '99'.*; Could not load \.\.\/hints\/hints\.js/.test(both), `a module that failed to load does not hide the URL error (message: '${both}')`);
  check(await page.$('body[data-ready]') !== null, 'the board is playable without the failed module');
  await failing.close();
  page = await openPage(browser, `${url}?p1=human&moves=Wd4,d7+Zz9`);
  const msg = await page.textContent('[data-testid="message"]');
  check(/moves: move 2: /.test(msg), `bad move in the URL is named: '${msg}'`);
  check((await texts(page, '[data-testid="move"]')).length === 0, 'a bad move list is not half-applied');
  await page.close();

  // An empty pool: the mover places from their own captures (data-own).
  const own = 'blitz 61 -GB--/B..---/...G--./-G..--.-/G...B..--/--....../-.B.W--/.....-/-.B.. 0,0,0 2,2,1 2,1,3 0';
  page = await openPage(browser, `${url}?p0=human&p1=human&position=${encodeURIComponent(own)}`);
  check((await page.$$('[data-pool]')).length === 0, 'empty pool: no pool colour to choose');
  const owns = await page.$$eval('[data-own]', (es) => es.map((e) => e.dataset.own).sort().join(''));
  check(owns === 'BGW' && (await page.$$('[data-player="0"] [data-own]')).length === 3, `player 0 may place each captured colour: ${owns}`);
  await page.click('[data-own="B"]');
  await settle(page);
  const target = await page.$eval('[data-cell][data-legal]', (e) => e.dataset.cell);
  await page.click(`[data-cell="${target}"]`);
  await settle(page);
  if ((await texts(page, '[data-testid="move"]')).length === 0) await page.click('[data-cell][data-legal]:not([data-chosen])');
  await settle(page);
  const placed = await texts(page, '[data-testid="move"]');
  check(placed.length === 1 && placed[0].startsWith(`B${target}`), `a captured black was placed on ${target}: ${placed}`);
  check(/black: 0 of 5/.test(await page.getAttribute('[data-player="0"] [aria-label^="black"]', 'aria-label')), 'it left player 0\'s captures');
  await page.close();

  // The New game dialog: 61 rings, blitz, engine first (swap), human second.
  page = await openPage(browser, `${url}?p0=human&p1=human`);
  await page.click('[data-testid="new-game"]');
  await page.check('#dlg-new [name="layout"][value="61"]');
  await page.check('#dlg-new [name="marbles"][value="blitz"]');
  await page.selectOption('#dlg-new [name="p1"]', 'engine:1');
  await page.selectOption('#dlg-new [name="time"]', '5000');
  await page.click('#dlg-new [data-action="swap"]');
  await page.click('[data-testid="start-game"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 1, null);
  check((await page.inputValue('[data-testid="position-string"]')).startsWith('blitz 61 '), 'new game: blitz on 61 rings');
  check(/Computer \(level 1\)/.test(await page.textContent('[data-player="0"]')) && /You/.test(await page.textContent('[data-player="1"]')),
    'swap made the engine move first');
  check(/layout=61/.test(page.url()) && /p0=engine%3A1/.test(page.url()), `the URL reflects the new game: ${page.url()}`);
  check(/time=5000/.test(page.url()), `the URL keeps the strongest level's time per move: ${page.url()}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
  await page.close();

  // Strict CSP: the same page served with the policy header still plays,
  // and the engine worker still answers.
  const ctx = await browser.newContext();
  await ctx.route('**/*', async (route) => {
    const resp = await route.fetch();
    await route.fulfill({ response: resp, headers: { ...resp.headers(), 'content-security-policy': CSP } });
  });
  const cspPage = await ctx.newPage();
  const violations = [];
  cspPage.on('console', (m) => { if (/Content Security Policy|Refused/.test(m.text())) violations.push(m.text()); });
  cspPage.on('pageerror', (e) => violations.push(e.message));
  await cspPage.goto(`${url}?p0=human&p1=engine:1`);
  await cspPage.waitForSelector('body[data-ready]');
  await cspPage.click('[data-pool="W"]');
  await cspPage.click('[data-cell="d4"][data-legal]');
  await cspPage.click('[data-cell="a1"][data-legal]');
  await cspPage.waitForFunction(() => document.querySelectorAll('[data-testid="move"]').length === 2, null);
  await settle(cspPage);
  check(violations.length === 0, `no CSP violations: ${violations.join(' | ')}`);
  await ctx.unrouteAll({ behavior: 'ignoreErrors' });  // the service worker may still be fetching
  await ctx.close();
});
