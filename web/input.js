// Click/tap input as a small state machine over the core's legal moves.
// It never decides legality itself: every option it offers is a prefix of a
// move in state.legal, and a move is sent only when it equals one of them.
//
//   placement: colour (pool, or own captures when the pool is empty)
//              -> vacant target ring -> removable ring (skipped when the
//              core lists the placement without a removal)
//   capture:   capturing marble -> each landing ring in turn, until the path
//              equals a legal (maximal) capture
export class Input {
  constructor() { this.clear(); }

  clear() {
    this.color = null;
    this.target = null;
    this.from = null;
    this.path = [];
  }

  // What may be clicked now: {cells:Set, colors:Set, pass:bool}.
  options(state) {
    const cells = new Set(), colors = new Set();
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
        else if (m.to === this.target && m.rm) cells.add(m.rm);
      }
    }
    // A chosen start or target can be clicked again to take it back.
    if (this.from !== null && this.path.length === 0) cells.add(this.from);
    if (this.target !== null) cells.add(this.target);
    return { cells, colors, pass };
  }

  // Cells to mark as chosen so far (start/target and landing rings).
  chosen() {
    if (this.from !== null) return [this.from, ...this.path];
    return this.target !== null ? [this.target] : [];
  }

  chooseColor(state, color) {
    if (!this.options(state).colors.has(color)) return null;
    this.clear();
    this.color = color;
    return null;
  }

  // Returns the canonical text of a completed legal move, or null.
  clickCell(state, cell) {
    const opts = this.options(state);
    if (!opts.cells.has(cell)) {
      // A click elsewhere starts the step over; when that cell is a valid
      // first click (another capturing marble, another target) it is taken.
      const keepColor = this.color;
      this.clear();
      this.color = keepColor;
      if (this.options(state).cells.has(cell)) return this.clickCell(state, cell);
      return null;
    }
    if (state.forcedCapture) {
      if (this.from === null) { this.from = cell; return this.completeCapture(state); }
      if (cell === this.from && this.path.length === 0) { this.from = null; return null; }
      this.path.push(cell);
      return this.completeCapture(state);
    }
    if (this.target === null) {
      this.target = cell;
      const ms = state.legal.filter((m) => m.k === 'place' && m.c === this.color && m.to === cell);
      if (ms.length === 1 && !ms[0].rm) return this.finish(ms[0]);
      return null;
    }
    if (cell === this.target) { this.target = null; return null; }
    const m = state.legal.find((x) => x.k === 'place' && x.c === this.color && x.to === this.target && x.rm === cell);
    return m ? this.finish(m) : null;
  }

  completeCapture(state) {
    const m = state.legal.find((x) => x.k === 'capture' && x.from === this.from && sameList(x.path, this.path));
    return m ? this.finish(m) : null;
  }

  finish(m) {
    this.clear();
    return m.t;
  }
}

function startsWith(list, prefix) { return prefix.every((c, i) => list[i] === c); }
function sameList(a, b) { return a.length === b.length && startsWith(a, b); }
