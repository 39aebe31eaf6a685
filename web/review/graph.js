// @ts-check
// The review's evaluation graph: the first player's chances over the game,
// one point per position (data-ply = moves played), proven positions at the
// top or bottom edge (or the middle for a draw), estimates at their
// calibrated probability. A marked move's point takes its mark's colour (as
// its glyph in the move list). A click on a point (or Enter on it) goes to
// that position. The cursor follows the board: on the reviewed line at the
// position shown, in a variation (dashed) where the variation leaves it.
// Words name the players as their cards do (review/words.js pointWords).
// Test hooks: data-testid="review-graph", each point data-ply, data-exact,
// data-p0 (the first player's probability, 3 decimals; absent when unknown),
// data-mark, data-current (the position shown); the cursor .rg-cursor.
import { pointWords } from './words.js';

const NS = 'http://www.w3.org/2000/svg';
const W = 300, H = 80, PAD = 6;  // PAD: room for a marked point and its ring at the edges

function svg(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

export class ReviewGraph {
  // names(): the names the player cards show.
  constructor(onPick, names) {
    this.onPick = onPick;
    this.names = names;
    this.el = svg('svg', { class: 'review-graph', 'data-testid': 'review-graph', viewBox: `0 0 ${W} ${H}`, role: 'group' });
    this.el.style.display = 'none';
    // The legend, under the graph: which side is whose.
    this.legend = document.createElement('p');
    this.legend.className = 'rg-legend';
    this.legend.dataset.testid = 'review-graph-legend';
    this.legend.hidden = true;
    this.count = 0;
    this.at = { ply: -1, onLine: true };
    this.relabel();
  }

  // The words of the graph and of every point, after the names changed.
  relabel() {
    const [p0, p1] = this.names();
    this.el.setAttribute('aria-label', `Evaluation over the game: ${p0} above the middle line, ${p1} below`);
    this.legend.textContent = `▲ ${p0} ahead · ▼ ${p1} ahead`;
    this.legend.title = `The chances to win of ${p0} above the middle line, of ${p1} below; proven results at the edges`;
    for (let ply = 0; ply < this.count; ++ply) this.label(ply);
  }

  label(ply) {
    const c = this.dot(ply);
    if (!c) return;
    const text = pointWords(ply, this.evals[ply], this.values[ply], this.marks[ply], this.names());
    c.setAttribute('aria-label', text);
    c.querySelector('title').textContent = text;  // the hover tooltip
  }

  dot(ply) { return this.dots ? this.dots.querySelector(`[data-ply="${ply}"]`) : null; }

  clear() {
    this.el.textContent = '';
    this.el.style.display = 'none';
    this.legend.hidden = true;
    this.count = 0;
    this.dots = this.cursor = null;
  }

  reset(count) {
    this.clear();
    this.count = count;
    this.el.style.display = '';
    this.legend.hidden = false;
    svg('rect', { class: 'rg-p1', x: 0, y: 0, width: W, height: H / 2 }, this.el);
    svg('rect', { class: 'rg-p0', x: 0, y: H / 2, width: W, height: H / 2 }, this.el);
    svg('line', { class: 'rg-mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }, this.el);
    // The advantage as an area between the curve and the middle line (as
    // lichess's chart), then the curve itself.
    this.fill = svg('polygon', { class: 'rg-area', points: '' }, this.el);
    this.area = svg('polyline', { class: 'rg-line', points: '' }, this.el);
    this.cursor = svg('line', { class: 'rg-cursor', x1: -10, y1: 0, x2: -10, y2: H }, this.el);
    this.dots = svg('g', {}, this.el);
    this.values = new Array(count).fill(null);
    this.evals = new Array(count).fill(null);
    this.marks = new Array(count).fill(null);
    this.current(this.at.ply, this.at.onLine);
  }

  x(ply) { return PAD + (this.count > 1 ? ply * (W - 2 * PAD) / (this.count - 1) : (W - 2 * PAD) / 2); }
  y(p0) { return PAD + (1 - p0) * (H - 2 * PAD); }

  // e: the review's evaluation of the position after `ply` moves.
  point(ply, e) {
    const p0 = e && e.winprob !== undefined ? (e.turn === 0 ? e.winprob : 1 - e.winprob) : null;
    this.values[ply] = p0;
    this.evals[ply] = e;
    this.dots.querySelector(`[data-ply="${ply}"]`)?.remove();  // a second look replaces the first
    const c = svg('circle', { class: `rg-dot${e && e.exact ? ' exact' : ''}${p0 === null ? ' unknown' : ''}`, cx: this.x(ply).toFixed(2), cy: this.y(p0 ?? 0.5).toFixed(2), r: 3,
      'data-ply': ply, 'data-exact': String(!!(e && e.exact)), tabindex: '0', role: 'button' }, this.dots);
    svg('title', {}, c);
    this.label(ply);
    if (p0 !== null) c.setAttribute('data-p0', p0.toFixed(3));
    if (ply === this.at.ply && this.at.onLine) c.setAttribute('data-current', 'true');
    c.addEventListener('click', () => this.onPick(ply));
    c.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); this.onPick(ply); } });
    const pts = [], xs = [];
    this.values.forEach((v, i) => { if (v !== null) { pts.push(`${this.x(i).toFixed(2)},${this.y(v).toFixed(2)}`); xs.push(this.x(i).toFixed(2)); } });
    this.area.setAttribute('points', pts.join(' '));
    this.fill.setAttribute('points', pts.length ? `${xs[0]},${H / 2} ${pts.join(' ')} ${xs[xs.length - 1]},${H / 2}` : '');
  }

  // Marks a move's point (the position after it). mark: {mark, player, move}.
  mark(ply, mark) {
    this.marks[ply] = mark;
    const c = this.dot(ply);
    if (c) c.setAttribute('data-mark', mark.mark);
    this.label(ply);
  }

  // ply: the reviewed line's position shown, or where the variation shown
  // leaves the line (onLine false); -1 hides the cursor.
  current(ply, onLine = true) {
    this.at = { ply, onLine };
    if (!this.count || !this.cursor) return;
    const x = ply >= 0 && ply < this.count ? this.x(ply) : -10;
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
    this.cursor.classList.toggle('off-line', !onLine);
    for (const c of this.dots.querySelectorAll('[data-current]')) c.removeAttribute('data-current');
    const c = onLine ? this.dot(ply) : null;
    if (c) c.setAttribute('data-current', 'true');
  }
}
