// @ts-check
// Going through a review's marked moves, as on lichess after "Request a
// computer analysis": each player's counts ("bob: 2 mistakes") are buttons
// that cycle through that player's marked moves of that kind, and
// "Previous / Next mark" step through every marked move in game order. Both
// wrap around, so a button never turns off under the keyboard's focus.
// The position goes to the marked move (the node after it), where the
// review's note says why it is marked and offers the better move.
//
// marks: [{ply, mark, player, node}], ply = the move's number (1-based) on
// the reviewed line, in increasing ply order. Where the board is: `at`, the
// reviewed line's ply shown, or, in a variation that leaves the line after
// k moves, k + 1 (the variation stands in for move k + 1): "next" is then
// the first mark after it, "previous" the last before it.
// Test hooks: data-testid="review-summary" (one line per player), "accuracy"
// (a player's accuracy, its text holding the percentage),
// "review-cycle" (data-player, data-kind), "review-prev", "review-next",
// "review-mark-count" (data-index: the mark shown, 1-based, or absent).
import { h } from '../page/dom.js';
import { markCount, MARK_KINDS, PRACTICE_KINDS } from './words.js';
import { possessive } from '../play/describe.js';

// The first mark after `at` among `marks`, else the first (wrapping).
function nextAfter(marks, at) {
  return marks.find((m) => m.ply > at) || marks[0] || null;
}
function previousBefore(marks, at) {
  for (let i = marks.length - 1; i >= 0; --i) if (marks[i].ply < at) return marks[i];
  return marks[marks.length - 1] || null;
}

// "Accuracy: ann 87.3% · bob 91.0%" (a player without a judged move is left
// out), as lichess shows it under each name after an analysis.
function accuracyLine(names, accuracy) {
  const parts = [0, 1].filter((p) => typeof accuracy[p] === 'number').flatMap((p, i) => [i ? ' · ' : '', `${names[p]} `,
    h('span', { class: 'review-accuracy', 'data-testid': 'accuracy', 'data-player': p }, `${accuracy[p].toFixed(1)}%`)]);
  return h('div', { class: 'review-accuracy-line', hidden: !parts.length,
    title: 'How much of their winning chances each player’s moves kept, by lichess’s formula: 100% when no move lost any' }, 'Accuracy: ', ...parts);
}

export class ReviewNav {
  // goto(node): shows the position after that node; learn(player): starts
  // the practice on that player's marked moves (review/learn.js).
  constructor(goto, learn) {
    this.goto = goto;
    this.learn = learn;
    this.learning = false;
    this.marks = [];
    this.at = 0;
    this.summary = h('div', { class: 'review-summary', 'data-testid': 'review-summary', hidden: true });
    this.prev = h('button', { type: 'button', 'data-testid': 'review-prev', title: 'The previous marked move, either player’s (Shift+←)',
      'aria-label': 'Previous marked move', 'aria-keyshortcuts': 'Shift+ArrowLeft', onclick: () => this.step(-1) }, '‹ Previous mark');
    this.next = h('button', { type: 'button', 'data-testid': 'review-next', title: 'The next marked move, either player’s (Shift+→)',
      'aria-label': 'Next marked move', 'aria-keyshortcuts': 'Shift+ArrowRight', onclick: () => this.step(1) }, 'Next mark ›');
    this.count = h('span', { class: 'review-mark-count', 'data-testid': 'review-mark-count', 'aria-live': 'polite' });
    this.steps = h('div', { class: 'review-steps', role: 'group', 'aria-label': 'Marked moves', hidden: true }, this.prev, this.count, this.next);
    this.el = h('div', { class: 'review-nav' }, this.summary, this.steps);
  }

  clear() {
    this.marks = [];
    this.summary.replaceChildren();
    this.summary.hidden = true;
    this.steps.hidden = true;
  }

  // The marks of a finished review, with the names the player cards show.
  // accuracy: each player's percentage (core/proof/accuracy.h), or null.
  set(marks, names, accuracy = [null, null]) {
    this.marks = marks;
    this.summary.replaceChildren(accuracyLine(names, accuracy), ...[0, 1].map((p) => this.playerLine(p, names[p])));
    this.summary.hidden = false;
    this.steps.hidden = !marks.length;
    this.show(this.at);
  }

  // "ann: 1 decisive move, 2 mistakes  [Learn]", each count a button
  // cycling through those moves; Learn (lichess's "Learn from your
  // mistakes") makes a puzzle of each, hidden while a practice runs.
  playerLine(player, name) {
    const counts = MARK_KINDS.map((kind) => [kind, this.marks.filter((m) => m.player === player && m.mark === kind).length])
      .filter(([, n]) => n > 0);
    const parts = counts.flatMap(([kind, n], i) => [i ? ', ' : '', h('button', {
      type: 'button', class: 'review-cycle', 'data-testid': 'review-cycle', 'data-player': player, 'data-kind': kind,
      title: `Go through ${possessive(name)} ${markCount(n, kind).replace(/^\d+ /, '')} in turn`, onclick: () => this.cycle(player, kind),
    }, markCount(n, kind))]);
    const practised = this.marks.some((m) => m.player === player && PRACTICE_KINDS.includes(m.mark));
    const learn = practised ? [h('button', {
      type: 'button', class: 'review-learn-go', 'data-testid': 'learn-start', 'data-player': player, hidden: this.learning,
      title: `Learn from ${possessive(name)} marked moves: each becomes a puzzle`, onclick: () => this.learn(player),
    }, 'Learn')] : [];
    return h('div', { class: 'review-player', 'data-player': player }, `${name}: `, ...(parts.length ? parts : ['none']), ...learn);
  }

  // While a practice runs its panel has the controls: no Learn button.
  setLearning(on) {
    this.learning = on;
    for (const b of this.summary.querySelectorAll('[data-testid="learn-start"]')) b.hidden = on;
  }

  cycle(player, kind) {
    const m = nextAfter(this.marks.filter((x) => x.player === player && x.mark === kind), this.at);
    if (m) this.goto(m.node);
  }

  step(dir) {
    const m = dir > 0 ? nextAfter(this.marks, this.at) : previousBefore(this.marks, this.at);
    if (m) this.goto(m.node);
  }

  // at: where the board is on the reviewed line (see the file's head);
  // onMark: whether the board shows a marked move itself.
  show(at, onMark = false) {
    this.at = at;
    const i = onMark ? this.marks.findIndex((m) => m.ply === at) : -1;
    const n = this.marks.length;
    this.count.textContent = i >= 0 ? `Mark ${i + 1} of ${n}` : `${n} mark${n === 1 ? '' : 's'}`;  // one line between the buttons
    if (i >= 0) this.count.dataset.index = String(i + 1);
    else delete this.count.dataset.index;
  }
}
