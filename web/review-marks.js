// The review's marks come from the core (review-core: core's review rule
// through the wasm binding reviewMarks), never from a rule in the view:
//   decisive  a proven win became a proven loss or draw, or a position not
//             proven lost became proven lost;
//   mistake   the mover's win probability dropped by 20 points or more.
// evals[ply]: the position after `ply` moves, {ply, turn, exact, value,
// plies, winprob, best, move, error}. Returns {marks: [{ply, mark, best}]}
// (ply: the move's number, 1-based) or {error}.
export function markMoves(wasm, evals) {
  if (typeof wasm.reviewMarks !== 'function') return { error: 'This build cannot mark moves (the core’s review rule is missing).' };
  const res = JSON.parse(wasm.reviewMarks(JSON.stringify(evals)));
  return res.error ? { error: `Marks unavailable: ${res.error}` } : res;
}
