// @ts-check
// The SVG board: rings, marbles, guidance and marks, drawn from the core's
// state. A view only: it is told which rings are clickable and what each
// step offers (computed from state.legal by Input), and reports clicks; it
// knows no rule.
//
// Test hooks (stable): every ring on the board is an element with
// data-cell="<cell>", plus data-marble="W|G|B" when it holds a marble and
// data-legal when it is a legal click now (data-removable when that click
// removes it). Removed rings are not in the DOM (their faint outline after
// the last move is data-removed-outline). The guidance ghost marble (the
// chosen colour on the chosen ring) is data-guide-ghost="<colour>" with
// data-ghost-cell.
//
// Public API (shared with the hints and review modules):
//   setGhost(cell, color), setMarks([{cell, kind, label, tone}]),
//   clearMarks(kind)             the board marks of web/play/marks.js (kinds 'hint'
//                                'remove' 'target' 'last' 'highlight'), kept
//                                across redraws until changed
//   overlayLayer(), ringElement(cell), centre(cell) (board units)
import { BoardCursor } from './cursor.js';
import { withMarks } from './marks.js';

const NS = 'http://www.w3.org/2000/svg';
const DX = Math.sqrt(3) / 2;  // column spacing for unit distance between neighbours
export const R_RING = 0.47, R_HOLE = 0.2, R_MARBLE = 0.34;
const COLOR_WORDS = { W: 'white', G: 'grey', B: 'black' };

export function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A marble drawn at the origin of `parent` (translated by the caller).
export function drawMarble(parent, color, cls = '') {
  el('circle', { r: R_MARBLE, cy: 0.03, class: 'marble-shadow' }, parent);
  return el('circle', { r: R_MARBLE, class: `marble marble-${color} ${cls}`, fill: `url(#marble-${color})` }, parent);
}

// Every ring's centre (board units: neighbours 1 apart) and the viewBox
// that holds the whole layout with margin m around the ring centres.
function layoutGeometry(state, m) {
  let maxH = -Infinity, minH = Infinity;
  for (const c of state.cells) { maxH = Math.max(maxH, c.h); minH = Math.min(minH, c.h); }
  const pos = new Map(state.cells.map((c) => [c.n, { x: c.c * DX, y: (maxH - c.h) / 2 }]));
  const w = (state.columns - 1) * DX, h = (maxH - minH) / 2;
  return { pos, viewBox: `${(-m - 0.1).toFixed(3)} ${(-m).toFixed(3)} ${(w + 2 * m + 0.1).toFixed(3)} ${(h + 2 * m + 0.2).toFixed(3)}` };
}

// A small picture of a layout's empty board (the New game dialog): the same
// geometry and ring sizes as the board, no labels, marbles or test hooks.
export function drawLayoutPicture(svg, state) {
  const { pos, viewBox } = layoutGeometry(state, 0.55);
  svg.setAttribute('viewBox', viewBox);
  svg.replaceChildren();
  for (const p of pos.values()) {
    el('circle', { cx: p.x.toFixed(3), cy: p.y.toFixed(3), r: R_RING, class: 'picture-ring' }, svg);
    el('circle', { cx: p.x.toFixed(3), cy: p.y.toFixed(3), r: R_HOLE, class: 'picture-hole' }, svg);
  }
}

const at = (p) => `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})`;

export class Board {
  // The marks (marks.js), added by the constructor.
  /** @type {(cell: string|null, color?: string) => void} */ setGhost;
  /** @type {(list: import('./marks.js').Mark[]) => void} */ setMarks;
  /** @type {(kind?: string) => void} */ clearMarks;
  /** @type {() => void} */ redrawMarks;
  /** @type {((mark: import('./marks.js').Mark) => void) | undefined} */ onMarkClick;

  // onCellClick(cell) for clicks, taps and Enter on the cursor ring; a
  // board without it is a picture (diagrams): no cursor, no tab stop.
  /** @param {SVGSVGElement} svg @param {((cell: string) => void) | null} onCellClick */
  constructor(svg, onCellClick = null) {
    this.svg = svg;
    this.onCellClick = onCellClick;
    this.layoutKey = '';
    this.onSkip = () => {};
    this.cursor = onCellClick ? new BoardCursor(this) : null;
    // A click or tap never moves focus (Chromium scrolls the page to a
    // focused SVG ring); the keyboard cursor keeps its own.
    if (onCellClick) svg.addEventListener('mousedown', (ev) => ev.preventDefault());
    if (onCellClick) svg.addEventListener('click', (ev) => {
      this.onSkip();
      const g = /** @type {HTMLElement|null} */ (/** @type {Element} */ (ev.target).closest('[data-cell]'));
      if (g) { this.cursor.moveTo(g.dataset.cell, false); this.onCellClick(g.dataset.cell); }
    });
    withMarks(this);
  }

  // Geometry of the whole layout (removed rings included) fixes the
  // viewBox, so the board never changes size during a game.
  setLayout(state) {
    const key = state.layout;
    if (key === this.layoutKey) return;
    this.layoutKey = key;
    const { pos, viewBox } = layoutGeometry(state, 0.8);
    this.pos = pos;
    this.cellList = state.cells.map((c) => c.n);
    this.svg.setAttribute('viewBox', viewBox);
    this.svg.innerHTML = '';
    this.defs();
    this.layers = {
      base: el('g', { class: 'layer-base' }, this.svg),
      removed: el('g', { class: 'layer-removed' }, this.svg),
      rings: el('g', { class: 'layer-rings' }, this.svg),
      guide: el('g', { class: 'layer-guide' }, this.svg),
      overlay: el('g', { class: 'layer-overlay' }, this.svg),
      anim: el('g', { class: 'layer-anim' }, this.svg),
    };
    this.edgeLabels(state);
    if (this.cursor) this.cursor.reset(state);
  }

  // Column letters below each column, row numbers at the left end of each
  // row (rows run up-right: the cells sharing a number).
  edgeLabels(state) {
    const bottom = new Map(), rows = new Map();
    for (const c of state.cells) {
      const p = this.pos.get(c.n);
      if (!bottom.has(c.c) || p.y > bottom.get(c.c).y) bottom.set(c.c, { y: p.y, x: p.x, letter: c.n[0] });
      const num = c.n.slice(1);
      if (!rows.has(num)) rows.set(num, []);
      rows.get(num).push(p);
    }
    for (const b of bottom.values())
      el('text', { x: b.x, y: b.y + 0.8, class: 'edge-label' }, this.layers.base).textContent = b.letter;
    for (const [num, ps] of rows) {
      ps.sort((a, b) => a.x - b.x);
      const p = ps[0];
      const d = ps.length > 1 ? { x: p.x - ps[1].x, y: p.y - ps[1].y } : { x: -DX, y: -0.5 };
      el('text', { x: p.x + d.x * 0.95, y: p.y + d.y * 0.95 + 0.1, class: 'edge-label' }, this.layers.base).textContent = num;
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
  animLayer() { return this.layers.anim; }
  ringElement(cell) { return this.svg.querySelector(`.layer-rings [data-cell="${cell}"]`); }
  centre(cell) { return this.pos && this.pos.get(cell); }

  // Redraws rings and marbles. opts: {clickable:Set, removable:Set,
  // chosen:[cells], ghost:{cell,color}|null, last: move|null,
  // removedOutline:[cells]}.
  render(state, opts) {
    this.setLayout(state);
    this.state = state;
    const focusCell = this.cursor ? this.cursor.focusedCell() : null;
    const lastCells = new Set();
    const last = opts.last;
    if (last && last.k === 'place') lastCells.add(last.to);
    if (last && last.k === 'capture') { lastCells.add(last.from); for (const c of last.path) lastCells.add(c); }
    const chosen = new Set(opts.chosen || []);
    const removable = opts.removable || new Set();
    const layer = this.layers.rings;
    layer.textContent = '';
    for (const c of state.cells) {
      if (!c.ring) continue;
      const g = el('g', { class: 'ring', 'data-cell': c.n, transform: at(this.pos.get(c.n)) }, layer);
      if (this.cursor) g.setAttribute('tabindex', '-1');
      if (c.m) g.setAttribute('data-marble', c.m);
      if (opts.clickable.has(c.n)) g.setAttribute('data-legal', '');
      if (removable.has(c.n)) g.setAttribute('data-removable', '');
      if (chosen.has(c.n)) g.setAttribute('data-chosen', '');
      if (lastCells.has(c.n)) g.setAttribute('data-last', '');
      g.setAttribute('aria-label', this.ringLabel(c, opts, removable));
      el('circle', { r: R_RING, class: 'ring-face' }, g);
      el('circle', { r: R_HOLE, class: 'ring-hole' }, g);
      if (c.m) drawMarble(g, c.m);
      el('circle', { r: R_RING + 0.02, class: 'ring-mark' }, g);
      if (removable.has(c.n)) el('path', { d: 'M-.12 -.12L.12 .12M.12 -.12L-.12 .12', class: 'remove-x' }, g);
      el('text', { y: 0.08, class: 'coord' }, g).textContent = c.n;
    }
    this.drawRemoved(opts.removedOutline || []);
    this.drawGuideGhost(opts.ghost);
    if (this.redrawMarks) this.redrawMarks();
    if (this.cursor) this.cursor.render(focusCell);
  }

  ringLabel(c, opts, removable) {
    const parts = [c.n, c.m ? `${COLOR_WORDS[c.m]} marble` : 'free ring'];
    if (removable.has(c.n)) parts.push('can be removed');
    else if (opts.clickable.has(c.n)) parts.push('can be chosen');
    return parts.join(', ');
  }

  // Faint outlines of the rings the last move took away (removal and
  // isolation); they stay until the next move.
  drawRemoved(cells) {
    const layer = this.layers.removed;
    layer.textContent = '';
    for (const cell of cells) {
      const p = this.pos.get(cell);
      if (p) el('circle', { r: R_RING, class: 'removed-outline', 'data-removed-outline': cell, transform: at(p) }, layer);
    }
  }

  // The chosen colour on the chosen ring, before the move is complete.
  drawGuideGhost(ghost) {
    const layer = this.layers.guide;
    layer.textContent = '';
    if (!ghost || !this.ringElement(ghost.cell)) return;
    const g = el('g', { class: 'ghost-marble', 'data-guide-ghost': ghost.color, 'data-ghost-cell': ghost.cell, transform: at(this.pos.get(ghost.cell)) }, layer);
    el('circle', { r: R_MARBLE, class: `marble marble-${ghost.color}`, fill: `url(#marble-${ghost.color})` }, g);
  }
}
