// @ts-check
// Board marks: the shared board API (HELPERS.md) in a small module that
// board.js can take over. Adds to a Board, unless it has them already:
//   board.setGhost(cell, color)  a translucent marble on `cell` (null: none)
//   board.setMarks([{cell, kind, label, tone, bound}])  replaces the marks of
//       each kind present in the list; kinds 'hint' (a badge with a short
//       label, tone win|draw|loss|estimate, a dashed edge when `bound`, a
//       dark halo when `removal`: it sits on a ring marked removable, whose
//       red dashed edge and cross it must not blend into), 'remove' (a greyed ring), 'target',
//       'last', 'highlight' (ring outlines)
//   board.clearMarks(kind)  removes that kind (all kinds without one)
// Marks live in the overlay layer, which survives redraws; they are placed by
// the board's own cell coordinates (board.pos) and redrawn when the layout
// changes (the overlay is then rebuilt). A 'hint' badge is a button: its
// click goes to board.onMarkClick(mark) when set.
/**
 * @typedef {Object} Mark
 * @property {string} cell
 * @property {string} kind  'hint', 'remove', 'target', 'last', 'highlight'
 * @property {string} [label]
 * @property {string} [tone]  a hint's: 'win', 'draw', 'loss', 'estimate'
 * @property {boolean} [bound]
 * @property {boolean} [removal]
 * @property {string} [move]  the hinted move
 * @property {number} [winprob]  an estimate's
 * @property {string} [title]
 */
const NS = 'http://www.w3.org/2000/svg';

function svg(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.append(e);
  return e;
}

export function withMarks(board) {
  if (typeof board.setMarks === 'function') return board;
  let marks = [];
  let ghost = null;
  let drawnLayer = null;

  function draw() {
    const layer = board.overlayLayer && board.overlayLayer();
    if (!layer || !board.pos) return;
    drawnLayer = layer;
    for (const e of [...layer.querySelectorAll('.mark')]) e.remove();
    const at = (cell) => board.pos.get(cell);
    // Ring marks, then the ghost marble, then the badges on top.
    const order = [...marks.filter((m) => m.kind !== 'hint'), { kind: 'ghost' }, ...marks.filter((m) => m.kind === 'hint')];
    for (const m of order) {
      if (m.kind === 'ghost') { drawGhost(layer); continue; }
      const p = at(m.cell);
      if (!p) continue;
      if (m.kind === 'hint') {
        // On a removable ring the badge (with its halo) sits further out,
        // clear of the cross's arms (board.js: ends at ±.12).
        const off = m.removal ? 0.34 : 0.3;
        const g = svg('g', { class: `mark mark-hint tone-${m.tone || 'estimate'}${m.bound ? ' bound' : ''}${m.removal ? ' removal' : ''}`, transform: `translate(${(p.x + off).toFixed(3)} ${(p.y - off).toFixed(3)})`,
          'data-mark-cell': m.cell, role: 'button', tabindex: '0', 'aria-label': m.title || `${m.cell}: ${m.label}` }, layer);
        if (m.removal) svg('circle', { r: 0.25, class: 'mark-halo' }, g);
        svg('circle', { r: 0.2, class: 'mark-badge' }, g);
        svg('text', { y: 0.065, class: 'mark-label' }, g).textContent = m.label;
        if (m.title) svg('title', {}, g).textContent = m.title;
        const activate = (ev) => { ev.stopPropagation(); if (board.onMarkClick) board.onMarkClick(m); };
        g.addEventListener('click', activate);
        g.addEventListener('keydown', (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); activate(ev); } });
      } else {
        svg('circle', { class: `mark mark-${m.kind}`, cx: p.x.toFixed(3), cy: p.y.toFixed(3), r: 0.47, 'data-mark-cell': m.cell, 'pointer-events': 'none' }, layer);
      }
    }
  }
  function drawGhost(layer) {
    const p = ghost && board.pos.get(ghost.cell);
    if (p) svg('circle', { class: 'mark mark-ghost', cx: p.x.toFixed(3), cy: p.y.toFixed(3), r: 0.34, fill: `url(#marble-${ghost.color})`,
      'data-ghost': ghost.cell, 'pointer-events': 'none' }, layer);
  }

  board.setGhost = (cell, color) => { ghost = cell ? { cell, color } : null; draw(); };
  board.setMarks = (list) => {
    const kinds = new Set(list.map((m) => m.kind));
    marks = [...marks.filter((m) => !kinds.has(m.kind)), ...list];
    draw();
  };
  board.clearMarks = (kind) => {
    marks = kind ? marks.filter((m) => m.kind !== kind) : [];
    if (!kind) ghost = null;
    draw();
  };
  // The overlay is rebuilt when the layout changes: draw again into the new one.
  board.redrawMarks = () => { if (board.overlayLayer && board.overlayLayer() !== drawnLayer) draw(); };
  return board;
}
