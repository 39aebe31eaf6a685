// @ts-check
// Keyboard cursor on the board (roving tabindex): the cursor ring is the
// board's single tab stop; arrow keys move it to the neighbouring ring in
// that direction (left/right zig-zag between the two diagonal neighbours so
// that repeated presses follow a row), Enter or Space acts on it as a click.
// Arrow keys used here do not reach the page's history keys (the move list
// keeps those); Shift+←/→ do (the review's marks, keys.js). When the board had focus before a redraw, the cursor ring
// is focused again after it, so focus stays on the board after every move.
const DIRS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export class BoardCursor {
  constructor(board) {
    this.board = board;
    this.cell = null;
    this.zig = 1;  // sign of the last sideways step's vertical part
    board.svg.addEventListener('keydown', (ev) => this.onKey(ev));
  }

  reset(state) {
    // Start in the middle of the board.
    let best = null, bestD = Infinity;
    const ps = [...this.board.pos.values()];
    const cx = ps.reduce((s, p) => s + p.x, 0) / ps.length, cy = ps.reduce((s, p) => s + p.y, 0) / ps.length;
    for (const c of state.cells) {
      const p = this.board.pos.get(c.n);
      const d = (p.x - cx) ** 2 + (p.y - cy) ** 2;
      if (d < bestD) { bestD = d; best = c.n; }
    }
    this.cell = best;
  }

  focusedCell() {
    const a = document.activeElement;
    const g = /** @type {HTMLElement|null} */ (a && a.closest ? a.closest('[data-cell]') : null);
    return g && this.board.svg.contains(g) ? g.dataset.cell : null;
  }

  // After the rings are rebuilt: the cursor ring gets the tab stop (the
  // nearest ring when its own was removed) and focus when the board had it.
  render(focusCell) {
    if (focusCell) this.cell = focusCell;
    if (!this.board.ringElement(this.cell)) this.cell = this.nearest(this.cell);
    const ring = this.cell && this.board.ringElement(this.cell);
    if (!ring) return;
    ring.setAttribute('tabindex', '0');
    ring.setAttribute('data-cursor', '');
    if (focusCell) ring.focus({ preventScroll: true });
  }

  nearest(cell) {
    const from = this.board.pos.get(cell);
    let best = null, bestD = Infinity;
    for (const g of this.board.svg.querySelectorAll('.layer-rings [data-cell]')) {
      const p = this.board.pos.get(g.dataset.cell);
      const d = from ? (p.x - from.x) ** 2 + (p.y - from.y) ** 2 : 0;
      if (d < bestD) { bestD = d; best = g.dataset.cell; }
    }
    return best;
  }

  // Moves the cursor; with focus, the new ring takes it.
  moveTo(cell, focus = true) {
    const old = this.board.ringElement(this.cell);
    const ring = this.board.ringElement(cell);
    if (!ring) return;
    if (old) { old.setAttribute('tabindex', '-1'); old.removeAttribute('data-cursor'); }
    this.cell = cell;
    ring.setAttribute('tabindex', '0');
    ring.setAttribute('data-cursor', '');
    if (focus) ring.focus({ preventScroll: true });
  }

  // The ring in direction d: in a cone around d, nearest, straight ahead
  // preferred; a sideways tie goes against the last sideways step.
  step(d) {
    const from = this.board.pos.get(this.cell);
    let best = null, bestScore = Infinity, bestPerp = 0;
    for (const g of this.board.svg.querySelectorAll('.layer-rings [data-cell]')) {
      const p = this.board.pos.get(g.dataset.cell);
      const vx = p.x - from.x, vy = p.y - from.y;
      const along = vx * d[0] + vy * d[1], perp = vx * d[1] - vy * d[0];
      if (along < 0.2 || Math.abs(perp) > along * 1.2) continue;
      const score = Math.hypot(vx, vy) + 0.5 * Math.abs(perp) + (d[0] && Math.sign(vy) === this.zig ? 0.01 : 0);
      if (score < bestScore) { bestScore = score; best = g.dataset.cell; bestPerp = vy; }
    }
    if (best && d[0]) this.zig = Math.sign(bestPerp) || this.zig;
    return best;
  }

  onKey(ev) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !this.focusedCell()) return;
    if (DIRS[ev.key] && !ev.shiftKey) {
      ev.preventDefault();
      ev.stopPropagation();  // not the page's history keys
      const next = this.step(DIRS[ev.key]);
      if (next) this.moveTo(next);
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      ev.stopPropagation();
      this.cell = this.focusedCell();
      this.board.onSkip();
      this.board.onCellClick(this.cell);
    }
  }
}
