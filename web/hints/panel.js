// @ts-check
// The hints panel: a view over one hints result (web/hints/hints.js asks the
// workers). It shows the position's value in the players' unit (values.js),
// every valued move best first, and marks them on the board; a click on a
// move (in the list or its badge on the board) previews it (ghost marble,
// greyed removal ring), a second click plays it.
//
// Test hooks (stable): each hinted move has data-hint-move="<canonical move>",
// data-hint="win|draw|loss" (the mover's result after it) and data-plies
// when known (the core's plies; the text says turns); the position value is
// data-testid="position-value" with the same data-hint / data-plies.
// data-previewed marks the move under preview. A move nothing proved that
// the core estimated has data-estimate-move="<canonical move>" instead, with
// data-winprob (the mover's calibrated probability, 3 decimals) and
// data-estimate (the engine's score after the move, the mover's view).
import { h } from '../page/dom.js';
import { positionWords, estimateWords, moveWords, estimateMoveWords, pliesTip, compareHints, comparedEstimates, percent, shownValue } from './values.js';
import { possessive, moveInWords } from '../play/describe.js';

const HELP = [
  ['Proven', 'The result with best play from both sides, found for certain: by the endgame tables, or by a proof search that looked at every reply. It never changes.'],
  ['Estimate', 'Not proven yet: the engine’s judgement, shown as how often the side to move wins from positions it rates like this one in real games. It can be wrong.'],
  ['Turn', 'One move by one player. “Wins in 3 turns” counts only the winner’s own moves, this one included when it is theirs.'],
  ['At most', 'A win is proven but its line is not yet shown to be the fastest: “wins in at most 6 turns”. On the board such a badge has a dashed edge.'],
  ['Bar', 'The first player’s chances: their share fills the bar from the bottom, their number is at its foot. “#3”: they win in 3 turns; “#−3”: the other player does.'],
  ['Badges', 'On the ring a move fills (a jump: where it lands): “3”, it wins in 3 turns; “−3”, it loses, the opponent winning in 3; “=”, a draw; “48%”, an estimate.'],
  ['Order', 'Best first: wins (fastest first), then estimates by their chances (a draw as 50%), then losses (slowest first). Only moves the engine compared are listed.'],
];

export class HintsPanel {
  // on: {toggle(enabled), more(), play(moveText), preview(legalMove|null), keys() (the keyboard help)}
  constructor(slot, { enabled, workers, on }) {
    this.on = on;
    this.preview = null;  // canonical text of the move previewed
    /** @type {{move: string}|null} */
    this.best = null;  // the first hint listed (render), drawn as the board's arrow
    this.toggle = h('input', { type: 'checkbox', 'data-testid': 'hints-toggle', onchange: () => on.toggle(this.toggle.checked) });
    this.toggle.checked = enabled;
    // The page's keyboard help is one click from here (hidden on phones,
    // which have no keyboard); closing it gives the focus to the "?".
    const keys = h('button', { type: 'button', class: 'hints-keys', 'data-testid': 'keys-help-open', 'aria-keyshortcuts': '?',
      onclick: () => { help.open = false; help.querySelector('summary').focus(); on.keys(); } }, 'Keyboard shortcuts (?)');
    const help = h('details', { class: 'hints-help', 'data-testid': 'hints-help' },
      h('summary', { 'aria-label': 'What do proven, estimate and turn mean?', title: 'What do these words mean?' }, '?'),
      h('div', { class: 'hints-help-pop' }, h('dl', {}, HELP.flatMap(([t, d]) => [h('dt', {}, t), h('dd', {}, d)])), keys));
    // The side column scrolls on its own on wide screens and would cut the
    // popover off: it scrolls to show it whole.
    help.addEventListener('toggle', () => { if (help.open) help.lastChild.scrollIntoView({ block: 'nearest' }); });
    this.value = h('div', { 'data-testid': 'position-value', 'aria-live': 'polite' });
    this.note = h('div', { class: 'hints-note', 'data-testid': 'hints-note' });
    this.more = h('button', { type: 'button', class: 'hints-more', 'data-testid': 'hints-more', hidden: true, onclick: () => on.more() });
    this.list = h('ol', { class: 'hints-moves', 'data-testid': 'hint-moves' });
    this.box = h('section', { class: 'hints', 'data-enabled': String(enabled), 'aria-label': 'Hints', 'data-hint-workers': String(workers) },
      h('div', { class: 'hints-head' }, h('label', { class: 'hints-toggle' }, this.toggle, ' Perfect-play hints'), help),
      this.value, this.more, this.note, this.list);
    slot.append(this.box);
    // A popover: a click elsewhere or Escape closes it.
    document.addEventListener('pointerdown', (ev) => { if (help.open && !help.contains(ev.target)) help.open = false; });
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && help.open) { help.open = false; help.querySelector('summary').focus(); } });
  }

  setStats({ requests, bytes }) {
    this.box.dataset.rangeRequests = String(requests);
    this.box.dataset.rangeBytes = String(bytes);
  }

  // view: {enabled, state, result, exact, complete, budget, longest, deepen,
  // winprob, names (as the player cards show them), overText (how the game ended)}
  render(view) {
    const { value, note, more, list } = this;
    list.replaceChildren();
    note.textContent = '';
    for (const a of ['data-hint', 'data-plies', 'data-estimate', 'data-deepening', 'title']) value.removeAttribute(a);
    value.textContent = '';
    more.hidden = true;
    this.best = null;  // the first hint listed: {move}
    const { enabled, state, result } = view;
    this.legal = (state && state.legal) || [];
    this.box.dataset.enabled = String(!!enabled);
    if (!enabled) return;
    if (view.overText) { value.textContent = `Game over: ${view.overText}.`; return; }
    if (!result) { value.textContent = 'Computing hints…'; return; }
    if (result.error) { note.textContent = `Hints unavailable: ${result.error}`; return; }
    if (result.tablesError) note.textContent = `Endgame tables unavailable: ${result.tablesError}. Values below come from proof search only.`;
    this.renderValue(view);
    if (!view.complete && (result.spent || view.budget) < view.longest) {
      more.textContent = view.exact ? 'Prove the other moves' : 'Keep proving';
      more.hidden = false;
    }
    // Proven moves and estimates in one list, by one rule (values.js
    // compareHints); a move with a proven value never shows an estimate.
    const moves = result.moves || [];
    const proven = new Set(moves.map((m) => m.move));
    const estimates = view.exact ? [] : comparedEstimates(result).filter((e) => !proven.has(e.move));
    const who = { mover: view.state.turn, names: view.names };
    const ordered = [...moves, ...estimates].sort(compareHints);
    this.best = ordered[0] || null;  // the board's arrow (hints/arrow.js)
    ordered.forEach((m, i) => list.append(m.value ? this.moveItem(m, i === 0, who) : this.estimateItem(m, i === 0, who)));
    if (!moves.length && view.exact && result.source === 'proof')
      note.textContent = `${note.textContent ? `${note.textContent} ` : ''}No single move proven within the budget.`;
    if (view.deepen) {
      const d = view.deepen;
      const progress = `${Math.round(d.spent / 1000)} s spent, this round up to ${Math.round(d.round / 1000)} s more (at most ${Math.round(view.longest / 1000)} s in all).`;
      value.textContent = view.exact ? `${value.textContent}. Proving the other moves… ${progress}` : `Proving longer… ${progress}`;
      value.setAttribute('data-deepening', String(d.spent));
      more.textContent = 'Stop proving';
      more.hidden = false;
    }
  }

  renderValue({ state, result, exact, budget, winprob, names }) {
    const { value } = this;
    if (exact) {
      value.setAttribute('data-hint', result.value);
      if (result.plies !== undefined) value.setAttribute('data-plies', String(result.plies));
      const shown = shownValue(result), shortest = shown.shortest;
      // A win read from a move whose own distance is exact says that move's
      // turns, as its row does ("3 turns", not "at most 3"), and that
      // another move may be faster.
      const exactMove = !shortest && result.value === 'win' ? (result.moves || []).find((m) => m.value === 'win' && !m.bound && m.plies === shown.plies) : null;
      const words = positionWords(exactMove ? { ...shown, shortest: true } : shown, state.turn, names);
      // "Exact" only for a distance shown shortest: a bound is proven, not exact.
      const how = result.source === 'tables' ? 'by the endgame tables' : 'by proof search';
      const proven = result.value === 'draw' || shortest ? `proven exact, ${how}`
        : exactMove ? `proven ${how}; another move may win faster` : `proven ${how}; a faster line may exist`;
      value.textContent = `${words.text}${exactMove ? ` with ${exactMove.move}` : ''} — ${proven}`;
      const tip = pliesTip(shown.plies, shortest);
      if (tip) value.title = tip;
      return;
    }
    const within = result.spent ? `${Math.round(result.spent / 1000)} s` : `${budget} ms`;
    let estimate = '';
    if (winprob !== null && winprob !== undefined) estimate = ` ${estimateWords(winprob, state.turn, names)}.`;
    else if (result.estimate !== undefined) {
      const favours = result.estimate > 0 ? state.turn : result.estimate < 0 ? 1 - state.turn : -1;
      estimate = favours < 0 ? ' Estimate: even.' : ` Estimate: in ${possessive(names[favours])} favour.`;
    }
    if (result.estimate !== undefined) value.setAttribute('data-estimate', String(result.estimate));
    value.textContent = `Not proven within ${within}.${estimate}`;
  }

  // who: {mover (the side to move), names (as the cards show them)}.
  moveItem(m, best, who) {
    const words = moveWords(m, who.mover, who.names);
    const tip = pliesTip(m.plies, !m.bound);
    const button = h('button', { type: 'button', class: 'hint-play', title: `${m.move}${this.spoken(m.move)}: ${words.text}${tip ? ` (${tip})` : ''}. Click to preview, again to play.`,
      onclick: () => this.clicked(m.move) }, this.moveText(m.move), rowWords(words));
    const li = h('li', { 'data-hint-move': m.move, 'data-hint': m.value, class: `hint-${m.value}` }, button);
    if (m.plies !== undefined) li.setAttribute('data-plies', String(m.plies));
    if (best) li.setAttribute('data-hint-best', '');
    if (this.preview === m.move) li.setAttribute('data-previewed', '');
    return li;
  }

  // A move the core estimated (core/proof/hints.h MoveEstimate): its
  // probability is the core's, shown as a percentage.
  estimateItem(e, best, who) {
    const words = estimateMoveWords(e.winprob, who.mover, who.names);
    const button = h('button', { type: 'button', class: 'hint-play',
      title: `${e.move}${this.spoken(e.move)}: not proven; ${words.clause} of games the engine rates like the position after it. Click to preview, again to play.`,
      onclick: () => this.clicked(e.move) }, this.moveText(e.move), rowWords(words));
    const li = h('li', { 'data-estimate-move': e.move, 'data-winprob': e.winprob.toFixed(3), 'data-estimate': String(e.score), class: 'hint-estimate' }, button);
    if (best) li.setAttribute('data-hint-best', '');
    if (this.preview === e.move) li.setAttribute('data-previewed', '');
    return li;
  }

  // A move's words after its notation, " (white on d4, remove a2)" (the
  // core's legal move of the position shown), and its notation with them
  // for a screen reader.
  spoken(text) {
    const l = (this.legal || []).find((x) => x.t === text);
    return l ? ` (${moveInWords(l)})` : '';
  }

  moveText(text) {
    return h('span', { class: 'hint-text' }, text, h('span', { class: 'sr-only' }, this.spoken(text)));
  }

  // One click previews, a second click on the same move plays it.
  clicked(move) {
    if (this.preview === move) { this.preview = null; this.on.play(move); return; }
    this.preview = move;
    for (const li of this.list.children) li.toggleAttribute('data-previewed', (li.dataset.hintMove || li.dataset.estimateMove) === move);
    this.on.preview(move);
  }

  clearPreview() {
    this.preview = null;
    for (const li of this.list.children) li.removeAttribute('data-previewed');
  }
}

// A row's words, whole and brief: hints.css shows the brief ones on phones
// (the other is display: none, so a screen reader reads one of them).
function rowWords(words) {
  return h('span', { class: 'hint-words' }, h('span', { class: 'hint-long' }, words.text), h('span', { class: 'hint-brief' }, words.brief));
}

// The marks for the board: each valued move at its target ring (placement:
// the ring filled; capture: the last landing ring), the best per ring, with
// its distance in turns; on a ring no proven move marks, the best estimated
// move (the core lists them best first) with its probability.
// While the player picks the ring to remove (placing = {color, target}
// chosen), the badges value the removals instead: each move placing that
// colour there sits on the ring it removes, so a badge on a ring marked
// removable says what removing it gives, not what placing there would.
// mover: the side to move; names as the cards show them (the badges' titles).
export function hintMarks(result, legal, mover, names, placing = null) {
  const byText = new Map(legal.map((l) => [l.t, l]));
  const target = (text) => {
    const l = byText.get(text);
    if (placing) return l && l.k === 'place' && l.c === placing.color && l.to === placing.target && l.rm ? l.rm : null;
    return !l || l.k === 'pass' ? null : l.k === 'place' ? l.to : l.path[l.path.length - 1];
  };
  const best = new Map();
  for (const m of result.moves || []) {
    const cell = target(m.move);
    if (cell && (!best.has(cell) || compareHints(m, best.get(cell)) < 0)) best.set(cell, m);
  }
  /** @type {import('../play/marks.js').Mark[]} */
  const marks = [...best].map(([cell, m]) => {
    const words = moveWords(m, mover, names);
    // The badge is small: a bound is drawn with a dashed edge instead of "≤".
    return { cell, kind: 'hint', label: words.short.replace('≤', ''), bound: !!m.bound, tone: m.value, move: m.move, title: `${m.move}: ${words.text}`, removal: !!placing };
  });
  const proven = new Set((result.moves || []).map((m) => m.move));
  for (const e of result.exact ? [] : comparedEstimates(result)) {
    const cell = target(e.move);
    if (!cell || proven.has(e.move) || marks.some((m) => m.cell === cell)) continue;
    marks.push({ cell, kind: 'hint', label: percent(e.winprob), tone: 'estimate', move: e.move, winprob: e.winprob,
      title: `${e.move}: ${estimateMoveWords(e.winprob, mover, names).text}`, removal: !!placing });
  }
  return marks;
}

// The preview of a legal move (core move object): its marble as a ghost on
// its target, the ring it removes (or the marbles it jumps) greyed.
// colorAt(cell): the marble on a ring (the capturing marble's colour).
export function previewMarks(l, colorAt) {
  if (!l || l.k === 'pass') return { ghost: null, marks: [] };
  if (l.k === 'place') return { ghost: { cell: l.to, color: l.c }, marks: l.rm ? [{ cell: l.rm, kind: 'remove', label: '' }] : [] };
  const land = l.path[l.path.length - 1];
  return { ghost: { cell: land, color: colorAt(l.from) },
    marks: [{ cell: l.from, kind: 'target', label: '' }, ...l.over.map((c) => ({ cell: c, kind: 'remove', label: '' }))] };
}
