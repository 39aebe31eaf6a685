// The SVG board: rings, marbles and highlights, drawn from the core's state.
// A view only: it is told which rings are clickable (Input.options) and
// reports clicks; it knows no rule.
//
// Test hooks (stable): every ring on the board is an element with
// data-cell="<cell>", plus data-marble="W|G|B" when it holds a marble and
// data-legal when it is a legal click now. Removed rings are not in the DOM.
// Overlays (hints, issue 7) may set data attributes on ring elements or draw
// into the layer returned by overlayLayer(); both are redrawn per position,
// so subscribers redraw on the 'position' event.
const NS = 'http://www.w3.org/2000/svg';
const DX = Math.sqrt(3) / 2;  // column spacing for unit distance between neighbours
const R_RING = 0.47, R_HOLE = 0.2, R_MARBLE = 0.34;

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(svg, onCellClick) {
    this.svg = svg;
    this.onCellClick = onCellClick;
    this.layoutKey = '';
    svg.addEventListener('click', (ev) => {
      this.skipAnimation();
      const g = ev.target.closest('[data-cell]');
      if (g) this.onCellClick(g.dataset.cell);
    });
    svg.addEventListener('keydown', (ev) => {
      const g = ev.target.closest('[data-cell]');
      if (g && (ev.key === 'Enter' || ev.key === ' ')) {
        ev.preventDefault();
        this.onCellClick(g.dataset.cell);
      }
    });
  }

  // Geometry of the whole layout (removed rings included) fixes the
  // viewBox, so the board never changes size during a game.
  setLayout(state) {
    const key = state.layout;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    let maxH = -Infinity, minH = Infinity;
    for (const c of state.cells) { maxH = Math.max(maxH, c.h); minH = Math.min(minH, c.h); }
    this.maxH = maxH;
    this.pos = new Map(state.cells.map((c) => [c.n, { x: c.c * DX, y: (maxH - c.h) / 2 }]));
    const w = (state.columns - 1) * DX, h = (maxH - minH) / 2;
    const m = 0.75;
    this.svg.setAttribute('viewBox', `${(-m).toFixed(3)} ${(-m).toFixed(3)} ${(w + 2 * m).toFixed(3)} ${(h + 2 * m + 0.25).toFixed(3)}`);
    this.svg.innerHTML = '';
    this.defs();
    this.layers = {
      base: el('g', { class: 'layer-base' }, this.svg),
      rings: el('g', { class: 'layer-rings' }, this.svg),
      overlay: el('g', { class: 'layer-overlay' }, this.svg),
      anim: el('g', { class: 'layer-anim' }, this.svg),
    };
    // Column letters below each column (the rules' coordinates).
    const bottom = new Map();
    for (const c of state.cells) {
      const p = this.pos.get(c.n);
      if (!bottom.has(c.c) || p.y > bottom.get(c.c).y) bottom.set(c.c, { y: p.y, x: p.x, letter: c.n[0] });
    }
    for (const b of bottom.values()) {
      const t = el('text', { x: b.x, y: b.y + 0.78, class: 'col-label' }, this.layers.base);
      t.textContent = b.letter;
    }
  }

  defs() {
    const defs = el('defs', {}, this.svg);
    const grad = (id, stops, cx = '35%', cy = '30%') => {
      const g = el('radialGradient', { id, cx, cy, r: '75%' }, defs);
      for (const [o, c] of stops) el('stop', { offset: o, 'stop-color': c }, g);
    };
    grad('marble-W', [['0', '#ffffff'], ['0.55', '#e9e6df'], ['1', '#a9a49a']]);
    grad('marble-G', [['0', '#d6dade'], ['0.5', '#8d949b'], ['1', '#4c5258']]);
    grad('marble-B', [['0', '#6b6f76'], ['0.4', '#26282c'], ['1', '#050506']]);
    grad('ring-face', [['0', '#fbfaf6'], ['0.7', '#e4e0d6'], ['1', '#bdb7aa']], '40%', '35%');
  }

  overlayLayer() { return this.layers.overlay; }
  ringElement(cell) { return this.svg.querySelector(`[data-cell="${cell}"]`); }

  // Redraws rings and marbles. opts: {clickable:Set, chosen:[cells],
  // last: move|null, forced: bool}.
  render(state, opts) {
    this.setLayout(state);
    const focused = document.activeElement && document.activeElement.closest
      ? document.activeElement.closest('[data-cell]') : null;
    const focusCell = focused && this.svg.contains(focused) ? focused.dataset.cell : null;
    const lastCells = new Set();
    const last = opts.last;
    if (last && last.k === 'place') lastCells.add(last.to);
    if (last && last.k === 'capture') { lastCells.add(last.from); for (const c of last.path) lastCells.add(c); }
    const chosen = new Set(opts.chosen);
    const layer = this.layers.rings;
    layer.textContent = '';
    for (const c of state.cells) {
      if (!c.ring) continue;
      const p = this.pos.get(c.n);
      const g = el('g', { class: 'ring', 'data-cell': c.n, transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` }, layer);
      const label = [c.n];
      if (c.m) { g.setAttribute('data-marble', c.m); label.push({ W: 'white', G: 'grey', B: 'black' }[c.m] + ' marble'); }
      if (opts.clickable.has(c.n)) {
        g.setAttribute('data-legal', '');
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
      }
      if (chosen.has(c.n)) g.setAttribute('data-chosen', '');
      if (lastCells.has(c.n)) g.setAttribute('data-last', '');
      g.setAttribute('aria-label', label.join(', '));
      el('circle', { r: R_RING, class: 'ring-face' }, g);
      el('circle', { r: R_HOLE, class: 'ring-hole' }, g);
      if (c.m) {
        el('circle', { r: R_MARBLE, cy: 0.03, class: 'marble-shadow' }, g);
        el('circle', { r: R_MARBLE, class: `marble marble-${c.m}`, fill: `url(#marble-${c.m})` }, g);
      }
      el('circle', { r: R_RING + 0.02, class: 'ring-mark' }, g);
      el('text', { y: 0.08, class: 'coord' }, g).textContent = c.n;
    }
    if (focusCell) { const f = this.ringElement(focusCell); if (f && f.hasAttribute('tabindex')) f.focus(); }
  }

  // Rings captured by isolation fade out with their marbles (the rings are
  // already gone from the state). Short, and skipped on any click or key.
  animateIsolation(isolated) {
    this.skipAnimation();
    if (!isolated.length || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    for (const it of isolated) {
      const p = this.pos.get(it.n);
      if (!p) continue;
      const g = el('g', { class: 'ghost', 'data-isolated': it.n, transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` }, this.layers.anim);
      const inner = el('g', { class: 'ghost-inner' }, g);
      el('circle', { r: R_RING, class: 'ring-face' }, inner);
      el('circle', { r: R_HOLE, class: 'ring-hole' }, inner);
      if (it.m) el('circle', { r: R_MARBLE, class: 'marble', fill: `url(#marble-${it.m})` }, inner);
    }
    this.animTimer = setTimeout(() => this.skipAnimation(), 900);
  }

  skipAnimation() {
    clearTimeout(this.animTimer);
    if (this.layers) this.layers.anim.textContent = '';
  }
}
