// @ts-check
// The turn's panels: status line (last move in words, then whose turn and
// the step to take), the pool, and each player's card with its capture
// tray and progress toward every winning set. Pure view over the state.
// (The move list is movelist.js.)
//
// Test hooks (stable): data-testid="status" (data-forced="capture" while a
// capture is compulsory; data-over and data-winner when the game is over,
// by the rules or by the record's result; data-step = the input step),
// data-testid="last-move-text", data-pool="W|G|B" on each
// choosable pool colour, data-own="W|G|B" on a choosable own capture,
// data-testid="captures" on each player's tray, data-testid="player-name";
// on a finished game each card's data-result="winner|loser|draw" and the
// winner's data-testid="winner-badge".
import { h } from '../page/dom.js';
import { COLORS, COLOR_NAMES } from './model.js';
import { outcomeWords } from './describe.js';

function marbleIcon(c) { return h('span', { class: `marble-icon marble-${c}`, 'aria-hidden': 'true' }); }

// ctx: {names, players, thinking, waiting (the engine waits to be asked to
// move: stopped, or in a variation), humanTurn, step, stepText, lastText,
// outcome (describe.js gameOutcome: by the rules, or the record's result at
// the end of its main line)}
export function renderStatus(el, state, ctx) {
  const { names, thinking, outcome } = ctx;
  const who = names[state.turn];
  let text;
  if (outcome) text = `Game over: ${outcomeWords(outcome, state, names).line}`;
  else if (!ctx.humanTurn) text = thinking ? `${who} is thinking…` : `${who} to move${ctx.waiting ? ' — waiting for “Continue from here”' : ''}`;
  else text = `${who === 'You' ? 'Your move' : `${who} to move`} — ${ctx.stepText}`;
  el.textContent = '';
  el.append(h('span', { class: 'status-last', 'data-testid': 'last-move-text' }, ctx.lastText ? `${ctx.lastText}.` : ''),
    h('span', { class: 'status-step' }, text));
  el.dataset.turn = state.turn;
  el.dataset.step = ctx.humanTurn && !outcome ? ctx.step : '';
  if (state.forcedCapture && !outcome) el.dataset.forced = 'capture'; else delete el.dataset.forced;
  if (outcome) {
    el.dataset.over = outcome.reason;
    el.dataset.winner = outcome.recorded ? (outcome.winner < 0 ? 'draw' : String(outcome.winner)) : outcome.winner;
  } else { delete el.dataset.over; delete el.dataset.winner; }
}

// Pool buttons: choosable colours carry data-pool; chosen one aria-pressed.
export function renderPool(el, state, ctx) {
  const { colors, humanTurn, chosenColor, onColor } = ctx;
  el.textContent = '';
  COLORS.forEach((c, i) => {
    const can = humanTurn && !state.fromCaptures && colors.has(c);
    el.append(h('button', {
      class: 'pool-color', type: 'button', 'data-pool': can ? c : null, 'aria-disabled': can ? null : 'true',
      'aria-pressed': chosenColor === c && can ? 'true' : 'false',
      'aria-label': `${COLOR_NAMES[c]} marble from the pool, ${state.pool[i]} left`,
      onclick: () => onColor(c),
    }, marbleIcon(c), h('span', { class: 'count' }, state.pool[i])));
  });
}

const LOSS_WORDS = { resign: 'resigned', time: 'lost on time' };
function resultBadge(result, outcome) {
  if (result === 'winner') return h('span', { class: 'badge badge-winner', 'data-testid': 'winner-badge' }, '★ Winner');
  if (result === 'draw') return h('span', { class: 'badge badge-draw' }, 'Draw');
  if (result === 'loser') return h('span', { class: 'badge badge-loser' }, LOSS_WORDS[outcome.reason] || 'lost');
  return null;
}

// One card per player: name (editable in a hotseat game), captures per
// colour against its single-colour threshold, and the "each colour" set.
export function renderPlayers(el, state, ctx) {
  const { names, players, colors, humanTurn, chosenColor, onColor, onRename } = ctx;
  const active = /** @type {HTMLInputElement} */ (document.activeElement);
  const editing = el.contains(active) && active.matches('.name-edit') ? { p: active.dataset.player, value: active.value } : null;
  el.textContent = '';
  const hotseat = players.every((p) => p.kind === 'human');
  for (const p of [0, 1]) {
    const caps = state.caps[p];
    const rows = COLORS.map((c, i) => {
      const own = humanTurn && state.fromCaptures && state.turn === p && colors.has(c);
      const frac = Math.min(1, caps[i] / state.winSingle[i]);
      return h('button', {
        class: 'cap-row', type: 'button', 'aria-disabled': own ? null : 'true', 'data-own': own ? c : null,
        'data-color': c, 'aria-pressed': own && chosenColor === c ? 'true' : 'false',
        'aria-label': `${COLOR_NAMES[c]}: ${caps[i]} of ${state.winSingle[i]} to win`,
        onclick: () => (own ? onColor(c) : ctx.onTray(p, c)),
      }, marbleIcon(c), h('span', { class: 'cap-count' }, `${caps[i]}/${state.winSingle[i]}`),
      h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${(frac * 100).toFixed(0)}%` } })));
    });
    const each = Math.min(...caps.map((n) => Math.min(n, state.winEach)));
    const eachRow = h('div', { class: 'cap-row each', 'aria-label': `each colour: ${each} of ${state.winEach}` },
      h('span', { class: 'each-icons', 'aria-hidden': 'true' }, COLORS.map(marbleIcon)),
      h('span', { class: 'cap-count' }, `${each}/${state.winEach} each`),
      h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${(each / state.winEach * 100).toFixed(0)}%` } })));
    // A finished game has no side to move: the winner's card carries the
    // badge, the loser's says how it ended for them (data-result).
    const outcome = ctx.outcome;
    const toMove = !outcome && state.turn === p;
    const result = !outcome ? null : outcome.winner < 0 ? 'draw' : outcome.winner === p ? 'winner' : 'loser';
    const name = hotseat
      ? h('input', { class: 'name-edit', 'data-testid': 'player-name', 'data-player': p, value: names[p], maxlength: '40',
        'aria-label': `Name of player ${p} (moves ${p ? 'second' : 'first'})`, spellcheck: 'false',
        onchange: (ev) => onRename(p, ev.target.value.trim()) })
      : h('span', { class: 'name', 'data-testid': 'player-name' }, names[p]);
    el.append(h('section', { class: `player${toMove ? ' to-move' : ''}${result ? ` ${result}` : ''}`, 'data-player': p, 'data-result': result },
      h('h2', {}, h('span', { class: 'turn-dot', 'aria-hidden': 'true' }), name, resultBadge(result, outcome)),
      h('div', { class: 'caps', 'data-testid': 'captures', 'aria-label': `${names[p]}: captured marbles` }, rows, eachRow)));
  }
  if (editing) {
    const input = el.querySelector(`.name-edit[data-player="${editing.p}"]`);
    input.value = editing.value;
    input.focus();
  }
}
