// The review's evaluation graph: Player 0's chances over the game, one
// point per position (data-ply = moves played), proven positions at the top
// or bottom edge (or the middle for a draw), estimates at their calibrated
// probability. A click on a point (or Enter on it) goes to that position.
// Test hooks: data-testid="review-graph", each point data-ply, data-exact,
// data-p0 (Player 0's probability, 3 decimals; absent when unknown).
const NS = 'http://www.w3.org/2000/svg';
const W = 300, H = 80, PAD = 5;

function svg(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

export class ReviewGraph {
  constructor(onPick) {
    this.onPick = onPick;
    this.el = svg('svg', { class: 'review-graph', 'data-testid': 'review-graph', viewBox: `0 0 ${W} ${H}`, role: 'group', 'aria-label': 'Evaluation over the game: Player 0 above the middle line' });
    this.el.style.display = 'none';
    this.count = 0;
  }

  clear() {
    this.el.textContent = '';
    this.el.style.display = 'none';
    this.count = 0;
  }

  reset(count) {
    this.clear();
    this.count = count;
    this.el.style.display = '';
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
  }

  x(ply) { return PAD + (this.count > 1 ? ply * (W - 2 * PAD) / (this.count - 1) : (W - 2 * PAD) / 2); }
  y(p0) { return PAD + (1 - p0) * (H - 2 * PAD); }

  // e: the review's evaluation of the position after `ply` moves.
  point(ply, e) {
    const p0 = e && e.winprob !== undefined ? (e.turn === 0 ? e.winprob : 1 - e.winprob) : null;
    this.values[ply] = p0;
    const label = `Position after ${ply} move${ply === 1 ? '' : 's'}${p0 === null ? ': no value' : e.exact ? `: proven, Player 0 ${p0 === 1 ? 'wins' : p0 === 0 ? 'loses' : 'draws'}` : `: Player 0 ${Math.round(p0 * 100)}%`}`;
    const c = svg('circle', { class: `rg-dot${e && e.exact ? ' exact' : ''}${p0 === null ? ' unknown' : ''}`, cx: this.x(ply).toFixed(2), cy: this.y(p0 ?? 0.5).toFixed(2), r: 3,
      'data-ply': ply, 'data-exact': String(!!(e && e.exact)), tabindex: '0', role: 'button', 'aria-label': label }, this.dots);
    svg('title', {}, c).textContent = label;  // the hover tooltip
    if (p0 !== null) c.setAttribute('data-p0', p0.toFixed(3));
    c.addEventListener('click', () => this.onPick(ply));
    c.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); this.onPick(ply); } });
    const pts = [], xs = [];
    this.values.forEach((v, i) => { if (v !== null) { pts.push(`${this.x(i).toFixed(2)},${this.y(v).toFixed(2)}`); xs.push(this.x(i).toFixed(2)); } });
    this.area.setAttribute('points', pts.join(' '));
    this.fill.setAttribute('points', pts.length ? `${xs[0]},${H / 2} ${pts.join(' ')} ${xs[xs.length - 1]},${H / 2}` : '');
  }

  // Marks a move's point (the position after it).
  mark(ply, kind) {
    const c = this.dots.querySelector(`[data-ply="${ply}"]`);
    if (c) c.setAttribute('data-mark', kind);
  }

  current(ply) {
    if (!this.count || !this.cursor) return;
    const x = ply >= 0 && ply < this.count ? this.x(ply) : -10;
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
  }
}
