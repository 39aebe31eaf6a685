// Side panel: status line, pool, both players' captures with progress
// toward each winning set, and the move list. Pure view over the state.
//
// Test hooks (stable): data-testid="status" (data-forced="capture" while a
// capture is compulsory), data-pool="W|G|B" on each choosable pool colour,
// data-own="W|G|B" on a choosable own capture, data-testid="moves" holding
// one data-testid="move" per played move (canonical text); undone moves that
// redo would replay are data-testid="future-move".
import { h, $ } from './dom.js';
import { COLORS, COLOR_NAMES } from './model.js';

export function playerName(players, i) {
  const p = players[i];
  return p.kind === 'engine' ? `Engine ${p.level}` : 'Human';
}

function marbleIcon(c) { return h('span', { class: `marble-icon marble-${c}`, 'aria-hidden': 'true' }); }

export function renderStatus(el, state, ctx) {
  const { players, thinking } = ctx;
  const who = `Player ${state.turn} (${playerName(players, state.turn)})`;
  let text;
  if (state.over) text = `Game over: ${state.resultText}`;
  else if (state.forcedCapture) text = `${who} must capture`;
  else if (state.legal.length === 1 && state.legal[0].k === 'pass') text = `${who} has nothing to place and must pass`;
  else if (state.fromCaptures) text = `${who} to place from own captures (pool empty)`;
  else text = `${who} to place a marble`;
  if (!state.over && thinking) text += ' — engine thinking…';
  el.textContent = text;
  el.dataset.turn = state.turn;
  if (state.forcedCapture) el.dataset.forced = 'capture'; else delete el.dataset.forced;
  if (state.over) { el.dataset.over = state.reason; el.dataset.winner = state.winner; }
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

// Move list, two moves (one turn each) per numbered row. Each move is a
// button that steps the game to just after it.
export function renderMoves(el, state, onGoto) {
  el.textContent = '';
  const all = [...state.moves.map((t) => [t, false]), ...state.future.map((t) => [t, true])];
  const ply = state.moves.length;
  for (let i = 0; i < all.length; i += 2) {
    const li = h('li', {}, h('span', { class: 'num' }, `${i / 2 + 1}.`));
    for (let j = i; j < Math.min(i + 2, all.length); ++j) {
      const [t, future] = all[j];
      li.append(h('button', {
        type: 'button', class: `mv${future ? ' future' : ''}${j + 1 === ply ? ' current' : ''}`,
        'data-testid': future ? 'future-move' : 'move', 'data-ply': j + 1,
        'aria-current': j + 1 === ply ? 'step' : null, title: `go to the position after ${t}`,
        onclick: () => onGoto(j + 1),
      }, t));
    }
    el.append(li);
  }
  // Keep the current move visible by scrolling the list only (never the page).
  const cur = $('.current', el);
  if (cur) {
    const li = cur.parentElement;
    if (li.offsetTop < el.scrollTop) el.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = li.offsetTop + li.offsetHeight - el.clientHeight;
  }
}
