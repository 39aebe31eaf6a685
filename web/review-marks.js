// The review's marks come from the core's rule (core/proof/review.h through
// the wasm binding reviewMarks), never from a rule in the view:
//   decisive  a proven win became a proven loss or draw, or a position not
//             proven lost became proven lost;
//   mistake   the mover's win probability dropped by 20 points or more;
//   an only move, and the review's own best move as a mistake, are never marked.
// evals[ply]: the position after `ply` moves, {exact, value, plies,
// winprob, best, move, over, winner, turn, onlyMove} (move: the one played from it). A move is judged only when
// both positions around it have a value (proven, or a calibrated estimate):
// nothing is made up for a position the review could not value.
// Returns {marks: [{ply, mark, best}]} (ply: the move's number, 1-based) or
// {error}.
export function valueText(e) {
  if (!e || e.error) return null;
  if (e.over) return e.winner === e.turn ? 'win 0' : e.winner === 1 - e.turn ? 'loss 0' : 'draw';
  if (e.exact) return e.value === 'draw' ? 'draw' : `${e.value} ${e.plies ?? 0}`;
  return typeof e.winprob === 'number' ? `p=${e.winprob.toFixed(3)}` : null;
}

export function markMoves(wasm, evals) {
  if (typeof wasm.reviewMarks !== 'function') return { error: 'This build cannot mark moves (the core’s review rule is missing).' };
  const marks = [];
  for (let ply = 1; ply < evals.length; ++ply) {
    const before = valueText(evals[ply - 1]), after = valueText(evals[ply]);
    if (!before || !after) continue;
    const from = evals[ply - 1];
    const engineChoice = !!from.best && from.best === from.move;
    const res = JSON.parse(wasm.reviewMarks(JSON.stringify([{ value: before, onlyMove: !!from.onlyMove, engineChoice }, after])));
    if (res.error) return { error: `Marks unavailable: ${res.error}` };
    if (res[0]) marks.push({ ply, mark: res[0], best: from.best });
  }
  return { marks };
}
