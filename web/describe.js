// Words for players, moves and results. Everything described comes from the
// core's state: the move object (state.last, with its landing and jumped
// rings), the rings it isolated, and the position before it for the colours
// a jump took.
import { COLOR_NAMES } from './model.js';

// players[i] = {kind:'human'|'engine', level, name}. Against the engine the
// human is "You"; in a hotseat game each human has a name (editable;
// imported records bring theirs); engines are "Computer (level N)".
export function playerNames(players) {
  const engines = players.filter((p) => p.kind === 'engine').length;
  return players.map((p, i) => {
    if (p.kind === 'engine') return `Computer (level ${p.level})`;
    if (engines === 1) return 'You';
    return p.name || `Player ${i}`;
  });
}

// The subject of a sentence about a move: "You", "The computer", a name.
export function moveSubject(players, side) {
  const name = playerNames(players)[side];
  if (players[side].kind !== 'engine') return name;
  return players[0].kind === 'engine' && players[1].kind === 'engine' ? name : 'The computer';
}

const list = (words) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`);

// "The computer placed white on d4 and removed b2", "You jumped d4 over e4
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

// Why the isolated rings went: for the status and the animation label.
export function describeIsolation(state, subject) {
  const cells = state.isolated.map((i) => i.n);
  const marbles = state.isolated.filter((i) => i.m).length;
  return `${list(cells)} ${cells.length > 1 ? 'were' : 'was'} cut off with no free ring, so ${subject.toLowerCase() === 'you' ? 'you take' : `${subject} takes`} ${marbles} marble${marbles === 1 ? '' : 's'}`;
}

// The result in words: {title, detail}. Names come from playerNames().
export function describeResult(state, names) {
  if (!state.over) return null;
  const w = state.winner;
  const winner = w >= 0 ? names[w] : null;
  const won = winner === 'You' ? 'You won' : `${winner} won`;
  switch (state.reason) {
    case 'winning-set': {
      const caps = state.caps[w];
      const single = [0, 1, 2].find((i) => caps[i] >= state.winSingle[i]);
      const set = single !== undefined
        ? `${state.winSingle[single]} ${COLOR_NAMES['WGB'[single]]} marbles`
        : `${state.winEach} marbles of each colour`;
      return { title: won, detail: `by completing a set: ${set}` };
    }
    case 'board-emptied':
      return { title: won, detail: 'by taking the last rings: the board is empty' };
    case 'two-passes':
      return { title: 'Draw', detail: 'both players passed in a row' };
    case 'repetition':
      return { title: 'Draw', detail: 'the same position came up for the third time' };
    default:
      return { title: 'Game over', detail: state.resultText };
  }
}
