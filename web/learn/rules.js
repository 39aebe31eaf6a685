// @ts-check
// The rules page's diagrams: real positions from the wasm core drawn by the
// game's own Board, with the core's legal moves deciding every mark (which
// rings can go, where a capture lands, what an isolation takes).
import { Core } from '../core/wasm-core.js';
import { Board } from '../play/board.js';
import { LAYOUTS } from '../play/model.js';

const NS = 'http://www.w3.org/2000/svg';
const BOARD_NAMES = { 37: 'Zèrtz', 40: 'Zèrtz +3', 43: 'Zèrtz +6', 44: 'Zèrtz +7', 48: 'Zèrtz +11', 61: 'Zèrtz +24' };
const NONE = { clickable: new Set() };

function diagram(parent, label) {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('class', 'diagram-board');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  parent.prepend(svg);
  return new Board(svg);
}

// A game from a layout and moves; returns [state before the last move, state after].
function play(core, layout, moves) {
  return core.scratch((g) => {
    const err = g.newGame('standard', layout) || (moves.length > 1 ? g.playMoves(moves.slice(0, -1).join(' ')) : '');
    if (err) throw new Error(err);
    const before = g.state();
    if (moves.length && g.play(moves[moves.length - 1])) throw new Error(`diagram move ${moves[moves.length - 1]} rejected`);
    return [before, g.state()];
  });
}

function boards(core) {
  const box = document.getElementById('boards-diagrams');
  for (const layout of LAYOUTS) {
    const [state] = play(core, layout, []);
    const fig = document.createElement('figure');
    fig.className = 'diagram small';
    const cap = document.createElement('figcaption');
    cap.textContent = `${BOARD_NAMES[layout]}: ${layout} rings`;
    fig.append(cap);
    box.append(fig);
    diagram(fig, `${BOARD_NAMES[layout]}, ${layout} rings`).render(state, NONE);
  }
}

// Rings any placement may take away: the removals among the core's legal moves.
function removal(core) {
  const [, state] = play(core, '37', ['Wd4,d7', 'Bf2,e6']);
  const rm = [...new Set(state.legal.filter((m) => m.k === 'place' && m.rm).map((m) => m.rm))];
  const b = diagram(document.getElementById('removal-diagram'), 'Removable rings after two placements');
  b.render(state, { clickable: new Set(), removable: new Set(rm), last: null });
}

function capture(core) {
  const seed = ['Wd4,d7', 'Bf2,e6', 'Bb4,f5', 'Bb2,g4', 'Wb1,b5'];
  const [, state] = play(core, '37', seed);
  const jump = state.legal.find((m) => m.k === 'capture');
  const b = diagram(document.getElementById('capture-diagram'), 'A compulsory capture');
  b.render(state, { clickable: new Set() });
  b.setMarks([{ cell: jump.from, kind: 'highlight' }, ...jump.over.map((cell) => ({ cell, kind: 'remove', label: 'taken' })),
    ...jump.path.map((cell) => ({ cell, kind: 'target', label: 'lands' }))]);
}

// The isolation position of the browser test: Bc5,b3 cuts off a2.
function isolation(core) {
  const moves = ('Bd5,d1 Ge4,f1 xd5Gf3 Be4,a1 xe4Bg2 We1,b1 Ba3,b2 Bd4,c6 Bg4,g3 Wa2,c1 xa2Ba4 Wa3,e6 xa4Wa2 ' +
    'Wc4,d7 xd4Wb4 Be5,a4 Bg1,a3 Wf4,c2 xf4Bd6 Bf2,c3 xg2Be2 xe1Be3 Bc5,b3').split(' ');
  const [before, after] = play(core, '37', moves);
  const fig = document.getElementById('isolation-diagram');
  const a = diagram(fig, 'Before: black goes to c5 and b3 is taken away');
  a.render(before, { clickable: new Set() });
  a.setGhost('c5', 'B');
  a.setMarks([{ cell: 'b3', kind: 'remove', label: 'removed' }, ...after.isolated.map((i) => ({ cell: i.n, kind: 'highlight', label: 'cut off' }))]);
  const b = diagram(fig, 'After: a2 and its marble are captured');
  b.svg.parentNode.insertBefore(b.svg, a.svg.nextSibling);
  b.render(after, { clickable: new Set(), last: after.last, removedOutline: ['b3', ...after.isolated.map((i) => i.n)] });
}

async function main() {
  const core = await Core.load();
  boards(core);
  removal(core);
  capture(core);
  isolation(core);
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  const p = document.createElement('p');
  p.className = 'error';
  p.textContent = `The diagrams could not be drawn: ${e.message || e}`;
  document.querySelector('main').prepend(p);
  console.error(e);
});
