// @ts-check
// Words for players, moves and results. Everything described comes from the
// core's state: the move object (state.last, with its landing and jumped
// rings), the rings it isolated, and the position before it for the colours
// a jump took.
import { COLOR_NAMES } from './model.js';

// The name of a player who has none: "Player 1" moves first, "Player 2"
// second, as people count (the core and the protocol count sides 0 and 1).
export const defaultPlayerName = (side) => `Player ${side + 1}`;
// Two players' names as a record gives them, each missing one filled in.
export const namesOrDefault = (names) => names.map((n, i) => n || defaultPlayerName(i));

// players[i] = {kind:'human'|'engine', level, name}. Against the engine the
// human is "You"; in a hotseat game each human has a name (editable;
// imported records bring theirs, else defaultPlayerName); engines are
// "Computer (level N)".
export function playerNames(players) {
  const others = players.filter((p) => p.kind !== 'human').length;
  return players.map((p, i) => {
    if (p.kind === 'engine') return `Computer (level ${p.level})`;
    if (p.kind === 'friend') return p.name || 'Your friend';
    if (others === 1) return 'You';
    return p.name || defaultPlayerName(i);
  });
}

// A name for narrow rows: an engine's without its level ("Computer"),
// any other as it is (playerNames above makes the engines' names).
export const shortName = (name) => name.replace(/ \(level \d+\)$/, '');

// The subject of a sentence about a move: the name its player's card shows
// ("You", "Computer (level 3)", "Alice").
export function moveSubject(players, side) {
  return playerNames(players)[side];
}

const list = (words) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

// "Computer (level 3) placed white on d4 and removed b2", "You jumped d4 over e4
// to f4, taking grey". prev (the position before the move) gives the
// colours taken; without it they are left out.
export function describeMove(move, state, prev, subject) {
  if (!move) return '';
  if (move.k === 'pass') return `${subject} passed`;
  if (move.k === 'place') {
    let s = `${subject} placed ${COLOR_NAMES[move.c]} on ${move.to}`;
    if (move.rm) s += ` and removed ${move.rm}`;
    if (state.isolated.length) {
      const taken = state.isolated.filter((i) => i.m).map((i) => `${COLOR_NAMES[i.m]} on ${i.n}`);
      s += `, cutting off ${list(state.isolated.map((i) => i.n))}`;
      if (taken.length) s += ` and taking ${list(taken)}`;
    }
    return s;
  }
  const hops = move.path.map((to, i) => `over ${move.over[i]} to ${to}`);
  let s = `${subject} jumped ${move.from} ${hops.join(', then ')}`;
  if (prev) {
    const colour = (cell) => prev.cells.find((c) => c.n === cell)?.m;
    const taken = move.over.map(colour).filter(Boolean).map((m) => COLOR_NAMES[m]);
    if (taken.length) s += `, taking ${list(taken)}`;
  }
  return s;
}

// A legal move (the core's move object) in words, for a move written in
// notation in a sentence (its tooltip and what a screen reader says):
// "white on d4, remove a2", "jump e3 over f3 to g3, then over g4 to g5",
// "pass".
export function moveInWords(m) {
  if (!m) return '';
  if (m.k === 'pass') return 'pass';
  if (m.k === 'place') return `${COLOR_NAMES[m.c]} on ${m.to}${m.rm ? `, remove ${m.rm}` : ''}`;
  return `jump ${m.from} ${m.path.map((to, i) => `over ${m.over[i]} to ${to}`).join(', then ')}`;
}

// Why the isolated rings went: for the status and the animation label.
export function describeIsolation(state, subject) {
  const cells = state.isolated.map((i) => i.n);
  const marbles = state.isolated.filter((i) => i.m).length;
  return `${list(cells)} ${cells.length > 1 ? 'were' : 'was'} cut off with no free ring, so ${says(objectName(subject), 'take', 'takes')} ${marbles} marble${marbles === 1 ? '' : 's'}`;
}

// Sentences about a player use the name their card shows. "You" takes the
// plain verb and "your"; any other name the third person.
export const isYou = (name) => /^you$/i.test(name);
export const says = (name, plain, third) => `${name} ${isYou(name) ? plain : third}`;
export const possessive = (name) => (isYou(name) ? 'your' : `${name}’s`);
export const objectName = (name) => (isYou(name) ? 'you' : name);

// Results a record states that the rules did not reach on the board.
const RECORDED = new Set(['resign', 'time', 'agreement', 'unknown']);

// How the game shown has ended, or null while it goes on: by the rules
// (state.over), or at the end of a record's main line as the record says
// (a resignation, a loss on time, an agreement, a winner it names).
// {winner: 0|1|-1 (draw), reason, recorded}
export function gameOutcome(state, meta, endOfMain) {
  if (state.over) return { winner: state.winner, reason: state.reason, recorded: false };
  if (!endOfMain || !meta || !RECORDED.has(meta.resultReason)) return null;
  if (meta.result === '0' || meta.result === '1') return { winner: Number(meta.result), reason: meta.resultReason, recorded: true };
  if (meta.result === 'draw') return { winner: -1, reason: meta.resultReason, recorded: true };
  return null;
}

// An outcome in words: {title, detail, line}: "You won" / "by completing a
// set: 4 white marbles", or for a record "Bob resigned — Alice wins". line
// is the one-sentence form the status and messages use.
export function outcomeWords(outcome, state, names) {
  const w = outcome.winner;
  const winner = w >= 0 ? names[w] : '', loser = w >= 0 ? names[1 - w] : '';
  const won = w >= 0 ? says(winner, 'won', 'won') : 'Draw';
  const wins = w >= 0 ? says(winner, 'win', 'wins') : '';  // a sentence's start
  const winsAfter = w >= 0 ? says(objectName(winner), 'win', 'wins') : '';  // after a dash
  const r = (title, detail, line = `${title} ${detail}`) => ({ title, detail, line });
  switch (outcome.reason) {
    case 'winning-set': {
      const caps = state.caps[w];
      const single = [0, 1, 2].find((i) => caps[i] >= state.winSingle[i]);
      const set = single !== undefined
        ? `${state.winSingle[single]} ${COLOR_NAMES['WGB'[single]]} marbles`
        : `${state.winEach} marbles of each colour`;
      return r(won, `by completing a set: ${set}`);
    }
    case 'board-emptied': return r(won, 'by taking the last rings: the board is empty');
    case 'two-passes': return r('Draw', 'both players passed in a row', 'Draw: both players passed in a row');
    case 'repetition': return r('Draw', 'the same position came up for the third time', 'Draw by repetition: the same position came up for the third time');
    case 'resign': return r(won, `${says(loser, 'resigned', 'resigned')}`, `${says(loser, 'resigned', 'resigned')} — ${winsAfter}`);
    case 'time': return r(won, `${says(loser, 'ran', 'ran')} out of time`, `${says(loser, 'ran', 'ran')} out of time — ${winsAfter}`);
    case 'agreement': return w >= 0 ? r(won, 'by agreement', `${wins} by agreement`) : r('Draw', 'by agreement', 'Draw by agreement');
    case 'unknown': return w >= 0 ? r(won, 'as the record states', `${wins}, as the record states`) : r('Draw', 'as the record states', 'Draw, as the record states');
    default: return r('Game over', state.resultText || '', `Game over${state.resultText ? `: ${state.resultText}` : ''}`);
  }
}

// The result by the rules in words: {title, detail}. Names come from playerNames().
export function describeResult(state, names) {
  if (!state.over) return null;
  return outcomeWords({ winner: state.winner, reason: state.reason }, state, names);
}
