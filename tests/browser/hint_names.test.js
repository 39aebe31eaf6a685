// Every hint row says who wins, in the names the player cards show: a proven
// row "You win in 2 turns" or "Computer (level 3) wins in 1 turn", an
// estimated one "Estimate: you win 48%". On a phone the brief words show
// ("Computer wins in 1"), each row on one line inside the panel (wider
// screens wrap a long name's row).
'use strict';
const path = require('path');
const { run, openPage, settle, check } = require('./browser_util');

// A 4-ring blitz position in the site's tables with winning and losing moves
// (the one tests/browser/hint_preview.test.js reads); You are to move.
const PROVEN = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';
// The empty 37-ring board: nothing is proven in a short budget.
const EMPTY = 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0';

// The rows as shown: the words a reader sees (innerText skips display: none).
const rows = (page) => page.$$eval('[data-hint-move], [data-estimate-move]', (es) => es.map((e) => {
  const b = e.querySelector('button'), words = e.querySelector('.hint-words');
  return { move: e.dataset.hintMove || e.dataset.estimateMove, hint: e.dataset.hint, seen: words.innerText.trim(),
    oneLine: b.getBoundingClientRect().height < 44,
    inside: b.getBoundingClientRect().right <= document.documentElement.clientWidth };
}));

async function proven(browser, url, viewport, shots, label) {
  const page = await openPage(browser, `${url}?hints=on&p0=human&p1=engine:3&position=${encodeURIComponent(PROVEN)}`, viewport);
  await page.waitForFunction(() => document.querySelectorAll('[data-hint-move]').length > 1, null);
  await settle(page);
  const list = await rows(page);
  const phone = viewport.width < 600 || viewport.height < 500;  // style.css's phone layouts
  const engine = phone ? 'Computer' : 'Computer \\(level 3\\)';
  for (const r of list) {
    const want = r.hint === 'win' ? /^You win in [≤]?\d/ : r.hint === 'loss' ? new RegExp(`^${engine} wins in [≤]?\\d`) : /^Draw/;
    check(want.test(r.seen), `${label}: ${r.move} (${r.hint}) names who wins: '${r.seen}'`);
    check(phone ? !/turns?/.test(r.seen) : /turns?$/.test(r.seen), `${label}: ${phone ? 'brief' : 'whole'} words: '${r.seen}'`);
    check((r.oneLine || !phone) && r.inside, `${label}: ${r.move}'s row ${phone ? 'on one line ' : ''}inside the page: ${JSON.stringify(r)}`);
  }
  check(list.some((r) => r.hint === 'win') && list.some((r) => r.hint === 'loss'), `${label}: the position has winning and losing moves: ${JSON.stringify(list)}`);
  const badge = await page.$eval('.mark-hint title', (e) => e.textContent);
  check(/: (You win|Computer \(level 3\) wins) in/.test(badge), `${label}: a board badge's title names who wins: '${badge}'`);
  await page.locator('[data-testid="hint-moves"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `hint-names-${label}.png`) });
  check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
  await page.close();
}

async function estimated(browser, url, viewport, label) {
  const page = await openPage(browser, `${url}?hints=on&hintms=300&hintworkers=1&p0=human&p1=engine:2&position=${encodeURIComponent(EMPTY)}`, viewport);
  await page.waitForFunction(() => document.querySelectorAll('[data-estimate-move]').length > 0, null);
  await settle(page);
  for (const r of await rows(page)) {
    check((viewport.width < 600 || viewport.height < 500 ? /^Est\.: you win \d+%$/ : /^Estimate: you win \d+%$/).test(r.seen), `${label}: estimate ${r.move} names its mover: '${r.seen}'`);
    check(r.oneLine && r.inside, `${label}: ${r.move}'s row on one line: ${JSON.stringify(r)}`);
  }
  check(page.errors.length === 0, `${label}: no page errors: ${page.errors}`);
  await page.close();
}

run('hint rows name who wins', async ({ url, browser, shots }) => {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }], ['landscape', { width: 844, height: 390 }]]) {
    await proven(browser, url, viewport, shots, label);
    await estimated(browser, url, viewport, label);
  }
});
