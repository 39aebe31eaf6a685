// The rules page: marble sets, boards, removal, capture and isolation
// diagrams drawn by the game's board from real positions (the removable
// rings checked against the rule text's own list), the README's rulings.
'use strict';
const { run, openPage, check } = require('./browser_util');

// The rules' own list of the rings removable after Wd4,d7 Bf2,e6 (rules-it.txt).
const RULES_REMOVABLE = 'f5 g4 g3 g2 g1 f1 e1 d1 c1 b1 a1 a2 a3 a4 b5 c6 d6'.split(' ').sort();

run('rules page', async ({ url, browser }) => {
  const page = await openPage(browser, `${url}rules.html`);
  const text = await page.textContent('main');
  for (const words of ['6 / 8 / 10', '5 / 7 / 9', '“standard” game', 'two open sides next to each other', 'third time', 'both players pass', 'no ring on the board'])
    check(text.includes(words), `the rules page covers: ${words}`);
  const boards = await page.$$eval('#boards-diagrams svg', (es) => es.map((e) => e.querySelectorAll('[data-cell]').length));
  check(boards.join(',') === '37,40,43,44,48,61', `every board drawn with its rings: ${boards}`);
  const removable = await page.$$eval('#removal-diagram [data-removable]', (es) => es.map((e) => e.dataset.cell).sort());
  check(JSON.stringify(removable) === JSON.stringify(RULES_REMOVABLE), `the removal diagram marks exactly the rules' rings: ${removable}`);
  check(await page.$('#removal-diagram [data-cell="e5"][data-removable]') === null, 'e5 (one open side) is not marked');
  check(await page.$('#capture-diagram .mark-target[data-mark-cell="b3"]') !== null, 'the capture lands on b3');
  check(await page.$('#isolation-diagram .mark-highlight[data-mark-cell="a2"]') !== null, 'the isolation diagram marks a2');
  check((await page.$$('#isolation-diagram svg:last-of-type [data-cell="a2"]')).length === 0, 'after the move a2 is gone');
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
