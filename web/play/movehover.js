// @ts-check
// Hovering or focusing a move in the move list highlights its rings on the
// board (the list emits 'move-hover' {move, node} and null when it leaves).
// The rings come from the core: the move is looked up among the legal moves
// of the position before it (replayed in a scratch game), never parsed here.
import { on } from '../page/events.js';

export function installMoveHover(core, model, board) {
  const cache = new Map();
  // The moves before the hovered one: its node's path in the game tree, or
  // else its nearest occurrence on the line shown.
  const movesBefore = (d) => {
    if (d.node && model.tree && model.tree.pathTo) return model.tree.pathTo(d.node).slice(0, -1).map((n) => n.move);
    const s = model.state;
    const line = [...s.moves, ...s.future];
    let best = -1;
    line.forEach((t, i) => { if (t === d.move && (best < 0 || Math.abs(i - s.moves.length) < Math.abs(best - s.moves.length))) best = i; });
    return best < 0 ? null : line.slice(0, best);
  };
  const cellsOf = (d) => {
    const before = movesBefore(d);
    if (!before) return [];
    const key = `${model.state.start}|${before.join(' ')}|${d.move}`;
    if (cache.has(key)) return cache.get(key);
    const st = core.replay(model.state.start, before);
    const m = st && st.legal.find((x) => x.t === d.move);
    let cells = [];
    if (m && m.k === 'place') cells = [m.to, ...(m.rm ? [m.rm] : [])];
    if (m && m.k === 'capture') cells = [m.from, ...m.over, ...m.path];
    if (cache.size > 200) cache.clear();
    cache.set(key, cells);
    return cells;
  };
  on('move-hover', (d) => {
    if (!d || !d.move) { board.clearMarks('highlight'); return; }
    board.setMarks(cellsOf(d).map((cell) => ({ cell, kind: 'highlight' })));
  });
  on('position', () => board.clearMarks('highlight'));
}
