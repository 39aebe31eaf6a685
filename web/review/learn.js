// @ts-check
// "Learn from your mistakes", as on lichess: for one player, each of their
// marked moves in turn becomes a puzzle. The board shows the position before
// it and the player plays a move there; the hint workers value the position
// after the try (proven, else the calibrated estimate, as the review does)
// and the core's review rule judges it against the position before
// (review/marks.js judgeMove): a try the review would not mark passes (it
// keeps a proven win, does not fall into a proven loss, and loses less than
// 20 points of the mover's chances), so a try as good as the better move
// passes and the marked move itself does not. "Try again" goes back to the
// position, "Show the answer" to the better move, "Next" to the next puzzle.
// Every try stays in the tree as a variation, with the verdict as its
// comment; nothing is discarded. While practising, the engine does not move
// and no move becomes the main line (controller.practice).
// Started from a player's Learn button (review/nav.js, data-testid
// "learn-start", data-player).
// Test hooks: data-testid="learn" (the panel,
// data-state: asking|judging|passed|failed|answer|done|error; data-index,
// 1-based), "learn-status", "learn-retry", "learn-answer", "learn-next",
// "learn-stop".
import { h } from '../page/dom.js';
import { evaluation, judgeMove, positionFacts } from './marks.js';
import { tryWords, markCount, MARK_GLYPH as GLYPH, PRACTICE_KINDS } from './words.js';
import { possessive, objectName } from '../play/describe.js';
import { keepInView } from './fit.js';

const button = (testid, text, onclick) => h('button', { type: 'button', 'data-testid': testid, onclick }, text);

export class ReviewLearn {
  // review: the Review (ctx, opt, reviewed, names(), goToNode(), nav,
  // hintsClient(): its workers).
  constructor(review) {
    this.review = review;
    this.ctx = review.ctx;
    this.session = null;  // {player, marks, index, found, client, parent, known, judged, tries, kept}
    this.text = h('p', { class: 'review-learn-text', 'data-testid': 'learn-status', 'aria-live': 'polite' });
    this.retry = button('learn-retry', 'Try again', () => this.show());
    this.answer = button('learn-answer', 'Show the answer', () => this.showAnswer());
    this.next = button('learn-next', 'Next', () => this.advance());
    this.stopButton = button('learn-stop', 'Stop', () => this.stop());
    this.keep = button('learn-keep', 'Keep this try', () => this.keepTry());
    this.panel = h('div', { class: 'review-learn', 'data-testid': 'learn', role: 'group', 'aria-label': 'Learn from the mistakes', hidden: true },
      this.text, h('div', { class: 'review-learn-buttons' }, this.retry, this.answer, this.next, this.keep, this.stopButton));
    this.el = this.panel;
  }

  get active() { return !!this.session; }

  start(player) {
    const { reviewed } = this.review;
    if (!reviewed) return;
    this.stop();
    const marks = reviewed.marks.filter((m) => m.player === player && PRACTICE_KINDS.includes(m.mark));
    if (!marks.length) return;
    // The review's workers: their proof memory holds the game's proofs.
    this.session = { player, marks, index: 0, found: 0, client: this.review.hintsClient(), tries: new Set(), kept: new Set() };
    this.ctx.controller.practice = true;
    this.review.nav.setLearning(true);
    this.panel.hidden = false;
    this.show();
    // At the foot of the review, which the side column may have cut off
    // (on a phone: in view with the board).
    if (!keepInView(this.panel)) this.panel.scrollIntoView({ block: 'nearest' });
  }

  stop() {
    const s = this.session;
    if (!s) return;
    this.dropTries(s);
    this.session = null;  // the review's workers stay (a try being judged is dropped)
    this.ctx.controller.practice = false;
    this.panel.hidden = true;
    this.review.nav.setLearning(false);
  }

  puzzle() { return this.session.marks[this.session.index]; }

  setState(state, text) {
    this.panel.dataset.state = state;
    this.panel.dataset.index = String(this.session ? this.session.index + 1 : 0);
    this.text.textContent = text;
    this.retry.hidden = state !== 'failed' && state !== 'error';
    this.keep.hidden = !this.session || !this.session.judged || (state !== 'failed' && state !== 'passed') || this.session.kept.has(this.session.judged);
    this.answer.hidden = state === 'answer' || state === 'done' || state === 'passed';
    this.next.hidden = state === 'done';
    this.next.textContent = state === 'asking' || state === 'failed' || state === 'judging' ? 'Skip' : 'Next';
  }

  // The puzzle's position: before the marked move.
  show() {
    const s = this.session, m = this.puzzle(), names = this.review.names();
    this.dropTries(s);
    s.parent = this.ctx.model.tree.parent(m.node);
    s.known = new Set(s.parent.children);  // the tree's moves here, before any try
    s.judged = null;
    this.review.goToNode(s.parent);
    const kind = markCount(1, m.mark).replace(/^1 /, '');
    const whose = possessive(names[s.player]).replace(/^your/, 'Your');  // a name keeps its own case
    this.setState('asking', `${whose} ${kind} ${s.index + 1} of ${s.marks.length}: ${m.node.move}${GLYPH[m.mark]} was played here. ` +
      `Find a better move for ${objectName(names[s.player])}.`);
    keepInView(this.panel);
  }

  showAnswer() {
    const note = this.review.reviewed.notes.get(this.puzzle().node);
    this.dropTries(this.session);
    if (!note || !note.better) { this.setState('answer', 'The review found no better move to show.'); return; }
    this.setState('answer', `The better move: ${this.review.betterWords(note.better)}. ${note.text}`);
    this.review.goToNode(note.better);
  }

  advance() {
    const s = this.session;
    if (++s.index < s.marks.length) { this.show(); return; }
    const names = this.review.names();
    this.setState('done', `Done: ${names[s.player]} found ${s.found} of ${s.marks.length} better moves. Stop ends the practice.`);
  }

  // The tries are kept out of the game's tree (they are practice, not the
  // game) unless the player keeps one: each goes when the practice moves on
  // (Try again, the answer, Next, Stop). Only the variations the tries made
  // go: a try that is a move the tree had (the review's better move) stays.
  dropTries(s) {
    const { model } = this.ctx;
    for (const node of s.tries) if (!s.kept.has(node) && model.tree.parent(node)) model.remove(node);
    s.tries.clear();
  }

  keepTry() {
    const s = this.session;
    if (s && s.judged) s.kept.add(s.judged);
    this.keep.hidden = true;
  }

  // A move played on the board: a try when it was played from the puzzle's
  // position while the puzzle waits for one.
  onPosition(cause) {
    const s = this.session;
    if (!s || cause !== 'move' || this.panel.dataset.state !== 'asking') return;
    const { model } = this.ctx;
    const node = model.node;
    if (model.tree.parent(node) !== s.parent) return;
    if (!s.known.has(node)) s.tries.add(node);
    this.judge(node);
  }

  async judge(node) {
    const s = this.session, m = this.puzzle(), { model, core } = this.ctx, names = this.review.names();
    const before = this.review.reviewed.evals[m.ply - 1];
    if (node === m.node) { this.setState('failed', `${node.move} is the move played in the game. Try another.`); return; }
    const st = model.state;
    s.judged = node;
    this.setState('judging', `Checking ${node.move}…`);
    let r;
    try {
      r = await s.client.ask({ start: st.start, moves: st.moves.join(' '), set: st.marbles, estimates: 'position' }, this.review.opt.budget);
    } catch (e) {
      if (e.stopped || this.session !== s || s.judged !== node) return;
      r = { error: e.message };
    }
    if (this.session !== s || s.judged !== node) return;
    const after = evaluation(core, r, m.ply, [], positionFacts(st));
    const verdict = judgeMove(core, before, after, node.move);
    if (verdict.error) { this.setState('error', `${node.move} could not be judged: ${after.error || verdict.error}.`); return; }
    const passed = !PRACTICE_KINDS.includes(verdict.mark), words = tryWords(passed, node.move, before, after, names);
    if (passed) s.found++;
    if (!node.comment) { node.comment = `Practice: ${words}`; model.changed('tree'); }
    this.setState(passed ? 'passed' : 'failed', passed ? `${words} Next goes on.` : `${words} Try again, or show the answer.`);
  }
}
