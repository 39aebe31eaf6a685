// Hovering or focusing a move in the move list highlights its rings on the
// board (the list emits 'move-hover' {move, ply?} and null when it leaves).
// The rings come from the core: the move is looked up among the legal moves
// of the position before it (replayed in a scratch game), never parsed here.
import { on } from './events.js';

export function installMoveHover(wasm, model, board) {
  const cache = new Map();
  const cellsOf = (text, ply) => {
    const s = model.state;
    const line = [...s.moves, ...s.future];
    if (ply === undefined || line[ply - 1] !== text) {
      // Without a ply: the occurrence nearest the position shown.
      let best = -1;
      line.forEach((t, i) => { if (t === text && (best < 0 || Math.abs(i - s.moves.length) < Math.abs(best - s.moves.length))) best = i; });
      if (best < 0) return [];
      ply = best + 1;
    }
    const key = `${s.start}|${line.slice(0, ply).join(' ')}`;
    if (cache.has(key)) return cache.get(key);
    const game = new wasm.Game();
    let cells = [];
    try {
      if (!game.setPosition(s.start) && !game.playMoves(line.slice(0, ply - 1).join(' '))) {
        const m = JSON.parse(game.state()).legal.find((x) => x.t === text);
        if (m && m.k === 'place') cells = [m.to, ...(m.rm ? [m.rm] : [])];
        if (m && m.k === 'capture') cells = [m.from, ...m.over, ...m.path];
      }
    } finally { game.delete(); }
    if (cache.size > 200) cache.clear();
    cache.set(key, cells);
    return cells;
  };
  on('move-hover', (d) => {
    if (!d || !d.move) { board.clearMarks('highlight'); return; }
    board.setMarks(cellsOf(d.move, d.ply).map((cell) => ({ cell, kind: 'highlight' })));
  });
  on('position', () => board.clearMarks('highlight'));
}
