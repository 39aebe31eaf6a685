// @ts-check
// Perfect-play hints (a plugin, web/page/plugins.js): a toggle in the side panel
// (or ?hints=on), then for every position the value of the position and of
// every legal move the budget proves, the evaluation bar beside the board,
// and the moves marked on the board. This file wires three parts:
//   hints/client.js  the hint workers (one per core, ?hintworkers=N sets
//                    1..16; ?hintms the budget per position, default 1 s)
//   hints/panel.js   the panel and the board marks (a view)
//   hints/eval-bar.js      the bar
// "Keep proving" asks again in rounds of doubling budgets (each worker keeps
// its proof memory, so a round goes on from the last) until the position and
// every move are exact, the position changes, the player stops it, or
// ?hintmaxms (default 60 s) is spent.
// Nothing here computes a rule or a value; a table that cannot be fetched or
// is damaged shows its message and no value.
import { HintsClient, workerOptions } from './client.js';
import { HintsPanel, hintMarks, previewMarks } from './panel.js';
import { evalBar } from './eval-bar.js';
import { positionWords, estimateWords, percent, shownValue } from './values.js';
import { drawArrow } from './arrow.js';
import { outcomeWords } from '../play/describe.js';
import { withMarks } from '../play/marks.js';
import { winProbability } from './winprob.js';
/** @typedef {import('../page/plugins.js').PluginContext} PluginContext */

/** @param {PluginContext} ctx */
function options(ctx) {
  // The page rewrites its URL to the shareable form at load, so also read
  // the URL it was opened with (the navigation entry).
  const nav = performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
  const opened = new URL(nav && nav.name ? nav.name : location.href).searchParams;
  /** @param {string} k */
  const param = (k) => ctx.params.get(k) ?? opened.get(k);
  return {
    enabled: param('hints') === 'on',
    budget: Math.max(50, Math.min(30000, Number(param('hintms')) || 1000)),
    longest: Math.max(1000, Math.min(600000, Number(param('hintmaxms')) || 60000)),
    ...workerOptions(param),
  };
}

// The bar's value for the position shown (hints/eval-bar.js show()), or null.
function barValue({ state, result, exact, winprob, names, outcome }) {
  const turn = state.turn;
  if (outcome) {
    const p = outcome.winner === turn ? 1 : outcome.winner === 1 - turn ? 0 : 0.5;
    return { turn, exact: true, winprob: p, short: '', text: `Game over: ${outcomeWords(outcome, state, names).line}` };
  }
  if (exact) {
    const words = positionWords(shownValue(result), turn, names);
    const p = result.value === 'win' ? 1 : result.value === 'loss' ? 0 : 0.5;
    return { turn, exact: true, winprob: p, short: result.value === 'draw' ? '½' : `#${words.short}`, text: words.text };
  }
  if (winprob !== null && winprob !== undefined)
    return { turn, exact: false, winprob, short: percent(Math.max(winprob, 1 - winprob)), text: estimateWords(winprob, turn, names) };
  return { turn, exact: false, winprob: null, short: '…', text: result && !result.error ? 'No estimate' : 'Computing…' };
}

// One page's hints: the latest result for the position shown, the Keep
// proving rounds, the preview of a clicked hint, and the views fed from them.
class Hints {
  /** @param {PluginContext} ctx */
  constructor(ctx, opt) {
    this.ctx = ctx;
    this.opt = opt;
    this.board = withMarks(ctx.board);
    this.enabled = opt.enabled;
    this.state = ctx.model.state;
    /** @type {import('../core/wasm-core.js').HintResult|null} */
    this.result = null;
    this.marks = [];  // the board's hint marks now
    /** @type {SVGGElement|null} */
    this.arrow = null;  // the best hint's arrow on the board
    this.placing = null;  // {color, target} while the player picks the ring to remove
    this.deepen = null;  // Keep proving: null, or {spent, round} (ms so far, budget of the round under way)
    this.client = HintsClient.forPage(ctx.core, opt);
    this.bar = evalBar();
    this.panel = new HintsPanel(ctx.slot, {
      enabled: this.enabled, workers: opt.workers,
      on: {
        toggle: (v) => this.toggle(v),
        more: () => this.keepProving(),
        preview: (text) => this.showPreview(text),
        play: (text) => this.play(text),
        keys: () => ctx.emit('keys-help', {}),
      },
    });
    this.board.onMarkClick = (mark) => { if (mark.move) this.panel.clicked(mark.move); };
  }

  exactValue() { const r = this.result; return !!(r && r.value && r.value !== 'unknown' && r.exact); }
  // The position's value and every legal move's value are exact.
  complete() { return this.exactValue() && (this.result.moves || []).length >= ((this.state && this.state.legal) || []).length; }

  toggle(v) {
    this.enabled = v;
    if (v) this.request();
    else { this.stopDeepening(); this.result = null; this.render(); }
  }

  play(text) {
    if (!this.ctx.controller.humanToMove()) { this.ctx.emit('message', { text: 'It is not a human player’s turn.', kind: 'error' }); return; }
    this.ctx.controller.play(text);
  }

  showPreview(text) {
    const { state, board } = this;
    const l = state ? state.legal.find((m) => m.t === text) : null;
    const colorAt = (cell) => (state.cells.find((c) => c.n === cell) || {}).m;
    const { ghost, marks } = previewMarks(l, colorAt);
    board.clearMarks('remove');
    board.clearMarks('target');
    board.setGhost(ghost && ghost.cell, ghost && ghost.color);
    if (marks.length) board.setMarks(marks);
  }

  clearPreview() {
    this.panel.clearPreview();
    this.board.setGhost(null);
    this.board.clearMarks('remove');
    this.board.clearMarks('target');
  }

  render() {
    const { ctx, state, result, enabled } = this;
    const exact = this.exactValue();
    const winprob = !exact && result && !result.error ? winProbability(ctx.core, result, state) : null;
    const names = ctx.names(), outcome = ctx.outcome();
    const overText = outcome && state ? outcomeWords(outcome, state, names).line : '';
    this.panel.render({ enabled, state, result, exact, complete: this.complete(), budget: this.opt.budget, longest: this.opt.longest, deepen: this.deepen, winprob, names, overText });
    ctx.emit('hints', { state, result: enabled ? result : null });  // the explorer shows each move's value beside its games
    this.panel.setStats(this.client.stats);
    this.bar.set('hints', enabled && state ? barValue({ state, result, exact, winprob, names, outcome }) : null);
    this.showMarks();
  }

  // The board's badges for the position and the placement under way.
  showMarks() {
    const { ctx, state, result, enabled } = this;
    const names = ctx.names(), over = ctx.outcome();
    this.marks = enabled && result && !result.error && state && !over ? hintMarks(result, state.legal, state.turn, names, this.placing) : [];
    this.board.clearMarks('hint');
    if (this.marks.length) this.board.setMarks(this.marks);
    this.markRings();
    this.showArrow();
  }

  // The best hint's arrow (hints/arrow.js): the first the panel lists.
  showArrow() {
    const best = this.panel.best;  // null when the hints are off, failed or the game is over
    const move = best ? this.state.legal.find((l) => l.t === best.move) || null : null;
    this.arrow = drawArrow(this.ctx.board, move);
  }

  // The page drew the board: a placement's removal step begun or left
  // changes what the badges value (hintMarks).
  drawn(placing) {
    const key = (p) => (p ? `${p.color}${p.target}` : '');
    if (key(placing) !== key(this.placing)) { this.placing = placing; this.showMarks(); return; }
    if (this.board.redrawMarks) this.board.redrawMarks();
    this.markRings();
    if (this.arrow && !this.arrow.isConnected) this.showArrow();  // a new layout rebuilt the overlay
  }

  // Test hooks (stable): data-hint-cell="win|draw|loss" on each ring a
  // proven move marks (the best value there), data-estimate-cell="<winprob>"
  // on a ring only an estimated move marks; rings are rebuilt on every redraw.
  markRings() {
    for (const a of ['data-hint-cell', 'data-estimate-cell'])
      for (const r of document.querySelectorAll(`[${a}]`)) r.removeAttribute(a);
    for (const m of this.marks) {
      const ring = this.board.ringElement(m.cell);
      if (ring && m.tone === 'estimate') ring.setAttribute('data-estimate-cell', m.winprob.toFixed(3));
      else if (ring) ring.setAttribute('data-hint-cell', m.tone);
    }
  }

  async ask(budget) {
    const { state } = this;
    const asked = { start: state.start, moves: state.moves.join(' '), set: state.marbles };
    try {
      this.result = await this.client.ask(asked, budget);
    } catch (e) {
      if (e.stopped) return false;
      this.result = { error: e.message };
      this.deepen = null;
    }
    return true;
  }

  // Keep proving's rounds: each twice the last, within what is left of the limit.
  async deepenLoop(first) {
    const nextRound = (last) => Math.min(last * 2, this.opt.longest - this.deepen.spent);
    let round = first;
    while (this.deepen) {
      this.deepen.round = round;
      this.render();
      if (!(await this.ask(round)) || !this.deepen) return;
      this.deepen.spent += round;
      if (!this.result.error) this.result.spent = this.deepen.spent;
      if (this.complete() || this.result.error || this.deepen.spent >= this.opt.longest) { this.deepen = null; break; }
      round = nextRound(round);
    }
    this.render();
  }

  keepProving() {
    const { result, opt } = this;
    if (this.deepen) { this.stopDeepening(); this.render(); return; }
    if (!result || result.error || this.complete() || this.client.busy) return;
    this.deepen = { spent: result.spent || opt.budget, round: 0 };
    this.deepenLoop(Math.min(opt.budget * 2, opt.longest - this.deepen.spent));
  }

  // A round under way cannot be interrupted inside its wasm call: when the
  // player moves on or stops, its workers are replaced (their proof memory
  // goes with them) so the next hint is not kept waiting.
  stopDeepening() {
    if (!this.deepen) return;
    this.deepen = null;
    this.client.abort();
  }

  async request() {
    this.stopDeepening();
    this.clearPreview();
    if (!this.enabled || !this.state) return;
    this.result = null;
    this.render();
    if (this.state.over) return;
    if (await this.ask(this.opt.budget)) this.render();
  }
}

/** @param {PluginContext} ctx */
export function install(ctx) {
  const hints = new Hints(ctx, options(ctx));
  ctx.on('position', ({ state }) => {
    hints.state = state;
    hints.placing = null;  // a new position starts no placement
    hints.clearPreview();
    if (hints.enabled) hints.request(); else hints.render();
  });
  ctx.on('players', () => hints.render());  // new names: the texts say them
  ctx.on('drawn', ({ placing }) => hints.drawn(placing || null));
  if (!document.querySelector('link[href="hints/hints.css"]'))
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'hints/hints.css' }));
  if (hints.enabled) hints.request(); else hints.render();
}
