// @ts-check
// The best hint drawn on the board as lichess draws its engine's best move:
// translucent blue. A placement is a drop, as lichess shows a crazyhouse
// drop: a ghost marble of its colour on the ring it fills, circled, and a
// dashed circle on the ring it removes (an arrow from off the board would
// cross rings the move does not touch); a capture's arrow runs along its
// jumps. It lives
// in the board's overlay layer (kept across redraws), under the badges, and
// takes no clicks. The move comes from the core's legal moves: nothing here
// decides a rule.
// Test hooks: data-testid="hint-arrow" with data-move (the canonical move),
// data-from ("pool" or the capturing marble's ring) and data-to (the ring
// filled, or the last landing ring); data-arrow-marble="<colour>" on a
// placement's ghost marble; data-arrow-remove="<cell>" on the removal's circle.
import { el, R_MARBLE, R_RING } from '../play/board.js';

const WIDTH = 0.13, HEAD = 0.3, END = 0.2;  // board units (neighbouring rings are 1 apart)

const xy = (x, y) => `${x.toFixed(3)},${y.toFixed(3)}`;

// The arrowhead's triangle at `tip`, pointing along (dx, dy) (unit length).
function head(tip, dx, dy) {
  const bx = tip.x - dx * HEAD, by = tip.y - dy * HEAD, w = HEAD * 0.6;
  return `${xy(tip.x, tip.y)} ${xy(bx - dy * w, by + dx * w)} ${xy(bx + dy * w, by - dx * w)}`;
}

// Draws the arrow for `move` (a core legal move, or null for none) on a
// board (play/board.js) and returns its element (null for none).
/** @param {import('../play/board.js').Board} board @param {import('../core/wasm-core.js').Move|null} move */
export function drawArrow(board, move) {
  const layer = board.overlayLayer && board.overlayLayer();
  if (!layer) return null;
  for (const old of layer.querySelectorAll('.hint-arrow')) old.remove();
  if (!move || move.k === 'pass' || !board.pos) return null;
  const place = move.k === 'place';
  const cells = place ? [move.to] : [move.from, ...move.path];
  const points = cells.map((c) => board.centre(c));
  if (points.some((p) => !p)) return null;
  const g = el('g', { class: 'hint-arrow', 'data-testid': 'hint-arrow', 'data-move': move.t, 'data-from': place ? 'pool' : move.from,
    'data-to': cells[cells.length - 1] });
  layer.prepend(g);  // under the badges
  if (place) {
    const at = points[0];
    el('circle', { cx: at.x, cy: at.y, r: R_RING + 0.02, class: 'hint-arrow-target' }, g);
    el('circle', { cx: at.x, cy: at.y, r: R_MARBLE, class: `marble marble-${move.c} hint-arrow-marble`, fill: `url(#marble-${move.c})`,
      'data-arrow-marble': move.c }, g);
    const rm = move.rm && board.centre(move.rm);
    if (rm) el('circle', { cx: rm.x, cy: rm.y, r: R_RING - 0.02, class: 'hint-arrow-remove', 'data-arrow-remove': move.rm }, g);
    return g;
  }
  const route = points;
  // The line stops short of the last centre and the head ends there: the
  // ring's marble (or hole) stays visible under the point.
  const a = route[route.length - 2], b = route[route.length - 1];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1, dx = (b.x - a.x) / len, dy = (b.y - a.y) / len;
  const tip = { x: b.x - dx * END, y: b.y - dy * END };
  const line = [...route.slice(0, -1), { x: tip.x - dx * HEAD * 0.8, y: tip.y - dy * HEAD * 0.8 }];
  el('polyline', { points: line.map((p) => xy(p.x, p.y)).join(' '), class: 'hint-arrow-line', 'stroke-width': WIDTH }, g);
  el('polygon', { points: head(tip, dx, dy), class: 'hint-arrow-head' }, g);
  return g;
}
