// @ts-check
// Values in the players' unit. The core and the protocol count plies; a
// player counts turns, and only the winning side's: "Player 1 wins in 3
// turns" means Player 1 makes the winning move on their own third turn from
// here. Plies appear only in tooltips. Players are named as their cards
// name them.
//
// Conventions of the core's hints (core/proof/hints.h): a position's plies
// count from the side to move's next move as ply 1; a move's plies count the
// move itself as ply 1. So the position's distance is its best move's, and
// both give the same number of turns. The winner moves on the odd plies when
// the mover wins and on the even ones when the mover loses: either way the
// winner's turns are ceil(plies / 2).

import { says, objectName, shortName, namesOrDefault } from '../play/describe.js';

const DEFAULT_NAMES = namesOrDefault(['', '']);

export const winnerTurns = (plies) => Math.ceil(plies / 2);

const turnsWord = (n) => `${n} turn${n === 1 ? '' : 's'}`;

// The side to move's result in words, from `mover` (0|1)'s side, with the
// names the player cards show ("You", "Computer (level 3)", "Alice"):
//   {value: 'win'|'loss'|'draw', plies?, shortest: bool}
// shortest false: the distance is the line found, not shown optimal.
// "You win in 3 turns", "Alice wins in at most 6 turns", "Lost for you:
// Bob wins in 4 turns at best".
export function positionWords(v, mover, names = DEFAULT_NAMES) {
  if (v.value === 'draw') return { text: 'Drawn with best play', short: 'draw' };
  const winner = v.value === 'win' ? mover : 1 - mover;
  const wins = says(names[winner], 'win', 'wins');
  if (v.plies === undefined || v.plies === null) return { text: `${wins} with best play`, short: '', winner };
  const n = winnerTurns(v.plies);
  // "at best" (the loser's best defence) only for a distance shown shortest;
  // a line found but not shown shortest is an upper bound.
  const text = v.value === 'win'
    ? `${wins} in ${v.shortest ? '' : 'at most '}${turnsWord(n)}`
    : `Lost for ${objectName(names[mover])}: ${wins} in ${v.shortest ? `${turnsWord(n)} at best` : `at most ${turnsWord(n)}`}`;
  return { text, short: `${v.shortest ? '' : '≤'}${n}`, winner, turns: n };
}

// A position's estimated chances, always the first player's (Player 1's, as
// lichess always gives White's), as the evaluation bar and the review graph
// show them: "Estimate: you win 52% of such games" / "Estimate: Alice wins
// 48% of such games". winprob is the side to move's (`mover`).
export function estimateWords(winprob, mover, names = DEFAULT_NAMES) {
  return `Estimate: ${says(objectName(names[0]), 'win', 'wins')} ${percent(firstPlayers(winprob, mover))} of such games`;
}

// The first player's chances from the side to move's.
export const firstPlayers = (winprob, mover) => (mover === 0 ? winprob : 1 - winprob);

// A proven position's value as shown, from the core's hints result: the
// distance the core gives, except that a win not shown shortest reads the
// fastest win among its moves when that is shorter (each is a proven bound
// on the position's distance, so the smaller is too): the position and its
// best move then read the same number of turns.
export function shownValue(result) {
  const shortest = result.source === 'tables' || !!result.pliesExact;
  let plies = result.plies;
  if (result.value === 'win' && !shortest && plies !== undefined)
    for (const m of result.moves || []) if (m.value === 'win' && m.plies !== undefined && m.plies < plies) plies = m.plies;
  return { value: result.value, plies, shortest };
}

// A move's result, naming who wins (`mover` plays the move; names as the
// cards show them): `text` for the list and tooltips ("You win in 3 turns",
// "Computer (level 3) wins in at most 4 turns"), `brief` for a phone's
// narrow rows ("Computer wins in ≤4"), `short` for the board's badge (the
// winner's turns, negative when the mover loses: "3", "≤−4").
export function moveWords(m, mover = 0, names = DEFAULT_NAMES) {
  if (m.value === 'draw') return { text: 'Drawn with best play', brief: 'Draw', short: '=' };
  const winner = m.value === 'win' ? mover : 1 - mover;
  const wins = says(names[winner], 'win', 'wins'), briefWins = says(shortName(names[winner]), 'win', 'wins');
  if (m.plies === undefined || m.plies === null) return { text: wins, brief: briefWins, short: m.value === 'win' ? 'W' : 'L' };
  const n = winnerTurns(m.plies);
  return {
    text: `${wins} in ${m.bound ? 'at most ' : ''}${turnsWord(n)}`,
    brief: `${briefWins} in ${m.bound ? '≤' : ''}${n}`,
    short: `${m.bound ? '≤' : ''}${m.value === 'win' ? '' : '−'}${n}`,
    turns: n,
  };
}

// A move nothing proved, by the core's estimate: the mover's calibrated
// chances after it: text "Estimate: you win 48%", brief "Est.: Computer wins
// 48%", clause "you win 48%".
export function estimateMoveWords(winprob, mover, names = DEFAULT_NAMES) {
  const name = names[mover], clause = `${says(objectName(name), 'win', 'wins')} ${percent(winprob)}`;
  return {
    clause,
    text: `Estimate: ${clause}`,
    brief: `Est.: ${says(objectName(shortName(name)), 'win', 'wins')} ${percent(winprob)}`,
  };
}

export const pliesTip = (plies, shortest = true) =>
  plies === undefined || plies === null ? '' : `${shortest ? '' : 'at most '}${plies} pl${plies === 1 ? 'y' : 'ies'} (single moves of either side)`;

// A probability as a whole percentage, never 0 % or 100 % for an estimate
// (those are for proven results).
export function percent(p) {
  const n = Math.round(p * 100);
  return `${Math.max(1, Math.min(99, n))}%`;
}

// One order for every hinted move, best first for the mover: proven wins
// (fastest first, a bound after an exact distance), then the estimates and
// the draws by the mover's chances (a draw counts as 50%), then proven losses
// (slowest first); equal ones by the move's text, so a position always lists
// its moves in the same order. A proven move has `value`; an estimate
// (core/proof/hints.h MoveEstimate) has `winprob` instead.
const GROUP = { win: 0, draw: 1, loss: 2 };
const group = (x) => (x.value ? GROUP[x.value] : 1);
const chances = (x) => (x.value === 'draw' ? 0.5 : x.winprob);
export function compareHints(a, b) {
  const ga = group(a), gb = group(b);
  if (ga !== gb) return ga - gb;
  if (ga === 1) {
    const d = chances(b) - chances(a);
    if (d) return d;
  } else {
    const pa = a.plies ?? 999, pb = b.plies ?? 999;
    const d = a.value === 'loss' ? pb - pa : pa - pb;
    if (d) return d;
    if (!!a.bound !== !!b.bound) return a.bound ? 1 : -1;
  }
  return a.move < b.move ? -1 : a.move > b.move ? 1 : 0;
}

// The estimates the engine compared: the core's first (the engine's choice,
// valued by the position's own search) and the others its searches rated
// below it. The core caps every other candidate at the position's score
// (that search found none better), so one at the cap was not told apart from
// the choice: listing it would rank moves by the order they were tried (at
// the start, the first moves in alphabetical order, all at the same 48%).
export function comparedEstimates(result) {
  const all = result.estimates || [];
  return all.filter((e, i) => i === 0 || e.winprob < all[0].winprob);
}
