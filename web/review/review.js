// @ts-check
// Game review (a plugin, web/page/plugins.js), as lichess's: "Review" analyses
// every position of the main line in the hint workers (hints/client.js):
// the proof search within a budget per position (?reviewms, default 400 ms),
// with each worker's proof memory carried along the game (the positions go
// from the last to the first, so the endgame's proofs serve the earlier
// positions, and the workers stay after the review for the practice's
// tries), else the engine's estimate as a calibrated probability
// (winprob.js). It shows its progress, can be cancelled, draws the
// evaluation over the moves (review/graph.js) and marks the moves by the
// core's rule (its reviewMarks: decisive, mistake); a marked move gets the
// better move as a variation, one click away. Each player's counts and
// "Previous / Next mark" go through the marked moves (review/nav.js).
//
// Available after a game ends and for any imported record; the result
// banner asks for it with the 'review-request' event.
// Test hooks: data-testid="review" (the button), "review-cancel",
// "review-progress" (a <progress>), "review-status", "review-graph",
// "review-note", "review-better"; review/nav.js's.
import { h } from '../page/dom.js';
import { HintsClient, workerOptions } from '../hints/client.js';
import { ReviewGraph } from './graph.js';
import { markMoves, evaluation, positionFacts, lineAccuracy } from './marks.js';
import { evalBar } from '../hints/eval-bar.js';
import { reviewSummary, markWords, reviewBarValue } from './words.js';
import { ReviewNav } from './nav.js';
import { legalMoveOf } from '../play/movehover.js';
import { moveInWords } from '../play/describe.js';
import { keepInView } from './fit.js';
/** @typedef {import('../page/plugins.js').PluginContext} PluginContext */

// Each position of the line: its side to move and position string (the core's).
function walkLine(core, start, line) {
  return core.scratch((g) => {
    g.setPosition(start);
    g.playMoves(line.map((n) => n.move).join(' '));
    return line.concat([null]).map((_, i) => {
      g.gotoPly(i);
      return positionFacts(g.state());
    });
  });
}

// The hint workers' question for the position after `ply` moves of the line:
// its value, and the estimate of the position only (not of every move).
function positionQuery(start, set, line, ply) {
  return { start, moves: line.slice(0, ply).map((n) => n.move).join(' '), set, estimates: 'position' };
}

function reviewOptions() {
  const params = new URLSearchParams(location.search);
  return { budget: Math.max(50, Math.min(30000, Number(params.get('reviewms')) || 400)), ...workerOptions((k) => params.get(k)) };
}

// The second look's budget, in times the review's per position.
const RECHECK = 10;

// While the button is off, the status says when it comes on.
const IDLE = 'Review comes on when the game has ended, or for an imported record.';

// Whether `node` is still in the tree (a move can be removed after its review).
function inTree(tree, node) {
  if (!node) return false;
  for (let n = node; n !== tree.root; n = tree.parent(n)) {
    const p = tree.parent(n);
    if (!p || !p.children.includes(n)) return false;
  }
  return true;
}

class Review {
  /** @param {PluginContext} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    this.opt = reviewOptions();
    this.available = false;
    this.run = null;  // {client}
    // The hint workers of the last review, kept after it with their proof
    // memory for the practice (hintsClient()); ended when the review is reset
    // (a new game or import, a new review, a cancelled one).
    this.client = null;
    this.reviewed = null;  // {evals, line, notes, marks, accuracy}: the reviewed line's nodes, its positions' values by ply, its marks, each player's accuracy
    this.names = ctx.names;
    this.button = h('button', { type: 'button', 'data-testid': 'review', class: 'primary', disabled: true, title: 'Analyse every position of the game and mark the decisive moves', onclick: () => this.ctx.emit('review-request', {}) }, 'Review');
    this.cancel = h('button', { type: 'button', 'data-testid': 'review-cancel', hidden: true, onclick: () => this.stop('Review cancelled.') }, 'Cancel');
    this.progress = h('progress', { 'data-testid': 'review-progress', max: '1', value: '0', hidden: true });
    this.status = h('span', { class: 'review-status', 'data-testid': 'review-status', 'aria-live': 'polite' });
    this.graph = new ReviewGraph((ply) => this.goToPly(ply), this.names);
    this.nav = new ReviewNav((node) => { this.goToNode(node); keepInView(this.note); }, (player) => this.startLearn(player));
    // The practice (review/learn.js) loads on its first use (most reviews
    // never start one), in the place its panel will take.
    this.learn = null;
    this.learnSlot = h('div', { hidden: true });
    // What the review says about the move just played, as lichess's comment
    // under a marked move: why it is marked, and the better move one click away.
    this.note = h('div', { class: 'review-note', 'data-testid': 'review-note', 'aria-live': 'polite', hidden: true });
    // As lichess's: the graph first, then the counts and the steps through
    // the marks, the note at the mark shown, then the practice.
    this.box = h('section', { class: 'review', 'aria-label': 'Game review' },
      h('div', { class: 'review-head' }, this.button, this.cancel, this.progress, this.status), this.graph.el, this.graph.legend, this.nav.el, this.note, this.learnSlot);
    ctx.slot.append(this.box);  // with the hints: the page lays the slot out on every screen
  }

  // A graph point: the reviewed line's position (the main line's when the
  // tree changed since).
  goToPly(ply) {
    const line = this.reviewed && inTree(this.ctx.model.tree, this.reviewed.line[ply - 1]) ? this.reviewed.line : this.ctx.model.tree.mainLine();
    this.ctx.controller.gotoNode(ply ? line[ply - 1] : this.ctx.model.tree.root);
  }

  // A marked move, unless it was removed from the tree since the review.
  goToNode(node) {
    if (inTree(this.ctx.model.tree, node)) this.ctx.controller.gotoNode(node);
    else this.ctx.emit('message', { text: `The move ${node.move} was removed from the game since its review.`, kind: 'error' });
  }

  // Where the board is on the reviewed line: {ply, onLine} (review/nav.js).
  placeOnLine() {
    const { model } = this.ctx, line = this.reviewed ? this.reviewed.line : model.tree.mainLine();
    const path = model.tree.pathTo(model.node);
    let k = 0;
    while (k < path.length && path[k] === line[k]) ++k;
    return { ply: k, onLine: k === path.length };
  }

  setAvailable(v) {
    this.available = v;
    this.button.disabled = !v || !!this.run;
    const s = this.status;
    if (!this.run && (s.textContent === '' || s.textContent === IDLE)) s.textContent = v ? '' : IDLE;
  }

  showRunning(positions) {
    this.setAvailable(this.available);
    this.cancel.hidden = false;
    this.progress.hidden = false;
    this.progress.max = positions;
    this.progress.value = 0;
    this.status.textContent = `Reviewing ${positions} positions…`;
    this.graph.reset(positions);
    this.nav.clear();
    this.learn?.stop();
  }

  // Every position of the main line, from the last to the first (the
  // workers' proof memory carries the endgame's proofs back).
  async start() {
    if (this.run || !this.available) return;
    const { model, core } = this.ctx, { opt } = this;
    const line = model.tree.mainLine(), start = model.state.start, set = model.state.marbles;
    this.dropClient();
    const mine = this.run = { client: this.hintsClient() };
    this.showRunning(line.length + 1);
    const walk = walkLine(core, start, line);
    const evals = new Array(line.length + 1).fill(null);
    for (let ply = line.length; ply >= 0; --ply) {
      let r;
      try {
        r = await mine.client.ask(positionQuery(start, set, line, ply), opt.budget);
      } catch (e) {
        if (e.stopped || this.run !== mine) return;
        r = { error: e.message };
      }
      if (this.run !== mine) return;
      evals[ply] = evaluation(core, r, ply, line, walk[ply]);
      this.graph.point(ply, evals[ply]);
      this.progress.value = line.length + 1 - ply;
    }
    await this.secondLook(mine, { start, set, line, walk, evals });
    if (this.run !== mine) return;
    this.run = null;  // its workers stay, for the practice
    this.reviewed = { evals, line, notes: new Map(), marks: [], accuracy: [null, null] };
    this.finish(line, evals);
  }

  // The position before each would-be decisive mark gets a second look, at
  // RECHECK times the budget in the same workers (their proof memory): a
  // proof that it was lost already moves the mark to the move that lost it,
  // and so on back; each position is looked at once, as `zertz review
  // --recheck` does natively.
  async secondLook(mine, { start, set, line, walk, evals }) {
    const seen = new Set();
    for (let changed = true; changed;) {
      changed = false;
      const res = markMoves(this.ctx.core, evals);
      for (const m of res.marks || []) {
        const ply = m.ply - 1;
        if (m.mark !== 'decisive' || evals[ply].exact || seen.has(ply)) continue;
        seen.add(ply);
        this.status.textContent = `A second look at the position before move ${m.ply}…`;
        let r;
        try {
          r = await mine.client.ask(positionQuery(start, set, line, ply), this.opt.budget * RECHECK);
        } catch (e) {
          if (e.stopped || this.run !== mine) return;
          continue;
        }
        if (this.run !== mine) return;
        const e = evaluation(this.ctx.core, r, ply, line, walk[ply]);
        if (!e.exact) continue;
        evals[ply] = e;
        this.graph.point(ply, e);
        changed = true;
      }
    }
  }

  // A marked move: its mark in the list and on the graph, the better move
  // as a variation, and the note shown at it.
  markMove(m, node, evals) {
    const { model } = this.ctx;
    node.mark = m.mark;
    const player = evals[m.ply - 1].turn;
    this.reviewed.marks.push({ ply: m.ply, mark: m.mark, player, node });
    this.graph.mark(m.ply, { mark: m.mark, player, move: node.move });
    let better = null;
    if (m.best && m.best !== node.move) {
      better = model.tree.child(model.tree.parent(node), m.best).node;
      if (!better.comment) better.comment = `Better than ${node.move} (review).`;
    }
    const text = markWords(m.mark, node.move, evals[m.ply - 1], evals[m.ply], this.names());
    this.reviewed.notes.set(node, { mark: m.mark, text, better });
  }

  finish(line, evals) {
    this.cancel.hidden = true;
    this.progress.hidden = true;
    const res = markMoves(this.ctx.core, evals);
    for (const n of line) n.mark = '';
    let marked = 0;
    if (res.error) this.status.textContent = `Reviewed. ${res.error}`;
    else {
      for (const m of res.marks) {
        const node = line[m.ply - 1];
        if (!node || !m.mark) continue;
        this.markMove(m, node, evals);
        ++marked;
      }
      this.status.textContent = `Reviewed ${evals.length} positions: ${reviewSummary(res.marks)}.`;
      const acc = lineAccuracy(this.ctx.core, evals);
      this.reviewed.accuracy = acc.accuracy || [null, null];
      this.nav.set(this.reviewed.marks, this.names(), this.reviewed.accuracy);
    }
    this.box.dataset.reviewed = String(evals.length);
    this.box.dataset.marked = String(marked);
    this.setAvailable(this.available);
    this.ctx.model.changed('tree');
  }

  showNote() {
    const { note, reviewed } = this;
    const n = reviewed && reviewed.notes.get(this.ctx.model.node);
    note.hidden = !n;
    if (!n) { note.textContent = ''; delete note.dataset.mark; return; }
    note.dataset.mark = n.mark;
    note.replaceChildren(n.text);
    if (n.better) note.append(' ', h('button', { type: 'button', 'data-testid': 'review-better', onclick: () => this.ctx.controller.gotoNode(n.better) }, `Better: ${this.betterWords(n.better)}`));
  }

  // "Wd1,a2 (white on d1, remove a2)": the better move's notation and words.
  betterWords(node) {
    const m = legalMoveOf(this.ctx.core, this.ctx.model, { move: node.move, node });
    return m ? `${node.move} (${moveInWords(m)})` : node.move;
  }

  // The review's workers, started on first use (the practice asks through
  // them: the proofs the review made serve its tries).
  hintsClient() {
    if (!this.client) this.client = HintsClient.forPage(this.ctx.core, this.opt);
    return this.client;
  }

  dropClient() {
    if (this.client) this.client.terminate();
    this.client = null;
  }

  stop(text) {
    if (!this.run) return;
    this.dropClient();
    this.run = null;
    this.cancel.hidden = true;
    this.progress.hidden = true;
    this.status.textContent = text;
    this.setAvailable(this.available);
  }

  // A player's Learn button: loads the practice on its first use.
  async startLearn(player) {
    if (!this.learn) {
      let module;
      try {
        module = await import('./learn.js');
      } catch (e) {
        this.ctx.emit('message', { text: `The practice could not load (review/learn.js: ${e.message}).`, kind: 'error' });
        return;
      }
      if (!this.learn) {  // a second click while it loaded
        this.learn = new module.ReviewLearn(this);
        this.learnSlot.replaceWith(this.learn.el);
      }
    }
    if (this.reviewed) this.learn.start(player);
  }

  // Shift+←/→ (keys.js): the previous / next marked move, as the buttons;
  // before a review has marked anything, say why nothing happens.
  stepMark(dir) {
    if (this.reviewed && this.reviewed.marks.length) { this.nav.step(dir); return; }
    const why = this.reviewed ? 'The review marked no move.' : this.run ? 'The review is still running.'
      : 'Shift+← / Shift+→ go through the marked moves once the game is reviewed.';
    this.ctx.emit('message', { text: why, kind: 'info' });
  }

  // The review's value of the position shown, in the eval bar (when the
  // live hints are off): positions of the reviewed line only.
  showValue() {
    const { model } = this.ctx, { reviewed } = this;
    const ply = model.ply;
    const onLine = reviewed && ply < reviewed.evals.length && (ply === 0 || reviewed.line[ply - 1] === model.node);
    const e = onLine ? reviewed.evals[ply] : null;
    evalBar().set('review', e && e.winprob !== undefined ? reviewBarValue(e, this.names()) : null);
  }

  // The player cards' names changed: every text that names them.
  onNames() {
    this.showValue();
    this.graph.relabel();
    if (!this.reviewed) return;
    this.nav.set(this.reviewed.marks, this.names(), this.reviewed.accuracy);
  }

  onPosition(state, cause) {
    const { model } = this.ctx;
    if (cause === 'new' || cause === 'import') {
      this.reviewed = null;
      this.stop('');
      this.dropClient();
      this.status.textContent = '';
      this.graph.clear();
      this.nav.clear();
      this.learn?.stop();
      delete this.box.dataset.reviewed;
      this.setAvailable(cause === 'import');
    }
    if (state.over && model.tree.isMain(model.node)) this.setAvailable(true);
    const at = this.placeOnLine();
    this.graph.current(at.ply, at.onLine);
    this.nav.show(at.onLine ? at.ply : at.ply + 1, at.onLine);
    this.showValue();
    this.showNote();
    this.learn?.onPosition(cause);
  }
}

/** @param {PluginContext} ctx */
export function install(ctx) {
  const review = new Review(ctx);
  ctx.on('position', ({ state, cause }) => review.onPosition(state, cause));
  ctx.on('players', () => review.onNames());
  ctx.on('review-request', () => { review.setAvailable(true); review.start(); });
  ctx.on('review-step', ({ dir }) => review.stepMark(dir));
  // A record imported before this module loaded is reviewable too.
  review.setAvailable(ctx.model.imported);
  review.onPosition(ctx.model.state, 'load');
  ctx.emit('review-ready', {});
}
