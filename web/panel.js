// Side panel: status line, pool and both players' captures with progress
// toward each winning set. Pure view over the state. (The move list is
// movelist.js.)
//
// Test hooks (stable): data-testid="status" (data-forced="capture" while a
// capture is compulsory; data-over and data-winner when the game is over,
// by the rules or by the record's result), data-pool="W|G|B" on each
// choosable pool colour, data-own="W|G|B" on a choosable own capture.
import { h } from './dom.js';
import { COLORS, COLOR_NAMES } from './model.js';
import { resultWords } from './movelist.js';

export function playerName(players, i) {
  const p = players[i];
  return p.kind === 'engine' ? `Engine ${p.level}` : 'Human';
}

function marbleIcon(c) { return h('span', { class: `marble-icon marble-${c}`, 'aria-hidden': 'true' }); }

// A record that ended off the board (resignation, time, agreement) shows
// its result at the end of its main line.
const ENDED_OFF_BOARD = new Set(['resign', 'time', 'agreement']);

export function renderStatus(el, state, ctx) {
  const { players, thinking, meta, endOfMain } = ctx;
  const who = `Player ${state.turn} (${playerName(players, state.turn)})`;
  const recorded = !state.over && endOfMain && meta && ENDED_OFF_BOARD.has(meta.resultReason) && resultWords(meta);
  let text;
  if (recorded) text = `Game over: ${recorded}`;
  else if (state.over) text = `Game over: ${state.resultText}`;
  else if (state.forcedCapture) text = `${who} must capture`;
  else if (state.legal.length === 1 && state.legal[0].k === 'pass') text = `${who} has nothing to place and must pass`;
  else if (state.fromCaptures) text = `${who} to place from own captures (pool empty)`;
  else text = `${who} to place a marble`;
  if (!state.over && thinking) text += ' — engine thinking…';
  el.textContent = text;
  el.dataset.turn = state.turn;
  if (state.forcedCapture) el.dataset.forced = 'capture'; else delete el.dataset.forced;
  if (recorded) { el.dataset.over = meta.resultReason; el.dataset.winner = meta.result; }
  else if (state.over) { el.dataset.over = state.reason; el.dataset.winner = state.winner; }
  else { delete el.dataset.over; delete el.dataset.winner; }
}

// Pool buttons: choosable colours carry data-pool; chosen one aria-pressed.
export function renderPool(el, state, ctx) {
  const { colors, humanTurn, chosenColor, onColor } = ctx;
  el.textContent = '';
  COLORS.forEach((c, i) => {
    const can = humanTurn && !state.fromCaptures && colors.has(c);
    el.append(h('button', {
      class: 'pool-color', type: 'button', 'data-pool': can ? c : null, disabled: !can,
      'aria-pressed': chosenColor === c && can ? 'true' : 'false',
      'aria-label': `${COLOR_NAMES[c]} marble from the pool, ${state.pool[i]} left`,
      onclick: () => onColor(c),
    }, marbleIcon(c), h('span', { class: 'count' }, state.pool[i])));
  });
}

// One card per player: captures per colour against its single-colour
// threshold, and the "each colour" set.
export function renderPlayers(el, state, ctx) {
  const { players, colors, humanTurn, chosenColor, onColor } = ctx;
  el.textContent = '';
  for (const p of [0, 1]) {
    const caps = state.caps[p];
    const rows = COLORS.map((c, i) => {
      const own = humanTurn && state.fromCaptures && state.turn === p && colors.has(c);
      const frac = Math.min(1, caps[i] / state.winSingle[i]);
      return h('button', {
        class: 'cap-row', type: 'button', disabled: !own, 'data-own': own ? c : null,
        'aria-pressed': own && chosenColor === c ? 'true' : 'false',
        'aria-label': `${COLOR_NAMES[c]}: ${caps[i]} of ${state.winSingle[i]} to win`,
        onclick: () => onColor(c),
      }, marbleIcon(c), h('span', { class: 'cap-count' }, `${caps[i]}/${state.winSingle[i]}`),
      h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${(frac * 100).toFixed(0)}%` } })));
    });
    const each = Math.min(...caps.map((n) => Math.min(n, state.winEach)));
    const eachRow = h('div', { class: 'cap-row each', 'aria-label': `each colour: ${each} of ${state.winEach}` },
      h('span', { class: 'each-icons', 'aria-hidden': 'true' }, COLORS.map(marbleIcon)),
      h('span', { class: 'cap-count' }, `${each}/${state.winEach} each`),
      h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${(each / state.winEach * 100).toFixed(0)}%` } })));
    const toMove = !state.over && state.turn === p;
    const won = state.over && state.winner === p;
    el.append(h('section', { class: `player${toMove ? ' to-move' : ''}${won ? ' winner' : ''}`, 'data-player': p },
      h('h2', {}, h('span', { class: 'turn-dot', 'aria-hidden': 'true' }), `Player ${p}`,
        h('span', { class: 'who' }, playerName(players, p)), won ? h('span', { class: 'badge' }, 'winner') : null),
      h('div', { class: 'caps' }, rows, eachRow)));
  }
}
