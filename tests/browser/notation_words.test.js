// The notation is explained and every move the page writes in notation in a
// sentence has its words: the rules page's notation section, the move list's
// and the hints' moves on hover and for screen readers ("Wd4,a1: white on d4,
// remove a1"); the import takes a bare move list with the board and marble
// set chosen in the dialog (the core reads the list).
'use strict';
const { run, openPage, settle, check } = require('./browser_util');

run('notation in words', async ({ url, browser }) => {
  const rules = await openPage(browser, `${url}rules.html`);
  const section = await rules.textContent('#notation + p + table');
  check(/Wd4,a2/.test(section) && /white on d4, remove a2/.test(section) && /xe3Wg3/.test(section), `the rules page explains the notation: ${section}`);
  await rules.close();

  // A bare move list on the 48-ring board with blitz marbles.
  const page = await openPage(browser, `${url}?p0=human&p1=human&hints=on&hintms=100&hintworkers=1`);
  await page.click('[data-testid="import"]');
  await page.selectOption('[data-testid="import-layout"]', '48');
  await page.selectOption('[data-testid="import-marbles"]', 'blitz');
  await page.fill('[data-testid="import-text"]', 'Wd4,zz9');
  await page.click('[data-testid="import-submit"]');
  const error = await page.textContent('[data-testid="import-error"]');
  check(await page.isVisible('#dlg-import') && /as a move list, /.test(error), `a bad list keeps the dialog open with the core's reason: '${error}'`);
  await page.fill('[data-testid="import-text"]', 'Wd4,a1 Bf2,h1\n');
  await page.click('[data-testid="import-submit"]');
  await settle(page);
  check(!(await page.isVisible('#dlg-import')), 'a good list closes the dialog');
  const moves = await page.$$eval('[data-testid="move"]', (es) => es.map((e) => e.textContent));
  check(moves.join(' ') === 'Wd4,a1 Bf2,h1', `the list is played: ${moves}`);
  check((await page.inputValue('[data-testid="position-string"]')).startsWith('blitz 48 '), 'on the board and with the marbles chosen');

  // The move list's move in words on hover.
  await page.hover('[data-testid="move"][data-ply="1"]');
  await settle(page);
  const title = await page.getAttribute('[data-testid="move"][data-ply="1"]', 'title');
  const label = await page.getAttribute('[data-testid="move"][data-ply="1"]', 'aria-label');
  check(title === 'Wd4,a1: white on d4, remove a1' && label === title, `the move in words: '${title}' / '${label}'`);

  // The hints' moves: words in their tooltips and for screen readers.
  await page.waitForSelector('[data-hint-move], [data-estimate-move]');
  const rows = await page.$$eval('[data-testid="hint-moves"] > li', (es) => es.map((e) => ({ title: e.querySelector('button').title, sr: e.querySelector('.sr-only').textContent })));
  check(rows.length > 0 && rows.every((r) => /\((white|grey|black) on \w+\d|\(jump /.test(r.title) && /^ \((white|grey|black) on |^ \(jump /.test(r.sr)),
    `every hinted move has its words: ${JSON.stringify(rows.slice(0, 3))}`);
  check(page.errors.length === 0, `no page errors: ${page.errors}`);
});
