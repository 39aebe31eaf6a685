// @ts-check
import { winProbability } from '../hints/winprob.js';
import { compareHints } from '../hints/values.js';

// The review's values (evaluation(): one position's, from the hint
// workers' answer) and marks. The marks come from the core's rule (core/proof/review.h through
// the core's reviewMarks, core/wasm-core.js), never from a rule in the view:
//   decisive  a proven win became a proven loss or draw, or a position not
//             proven lost became proven lost;
//   mistake   the mover's win probability dropped by 20 points or more;
//   an only move, and the review's own best move as a mistake, are never marked;
//   one decisive mark per player per lost stretch, the proven values carried
//   back along the line first.
// evals[ply]: the position after `ply` moves, {exact, value, plies,
// winprob, best, move, over, winner, turn, onlyMove} (move: the one played from it). A move is judged only when
// both positions around it have a value (proven, or a calibrated estimate):
// nothing is made up for a position the review could not value.
// markMoves returns {marks: [{ply, mark, best}]} (ply: the move's number,
// 1-based) or {error}.

// A position's value as the core's review reads it, or null when it has none.
export function valueText(e) {
  if (!e || e.error) return null;
  if (e.over) return e.winner === e.turn ? 'win 0' : e.winner === 1 - e.turn ? 'loss 0' : 'draw';
  if (e.exact) return e.value === 'draw' ? 'draw' : `${e.value} ${e.plies ?? 0}`;
  return typeof e.winprob === 'number' ? `p=${e.winprob.toFixed(3)}` : null;
}

// The core's verdict on one move: its mark ('' for none) from the values of
// the positions before and after it, or {error} when either has no value.
export function judgeMove(core, before, after, move) {
  const b = valueText(before), a = valueText(after);
  if (!b || !a) return { error: 'a position around the move has no value' };
  const engineChoice = !!before.best && before.best === move;
  const res = core.reviewMarks([{ value: b, onlyMove: !!before.onlyMove, engineChoice }, a]);
  return res.error ? { error: res.error } : { mark: res[0] || '' };
}

// The marks of the whole line, judged by the core in one call per stretch of
// valued positions (a position the review could not value splits the line):
// the core carries proven values back along the line and keeps one decisive
// mark per player per lost stretch (core/proof/review.h reviewLine), which a
// move-by-move judgement cannot.
export function markMoves(core, evals) {
  if (!core.canMark) return { error: 'This build cannot mark moves (the core’s review rule is missing).' };
  const marks = [];
  let from = 0;
  while (from < evals.length) {
    let to = from;
    while (to < evals.length && valueText(evals[to])) ++to;
    if (to - from >= 2) {
      const entries = evals.slice(from, to).map((e, i) => i === to - from - 1 ? valueText(e)
        : { value: valueText(e), onlyMove: !!e.onlyMove, engineChoice: !!e.best && e.best === e.move });
      const res = core.reviewMarks(entries);
      if (res.error) return { error: `Marks unavailable: ${res.error}` };
      res.forEach((mark, i) => { if (mark) marks.push({ ply: from + i + 1, mark, best: evals[from + i].best }); });
    }
    from = to + 1;
  }
  return { marks };
}

// Each player's accuracy over the line (core/proof/accuracy.h), by player
// (not by side): [percent or null, percent or null], or {error}.
export function lineAccuracy(core, evals) {
  if (!core.canAccuracy || !evals.length) return { error: 'This build cannot compute accuracy.' };
  const res = core.reviewAccuracy(evals.map(valueText));
  if (res.error) return { error: res.error };
  const first = evals[0].turn;
  return { accuracy: [0, 1].map((player) => res.accuracy[(player + first) % 2]) };
}

// What evaluation() needs of a position's state.
export function positionFacts(st) {
  return { turn: st.turn, position: st.position, layout: st.layout, over: st.over, winner: st.winner, onlyMove: st.legal.length === 1 };
}

// One position's evaluation, from the side to move's view (turn: whose).
// r: the hint workers' answer; at: the position's facts (positionFacts).
export function evaluation(core, r, ply, line, { turn, position, layout, over, winner, onlyMove }) {
  if (over) return { ply, turn, exact: true, over, winner, winprob: winner === turn ? 1 : winner === 1 - turn ? 0 : 0.5 };
  if (r.error) return { ply, turn, error: r.error };
  const exact = !!(r.exact && r.value && r.value !== 'unknown');
  // The better move: the proof's, else the best valued move that does not
  // lose, else the engine's best estimated move (the core lists them best first).
  const ranked = [...(r.moves || [])].sort(compareHints);
  const estimated = r.estimates && r.estimates.length ? r.estimates[0].move : '';
  const valued = ranked.length && (ranked[0].value !== 'loss' || !estimated) ? ranked[0].move : '';
  const e = { ply, turn, exact, onlyMove, value: exact ? r.value : '', best: r.best || valued || estimated };
  if (exact && r.plies !== undefined) e.plies = r.plies, e.shortest = r.source === 'tables' || !!r.pliesExact;
  if (exact) e.winprob = r.value === 'win' ? 1 : r.value === 'loss' ? 0 : 0.5;
  else {
    const p = winProbability(core, r, { position, layout });
    if (p !== null) e.winprob = p;
  }
  e.move = ply < line.length ? line[ply].move : '';
  return e;
}

