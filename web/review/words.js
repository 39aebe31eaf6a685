// @ts-check
// The review's sentences, in the names the player cards show: the totals,
// the counts per player and the note under a marked move. Values come from the review
// (web/review/review.js evaluation()); distances in the winner's turns.
import { percent, winnerTurns, positionWords, estimateWords } from '../hints/values.js';
import { possessive, says, objectName } from '../play/describe.js';

const turnsText = (n) => `${n} turn${n === 1 ? '' : 's'}`;
const plural = (n, word) => `${n} ${word}${n > 1 ? 's' : ''}`;

// The marks' kinds, the gravest first (core/proof/review.h), their glyphs
// (lichess's) and words; a practice (review/learn.js) takes the kinds that
// cost the game or a large share of it, not the inaccuracies.
export const MARK_KINDS = ['decisive', 'mistake', 'inaccuracy'];
export const PRACTICE_KINDS = ['decisive', 'mistake'];
export const MARK_GLYPH = { decisive: '??', mistake: '?', inaccuracy: '?!' };
const KIND_WORDS = { decisive: 'decisive move', mistake: 'mistake', inaccuracy: 'inaccuracy' };
const KIND_PLURALS = { decisive: 'decisive moves', mistake: 'mistakes', inaccuracy: 'inaccuracies' };
const KIND_TITLES = { decisive: 'Decisive', mistake: 'Mistake', inaccuracy: 'Inaccuracy' };

// "1 decisive move", "2 mistakes", "3 inaccuracies".
export const markCount = (n, kind) => `${n} ${n === 1 ? KIND_WORDS[kind] : KIND_PLURALS[kind]}`;

// The review's totals: "1 decisive move, 2 mistakes" (each player's counts
// are review/nav.js's buttons).
export function reviewSummary(marks) {
  if (!marks.length) return 'no decisive move and no mistake found';
  return MARK_KINDS.map((k) => [k, marks.filter((m) => m.mark === k).length]).filter(([, n]) => n).map(([k, n]) => markCount(n, k)).join(', ');
}

// What a move did, in its mover's terms: {name, had, now}, what they had
// before it and what they have after it. A loss names the winner as their
// card does ("a proven loss (ann wins in 2 turns)", "(you win …)"); "the
// opponent" only when the page knows no name for them.
function moveEffect(before, after, names) {
  const mover = before.turn, opponent = names[1 - mover];
  const within = (e) => (e.plies === undefined ? '' : ` in ${e.shortest ? '' : 'at most '}${turnsText(winnerTurns(e.plies))}`);
  const winner = opponent ? says(objectName(opponent), 'win', 'wins') : 'the opponent wins';
  const proven = (value, e) => (value === 'draw' ? 'a proven draw'
    : value === 'win' ? `a proven win${within(e)}` : `a proven loss (${winner}${within(e)})`);
  const flip = { win: 'loss', loss: 'win', draw: 'draw' };
  const had = before.exact ? proven(before.value, before) : `${percent(before.winprob)} chances`;
  const now = after.over ? (after.winner === mover ? 'a win' : after.winner === 1 - mover ? 'a loss' : 'a draw')
    : after.exact ? proven(flip[after.value], after) : `${percent(1 - after.winprob)} chances`;
  return { name: names[mover], had, now };
}

// Why a move is marked.
export function markWords(mark, move, before, after, names) {
  const { name, had, now } = moveEffect(before, after, names);
  return `${move}${MARK_GLYPH[mark]} ${KIND_TITLES[mark]}: ` +
    `${name} had ${had}; after it, ${now}.`;
}

// A practice try's verdict (review/learn.js): passed when the review would
// not mark it a mistake or decisive.
export function tryWords(passed, move, before, after, names) {
  const { name, had, now } = moveEffect(before, after, names);
  return passed ? `${move}: good move. ${name} had ${had}; after it, ${now}.`
    : `${move} is not good enough: ${name} had ${had}; after it, ${now}.`;
}

// The eval bar's value for a reviewed position (hints/eval-bar.js show()).
export function reviewBarValue(e, names) {
  if (e.over) return { turn: e.turn, exact: true, winprob: e.winprob, short: '', text: 'Game over' };
  if (e.exact) {
    const words = positionWords({ value: e.value, plies: e.plies, shortest: !!e.shortest }, e.turn, names);
    return { turn: e.turn, exact: true, winprob: e.winprob, short: e.value === 'draw' ? '½' : `#${words.short}`, text: `Review: ${words.text}` };
  }
  return { turn: e.turn, exact: false, winprob: e.winprob, short: percent(Math.max(e.winprob, 1 - e.winprob)), text: `Review ${estimateWords(e.winprob, e.turn, names).replace(/^E/, 'e')}` };
}

// A graph point's words (its aria-label and tooltip), in the players'
// names: "Position after 3 moves: ann 64%", "…: proven, bob wins",
// "…: ann won" (the game's end), with the mark of the move that led there
// ("Wd4,c3? bob's mistake"). p0: the first player's chances, null when unknown.
export function pointWords(ply, e, p0, mark, names) {
  const at = `Position after ${ply} move${ply === 1 ? '' : 's'}`;
  const why = mark ? `, ${possessive(names[mark.player])} ${KIND_WORDS[mark.mark]} (${mark.move})` : '';
  if (p0 === null) return `${at}${why}: no value`;
  const lead = p0 >= 0.5 ? 0 : 1, chances = p0 >= 0.5 ? p0 : 1 - p0;
  let value;
  if (e.over) value = p0 === 0.5 ? 'the game ended in a draw' : `${names[lead]} won`;
  else if (e.exact) value = p0 === 0.5 ? 'proven draw' : `proven, ${names[lead]} wins`;
  else value = p0 === 0.5 ? 'even, 50%' : `${names[lead]} ${percent(chances)}`;
  return `${at}${why}: ${value}`;
}
