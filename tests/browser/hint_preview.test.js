// Hints as a player reads them: distances in the winner's turns (plies only
// in the tooltip; the position's distance is its best move's), the
// evaluation bar full for a proven position, every hinted move marked on its
// target ring, one click on a hint previews it (ghost marble, greyed
// removal ring) and a second plays it; the same position lists the same
// moves in the same order; the colours keep WCAG AA contrast (4.5:1).
'use strict';
const path = require('path');
const { run, openPage, texts, settle, check } = require('./browser_util');

// A 4-ring blitz position in the site's tables with winning and losing moves.
const POS = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';

const hinted = (page) => page.waitForFunction(() => {
  const v = document.querySelector('[data-testid="position-value"]');
  return v && v.hasAttribute('data-hint') && document.querySelectorAll('[data-hint-move]').length > 0;
}, null);

// WCAG relative luminance contrast of two computed CSS colours.
function contrastIn(page, pairs) {
  return page.evaluate((pairs) => {
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return pairs.map(([fgSel, fgProp, bgSel, bgProp]) => {
      const fg = getComputedStyle(document.querySelector(fgSel))[fgProp];
      const bg = getComputedStyle(document.querySelector(bgSel))[bgProp];
      const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      return { fgSel, fg, bg, ratio: (a + 0.05) / (b + 0.05) };
    });
  }, pairs);
}

run('hint preview and play', async ({ url, browser, shots }) => {
  const open = `${url}?hints=on&p0=human&p1=human&position=${encodeURIComponent(POS)}`;
  const page = await openPage(browser, open);
  await hinted(page);
  const value = await page.$eval('[data-testid="position-value"]', (e) => ({ hint: e.dataset.hint, plies: Number(e.dataset.plies), text: e.textContent, title: e.title }));
  const list = await page.$$eval('[data-hint-move]', (es) => es.map((e) => ({ move: e.dataset.hintMove, hint: e.dataset.hint, plies: e.dataset.plies, text: e.querySelector('.hint-words').innerText, title: e.querySelector('button').title })));
  const best = list[0];
  const turns = Math.ceil(value.plies / 2);
  check(new RegExp(`in ${turns} turns?\\b`).test(value.text) && !/pl(y|ies)/.test(value.text), `the value is in turns, not plies: '${value.text}' (${value.plies} plies)`);
  check(new RegExp(`${value.plies} pl(y|ies)`).test(value.title), `plies in the tooltip: '${value.title}'`);
  check(best.hint === value.hint && Number(best.plies) === value.plies, `the position's distance is its best move's: ${JSON.stringify(best)} vs ${JSON.stringify(value)}`);
  check(new RegExp(`in ${turns} turns?\\b`).test(best.text), `the best move says the same number of turns: '${best.text}'`);
  check(list.every((m) => !/pl(y|ies)/.test(m.text)), 'no plies in the move list');

  // The bar: full for the side to move when it wins, empty when it loses.
  const bar = await page.$eval('[data-testid="eval-bar"]', (e) => ({ ...e.dataset, hidden: e.hidden, fill: e.querySelector('.eval-fill').style.height }));
  const full = value.hint === 'win' ? '1.000' : value.hint === 'loss' ? '0.000' : '0.500';
  check(!bar.hidden && bar.exact === 'true' && bar.winprob === full, `eval bar proven: ${JSON.stringify(bar)}`);
  check(parseFloat(bar.fill) === (value.hint === 'win' ? 100 : value.hint === 'loss' ? 0 : 50), `eval bar filled for Player 0 (to move): ${bar.fill}`);

  // Every hinted move's target ring carries a badge; the best badge per ring.
  const badges = await page.$$eval('.mark-hint', (es) => es.map((e) => e.dataset.markCell));
  check(badges.length > 0 && new Set(badges).size === badges.length, `hint badges on the board: ${badges}`);

  // Contrast: the list's value colours on the panel, the badges' labels on their fill.
  const pairs = [];
  for (const v of new Set(list.map((m) => m.hint))) pairs.push([`.hints-moves .hint-${v} .hint-words`, 'color', '.hints', 'backgroundColor']);
  for (const tone of ['win', 'loss']) if (await page.$(`.mark-hint.tone-${tone}`)) pairs.push([`.mark-hint.tone-${tone} .mark-label`, 'fill', `.mark-hint.tone-${tone} .mark-badge`, 'fill']);
  for (const c of await contrastIn(page, pairs)) check(c.ratio >= 4.5, `contrast ${c.fgSel}: ${c.fg} on ${c.bg} = ${c.ratio.toFixed(2)} (>= 4.5)`);

  // One click previews: the ghost marble on the target, the removed ring greyed.
  const first = list[0].move;
  await page.click(`[data-hint-move="${first}"] button`);
  await settle(page);
  check(await page.$(`[data-hint-move="${first}"][data-previewed]`) !== null, 'the clicked hint is previewed');
  const ghost = await page.$eval('[data-ghost]', (e) => e.dataset.ghost).catch(() => null);
  check(ghost !== null, `a ghost marble shows the move: ${ghost}`);
  check((await texts(page, '[data-testid="move"]')).length === 0, 'a preview plays nothing');
  if (/,/.test(first)) check(await page.$('.mark-remove') !== null, 'the ring the move removes is greyed');
  await page.screenshot({ path: path.join(shots, 'hint-preview.png') });

  // A click on another hint moves the preview; a second click on it plays it.
  const other = list[list.length - 1].move;
  await page.click(`[data-hint-move="${other}"] button`);
  await settle(page);
  check(await page.$$eval('[data-previewed]', (es) => es.map((e) => e.dataset.hintMove).join()) === other, 'the preview follows the last click');
  await page.click(`[data-hint-move="${other}"] button`);
  await settle(page);
  check((await texts(page, '[data-testid="move"]')).join(' ') === other, `the second click plays ${other}`);
  check(await page.$('[data-ghost]') === null, 'the preview is gone after the move');

  // The same position lists the same moves in the same order.
  const again = await openPage(browser, open);
  await hinted(again);
  const order2 = await again.$$eval('[data-hint-move]', (es) => es.map((e) => e.dataset.hintMove));
  check(order2.join(' ') === list.map((m) => m.move).join(' '), `stable order: ${order2.join(' ')}`);
  // A click on a board badge previews that ring's best move.
  const cell = (await again.$$eval('.mark-hint', (es) => es.map((e) => e.dataset.markCell)))[0];
  await again.click(`.mark-hint[data-mark-cell="${cell}"]`);
  await settle(again);
  check(await again.$('[data-previewed]') !== null && await again.$('[data-ghost]') !== null, `a click on the badge at ${cell} previews its move`);

  // The help popover explains the words.
  await again.click('[data-testid="hints-help"] summary');
  const help = await again.textContent('[data-testid="hints-help"] dl');
  const shown = await again.isVisible('[data-testid="hints-help"] dl');
  check(/Proven/.test(help) && /Estimate/.test(help) && /Turn/.test(help) && shown, `the help explains proven, estimate and turn (shown: ${shown}): ${help}`);
  await again.screenshot({ path: path.join(shots, 'hint-help.png') });
  // It closes as a popover does: Escape, or a click elsewhere.
  await again.keyboard.press('Escape');
  check(!(await again.isVisible('[data-testid="hints-help"] dl')), 'Escape closes the help');
  await again.click('[data-testid="hints-help"] summary');
  check(await again.isVisible('[data-testid="hints-help"] dl'), 'the help opens again');
  await again.click('[data-testid="status"]');
  check(!(await again.isVisible('[data-testid="hints-help"] dl')), 'a click elsewhere closes the help');
  check(page.errors.length === 0 && again.errors.length === 0, `no page errors: ${page.errors} ${again.errors}`);
});
