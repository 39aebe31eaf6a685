// The review's sentences, in the names the player cards show: the summary
// per player and the note under a marked move. Values come from the review
// (web/review.js evaluation()); distances in the winner's turns.
import { percent, winnerTurns, positionWords, estimateWords } from './values.js';

const turnsText = (n) => `${n} turn${n === 1 ? '' : 's'}`;
const plural = (n, word) => `${n} ${word}${n > 1 ? 's' : ''}`;

function countMarks(marks) {
  const d = marks.filter((m) => m.mark === 'decisive').length, mi = marks.filter((m) => m.mark === 'mistake').length;
  return [d ? plural(d, 'decisive move') : '', mi ? plural(mi, 'mistake') : ''].filter(Boolean).join(', ');
}

// "1 decisive move, 2 mistakes (Ann: 1 decisive move; Bob: 2 mistakes)".
export function reviewSummary(marks, evals, names) {
  if (!marks.length) return 'no decisive move and no mistake found';
  const per = [0, 1].map((p) => `${names[p]}: ${countMarks(marks.filter((m) => evals[m.ply - 1].turn === p)) || 'none'}`);
  return `${countMarks(marks)} (${per.join('; ')})`;
}

// Why a move is marked, in its mover's terms: what they had before it and
// what they have after it.
export function markWords(mark, move, before, after, names) {
  const mover = before.turn;
  const within = (e) => (e.plies === undefined ? '' : ` in ${e.shortest ? '' : 'at most '}${turnsText(winnerTurns(e.plies))}`);
  const proven = (value, e) => (value === 'draw' ? 'a proven draw'
    : value === 'win' ? `a proven win${within(e)}` : `a proven loss (the opponent wins${within(e)})`);
  const flip = { win: 'loss', loss: 'win', draw: 'draw' };
  const had = before.exact ? proven(before.value, before) : `${percent(before.winprob)} chances`;
  const now = after.over ? (after.winner === mover ? 'a win' : after.winner === 1 - mover ? 'a loss' : 'a draw')
    : after.exact ? proven(flip[after.value], after) : `${percent(1 - after.winprob)} chances`;
  const name = names[mover];
  return `${move}${mark === 'decisive' ? '??' : '?'} ${mark === 'decisive' ? 'Decisive' : 'Mistake'}: ` +
    `${name} had ${had}; after it, ${now}.`;
}

// The eval bar's value for a reviewed position (eval-bar.js show()).
export function reviewBarValue(e, names) {
  if (e.over) return { turn: e.turn, exact: true, winprob: e.winprob, short: '', text: 'Game over' };
  if (e.exact) {
    const words = positionWords({ value: e.value, plies: e.plies, shortest: !!e.shortest }, e.turn, names);
    return { turn: e.turn, exact: true, winprob: e.winprob, short: e.value === 'draw' ? '½' : `#${words.short}`, text: `Review: ${words.text}` };
  }
  return { turn: e.turn, exact: false, winprob: e.winprob, short: percent(Math.max(e.winprob, 1 - e.winprob)), text: `Review ${estimateWords(e.winprob, e.turn, names).replace(/^E/, 'e')}` };
}
