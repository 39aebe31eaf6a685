// @ts-check
// Click/tap input as a small state machine over the core's legal moves.
// It never decides legality itself: every option it offers is a prefix of a
// move in state.legal, and a move is sent only when it equals one of them.
//
//   placement: colour (pool, or own captures when the pool is empty)
//              -> vacant target ring -> removable ring (skipped when the
//              core lists the placement without a removal)
//   capture:   capturing marble -> each landing ring in turn, until the path
//              equals a legal (maximal) capture
//
// Every click gets an answer: a move, a step forward, or a note saying why
// nothing happened (clickCell's {note, flash}).
import { COLOR_NAMES } from './model.js';

export class Input {
  constructor() { this.clear(); }

  clear() {
    this.color = null;
    this.target = null;
    this.from = null;
    this.path = [];
  }

  // What may be clicked now: {cells:Set, removable:Set, colors:Set, pass:bool}.
  // removable: the rings whose click removes them (the last placement step).
  options(state) {
    const cells = new Set(), colors = new Set(), removable = new Set();
    let pass = false;
    for (const m of state.legal) {
      if (m.k === 'pass') pass = true;
      else if (m.k === 'capture') {
        if (this.from === null) cells.add(m.from);
        else if (m.from === this.from && startsWith(m.path, this.path) && m.path.length > this.path.length)
          cells.add(m.path[this.path.length]);
      } else {
        colors.add(m.c);
        if (this.color !== m.c) continue;
        if (this.target === null) cells.add(m.to);
        else if (m.to === this.target && m.rm) { cells.add(m.rm); removable.add(m.rm); }
      }
    }
    // A chosen start or target can be clicked again to take it back.
    if (this.from !== null && this.path.length === 0) cells.add(this.from);
    if (this.target !== null) cells.add(this.target);
    return { cells, removable, colors, pass };
  }

  // The step the mover is at: 'pass' | 'capture' | 'jump' | 'colour' |
  // 'target' | 'remove'.
  step(state) {
    if (state.forcedCapture) return this.from === null ? 'capture' : 'jump';
    if (state.legal.length === 1 && state.legal[0].k === 'pass') return 'pass';
    if (this.color === null) return 'colour';
    return this.target === null ? 'target' : 'remove';
  }

  // The instruction for the current step, for the status line.
  stepText(state) {
    switch (this.step(state)) {
      case 'capture': return 'Must capture: choose a marble that can jump';
      case 'jump': return 'Must capture: choose where the marble lands';
      case 'pass': return 'Nothing to place: press Pass';
      case 'colour': return state.fromCaptures ? 'Choose one of your captured marbles (the pool is empty)' : 'Choose a marble from the pool';
      case 'target': return `Place the ${COLOR_NAMES[this.color]} marble on a free ring`;
      default: return 'Remove a free edge ring (two open sides next to each other)';
    }
  }

  // Cells to mark as chosen so far (start/target and landing rings).
  chosen() {
    if (this.from !== null) return [this.from, ...this.path];
    return this.target !== null ? [this.target] : [];
  }

  chooseColor(state, color) {
    if (!this.options(state).colors.has(color)) return false;
    this.clear();
    this.color = color;
    return true;
  }

  // Returns {move} (canonical text of a completed legal move), {} (a step
  // was taken or taken back) or {note, flash} explaining why the click did
  // nothing (flash: 'pool' | 'own' when a colour must be chosen first).
  clickCell(state, cell) {
    const opts = this.options(state);
    if (!opts.cells.has(cell)) return this.refuse(state, cell, opts);
    if (state.forcedCapture) {
      if (this.from === null) { this.from = cell; return this.completeCapture(state); }
      if (cell === this.from && this.path.length === 0) { this.from = null; return {}; }
      this.path.push(cell);
      return this.completeCapture(state);
    }
    if (this.target === null) {
      this.target = cell;
      const ms = state.legal.filter((m) => m.k === 'place' && m.c === this.color && m.to === cell);
      if (ms.length === 1 && !ms[0].rm) return this.finish(ms[0]);
      return {};
    }
    if (cell === this.target) { this.target = null; return {}; }
    const m = state.legal.find((x) => x.k === 'place' && x.c === this.color && x.to === this.target && x.rm === cell);
    return m ? this.finish(m) : {};
  }

  // A click that is not offered now. In the first step of a capture or a
  // placement, a click on another valid start starts over from there.
  refuse(state, cell, opts) {
    const ring = state.cells.find((c) => c.n === cell);
    const what = ring && ring.m ? `${cell} holds a ${COLOR_NAMES[ring.m]} marble` : `${cell} is a free ring`;
    switch (this.step(state)) {
      case 'pass': return { note: 'There is nothing to place: press Pass.' };
      case 'colour':
        return state.fromCaptures
          ? { note: 'First choose one of your captured marbles (the pool is empty).', flash: 'own' }
          : { note: 'First choose a marble from the pool (or press W, G or B).', flash: 'pool' };
      case 'target': return { note: `${what}: place the ${COLOR_NAMES[this.color]} marble on a free ring.` };
      case 'remove':
        return { note: `${cell} cannot be removed: only a free ring with two open sides next to each other (marked ×) can go. Click ${this.target} again to place elsewhere.` };
      case 'capture': return { note: `A capture is compulsory and ${cell} cannot jump: choose a marked marble.` };
      default: {
        const from = this.from, path = this.path;
        this.clear();
        if (this.options(state).cells.has(cell)) return this.clickCell(state, cell);
        this.from = from;
        this.path = path;
        return { note: `The marble from ${from} must keep jumping: choose a marked landing ring.` };
      }
    }
  }

  completeCapture(state) {
    const m = state.legal.find((x) => x.k === 'capture' && x.from === this.from && sameList(x.path, this.path));
    return m ? this.finish(m) : {};
  }

  finish(m) {
    this.clear();
    return { move: m.t };
  }
}

function startsWith(list, prefix) { return prefix.every((c, i) => list[i] === c); }
function sameList(a, b) { return a.length === b.length && startsWith(a, b); }
