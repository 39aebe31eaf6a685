// @ts-check
// Hovering or focusing a move in the move list highlights its rings on the
// board and gives the move its words (its tooltip and what a screen reader
// says: "Wd4,a2: white on d4, remove a2"); the list emits 'move-hover'
// {move, node, el} and null when it leaves. The move comes from the core:
// it is looked up among the legal moves of the position before it
// (replayed in a scratch game), never parsed here.
import { on } from '../page/events.js';
import { moveInWords } from './describe.js';

// The core's move object of a move in the game's tree (d: {move, node}), or
// null: from its node's path, or else its nearest occurrence on the line
// shown. cache: a Map kept by the caller.
export function legalMoveOf(core, model, d, cache = new Map()) {
  const movesBefore = () => {
    if (d.node && model.tree && model.tree.pathTo) return model.tree.pathTo(d.node).slice(0, -1).map((n) => n.move);
    const s = model.state;
    const line = [...s.moves, ...s.future];
    let best = -1;
    line.forEach((t, i) => { if (t === d.move && (best < 0 || Math.abs(i - s.moves.length) < Math.abs(best - s.moves.length))) best = i; });
    return best < 0 ? null : line.slice(0, best);
  };
  const before = movesBefore();
  if (!before) return null;
  const key = `${model.state.start}|${before.join(' ')}|${d.move}`;
  if (cache.has(key)) return cache.get(key);
  const st = core.replay(model.state.start, before);
  const m = (st && st.legal.find((x) => x.t === d.move)) || null;
  if (cache.size > 200) cache.clear();
  cache.set(key, m);
  return m;
}

export function installMoveHover(core, model, board) {
  const cache = new Map();
  const cellsOf = (m) => {
    if (m && m.k === 'place') return [m.to, ...(m.rm ? [m.rm] : [])];
    if (m && m.k === 'capture') return [m.from, ...m.over, ...m.path];
    return [];
  };
  on('move-hover', (d) => {
    if (!d || !d.move) { board.clearMarks('highlight'); return; }
    const m = legalMoveOf(core, model, d, cache);
    if (m && d.el) {
      d.el.title = `${d.move}: ${moveInWords(m)}`;
      d.el.setAttribute('aria-label', `${d.move}: ${moveInWords(m)}`);
    }
    board.setMarks(cellsOf(m).map((cell) => ({ cell, kind: 'highlight' })));
  });
  on('position', () => board.clearMarks('highlight'));
}
