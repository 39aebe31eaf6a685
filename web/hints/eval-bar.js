// @ts-check
// The evaluation bar beside the board, as on lichess: from one fixed side,
// the first player's (as lichess's is White's), whose share
// fills it from the bottom; its label, at the foot, is theirs too, as the
// hints' estimate and the review graph say it:
//   estimate: the calibrated win probability (core's winprob), the first
//             player's as a percentage ("37%");
//   proven:   full for the winner (half for a draw), signed turns: "#3" the
//             first player wins in 3 turns, "#−3" the other player does.
// Two sources feed it: the live hints (web/hints/hints.js) when they are on, else
// the game review's value of the position shown (web/review/review.js); each sets
// or clears its own value with set(source, v), and the hints win.
// Test hooks: data-testid="eval-bar", data-winprob (the side to move's
// probability, 3 decimals, as the protocol's `analyze` answer; empty when
// nothing is known), data-exact="true|false", data-turn (side to move),
// data-source="hints|review".
import { h } from '../page/dom.js';
import { percent } from './values.js';

const SOURCES = ['hints', 'review'];
let shared = null;
// The page's one bar, beside the board.
export function evalBar() {
  if (!shared) shared = new EvalBar(document.querySelector('.board-frame'));
  return shared;
}

export class EvalBar {
  constructor(frame) {
    this.fill = h('div', { class: 'eval-fill' });
    this.label = h('div', { class: 'eval-label' });
    this.el = h('div', { class: 'eval-bar', 'data-testid': 'eval-bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100',
      'aria-label': 'Evaluation: the first player’s chances', hidden: true }, this.fill, this.label);
    this.frame = frame;
    frame.prepend(this.el);
  }

  set(source, v) {
    this.values = this.values || {};
    this.values[source] = v;
    const first = SOURCES.find((k) => this.values[k]);
    if (!first) { this.hide(); return; }
    this.el.dataset.source = first;
    this.show(this.values[first]);
  }

  hide() {
    this.el.hidden = true;
    this.frame.classList.remove('with-eval');
  }

  // v: {turn, exact, winprob (side to move's, or null), short, text}
  show(v) {
    this.el.hidden = false;
    this.frame.classList.add('with-eval');
    const known = v.winprob !== null && v.winprob !== undefined;
    this.el.dataset.exact = String(!!v.exact);
    this.el.dataset.turn = String(v.turn);
    this.el.dataset.winprob = known ? v.winprob.toFixed(3) : '';
    const p0 = known ? (v.turn === 0 ? v.winprob : 1 - v.winprob) : 0.5;
    this.fill.style.height = `${(p0 * 100).toFixed(1)}%`;
    this.el.classList.toggle('unknown', !known);
    this.el.setAttribute('aria-valuenow', known ? String(Math.round(p0 * 100)) : '50');
    this.el.setAttribute('aria-valuetext', v.text);
    this.el.title = v.text;
    const label = barLabel(v, p0, known);
    this.label.textContent = label;
    this.label.classList.toggle('long', [...label].length > 3);
    this.label.classList.toggle('longer', [...label].length > 4);
    // At the foot, on the first player's colour unless their share is too
    // thin to hold it.
    this.label.classList.toggle('on-dark', !known || p0 < 0.04);
  }
}

// The bar's label from the first player's side (p0: their chances).
// v.short: a proven result's winner's turns ("#3", "#≤3"), "½", or what the
// bar shows while nothing is known ("…").
function barLabel(v, p0, known) {
  if (!known) return v.short;
  if (!v.exact) return percent(p0);
  return p0 < 0.5 && v.short.startsWith('#') ? `#−${v.short.slice(1)}` : v.short;
}
