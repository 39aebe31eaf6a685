// @ts-check
// Motion for the last move, drawn over the board after it shows the new
// position: a placed marble drops in, a removed ring fades to the faint
// outline the board keeps until the next move, an isolated group is ringed
// and labelled with why it went before it fades and its marbles fly to the
// mover's tray, and a jump travels its path while each taken marble flies
// to the capturer's tray.
//
// Invariants: animation never changes what the board shows once it ends
// (the board already holds the new state; animation elements carry no
// data-cell), skip() ends everything at once (any click or key), idle()
// resolves when nothing runs, and with prefers-reduced-motion nothing moves.
import { el, drawMarble, R_RING } from './board.js';

const JUMP_MS = 320, DROP_MS = 380, FADE_MS = 450, ISOLATE_HOLD_MS = 800, FLY_MS = 520;

export class Animator {
  // trayOf(player) -> the capture tray element the taken marbles fly to.
  constructor(board, trayOf) {
    this.board = board;
    this.trayOf = trayOf;
    this.running = [];  // Web Animations
    this.nodes = [];    // elements made for the animation
    this.waiters = [];
  }

  static reduced() { return matchMedia('(prefers-reduced-motion: reduce)').matches; }
  get busy() { return this.running.length > 0; }
  idle() { return this.busy ? new Promise((r) => this.waiters.push(r)) : Promise.resolve(); }

  skip() {
    for (const a of this.running.splice(0)) a.finish();
    this.cleanup();
  }

  cleanup() {
    for (const n of this.nodes.splice(0)) n.remove();
    this.running = [];
    delete document.body.dataset.animating;
    for (const r of this.waiters.splice(0)) r();
  }

  // Animates state.last (prev: the state before it). The board has drawn
  // `state` already.
  play(prev, state) {
    this.skip();
    const m = state.last;
    if (!m || !prev || Animator.reduced() || !this.board.layers) return;
    const mover = prev.turn;
    if (m.k === 'place') {
      this.drop(m.to);
      if (m.rm) this.fadeRing(m.rm, null, 150);
      if (state.isolated.length) this.isolate(state.isolated, mover, m.rm ? 600 : 400);
    } else if (m.k === 'capture') {
      this.jump(m, prev, mover);
    }
    if (!this.running.length) return;
    document.body.dataset.animating = '1';
    const batch = this.running.slice();
    Promise.all(batch.map((a) => a.finished.catch(() => {}))).then(() => {
      if (this.running[0] === batch[0]) this.cleanup();
    });
  }

  track(a) { this.running.push(a); return a; }
  node(n) { this.nodes.push(n); return n; }

  at(parent, cell, attrs = {}) {
    const p = this.board.centre(cell);
    return this.node(el('g', { ...attrs, transform: `translate(${p.x.toFixed(3)} ${p.y.toFixed(3)})` }, parent));
  }

  drop(cell) {
    const ring = this.board.ringElement(cell);
    if (!ring) return;
    for (const c of ring.querySelectorAll('.marble, .marble-shadow'))
      this.track(c.animate([
        { transform: 'translate(0px, -0.9px) scale(1.3)', opacity: 0 },
        { transform: 'translate(0px, 0.05px) scale(0.97)', opacity: 1, offset: 0.8 },
        { transform: 'none', opacity: 1 }], { duration: DROP_MS, easing: 'ease-in' }));
  }

  // A ring (with its marble, if any) that fades and shrinks away.
  fadeRing(cell, marble, delay) {
    const g = this.at(this.board.animLayer(), cell, { class: 'anim-ring' });
    const inner = el('g', { class: 'anim-inner' }, g);
    el('circle', { r: R_RING, class: 'ring-face' }, inner);
    el('circle', { r: 0.2, class: 'ring-hole' }, inner);
    if (marble) drawMarble(inner, marble);
    this.track(inner.animate([{ opacity: 1, transform: 'scale(1)' }, { opacity: 0, transform: 'scale(0.7)' }],
      { duration: FADE_MS, delay, easing: 'ease-in', fill: 'backwards' }));
    return g;
  }

  // The cut-off group is ringed and labelled, then fades; its marbles fly
  // to the mover's tray.
  isolate(isolated, mover, delay) {
    const layer = this.board.animLayer();
    for (const it of isolated) {
      const g = this.fadeRing(it.n, null, delay + ISOLATE_HOLD_MS);
      g.setAttribute('data-isolated', it.n);
      const halo = el('circle', { r: R_RING + 0.05, class: 'isolated-halo' }, g);
      this.track(halo.animate([{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 1, offset: 0.85 }, { opacity: 0 }],
        { duration: ISOLATE_HOLD_MS + FADE_MS, delay }));
      if (it.m) this.flyLater(it.n, it.m, mover, delay + ISOLATE_HOLD_MS);
    }
    const first = this.board.centre(isolated[0].n);
    // The label runs from the ring toward the board's middle, so a group at
    // an edge keeps it on the board (not under the evaluation bar).
    const rings = [...this.board.svg.querySelectorAll('[data-cell]')].map((r) => this.board.centre(/** @type {SVGElement} */ (r).dataset.cell));
    const middle = rings.reduce((s, p) => s + p.x, 0) / Math.max(1, rings.length);
    const anchor = Math.abs(first.x - middle) < 0.5 ? 'middle' : first.x < middle ? 'start' : 'end';
    const x = first.x + (anchor === 'start' ? -R_RING : anchor === 'end' ? R_RING : 0);
    const label = this.node(el('text', { x, y: first.y - R_RING - 0.12, class: 'isolated-label', 'text-anchor': anchor }, layer));
    label.textContent = 'cut off: no free ring';
    this.track(label.animate([{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 1, offset: 0.85 }, { opacity: 0 }],
      { duration: ISOLATE_HOLD_MS + FADE_MS, delay, fill: 'both' }));
  }

  // The jumping marble travels its path over the real landing ring's
  // marble (hidden until it arrives); each jumped marble stays until passed
  // and then flies to the capturer's tray.
  jump(m, prev, mover) {
    const layer = this.board.animLayer();
    const colour = (cell) => prev.cells.find((c) => c.n === cell)?.m;
    const moving = colour(m.from);
    const stops = [m.from, ...m.path].map((c) => this.board.centre(c));
    const total = JUMP_MS * m.path.length;
    m.over.forEach((cell, i) => {
      const c = colour(cell);
      if (!c) return;
      const g = this.at(layer, cell, { class: 'anim-taken' });
      drawMarble(g, c);
      this.track(g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 1, delay: JUMP_MS * (i + 0.5), fill: 'forwards' }));
      this.flyLater(cell, c, mover, JUMP_MS * (i + 0.5));
    });
    const g = this.node(el('g', { class: 'anim-mover' }, layer));
    drawMarble(g, moving);
    const frames = [];
    stops.forEach((p, i) => {
      if (i) frames.push({ transform: `translate(${((p.x + stops[i - 1].x) / 2).toFixed(3)}px, ${((p.y + stops[i - 1].y) / 2).toFixed(3)}px) scale(1.25)`, offset: (i - 0.5) / m.path.length });
      frames.push({ transform: `translate(${p.x.toFixed(3)}px, ${p.y.toFixed(3)}px) scale(1)`, offset: i / m.path.length });
    });
    this.track(g.animate(frames, { duration: total, easing: 'ease-in-out', fill: 'forwards' }));
    const landing = this.board.ringElement(m.path[m.path.length - 1]);
    for (const c of landing ? landing.querySelectorAll('.marble, .marble-shadow') : [])
      this.track(c.animate([{ opacity: 0 }, { opacity: 0, offset: 0.99 }, { opacity: 1 }], { duration: total }));
  }

  // A marble leaves `cell` after `delay` ms and flies (over the page, so
  // it can leave the board) to the player's tray, to its colour's row.
  flyLater(cell, color, player, delay) {
    const ring = this.board.svg;
    const p = this.board.centre(cell);
    const ctm = ring.getScreenCTM();
    const tray = this.trayOf(player);
    if (!ctm || !tray) return;
    const row = tray.querySelector(`[data-color="${color}"] .marble-icon`) || tray;
    const from = new DOMPoint(p.x, p.y).matrixTransform(ctm);
    const to = row.getBoundingClientRect();
    const size = 0.68 * ctm.a;
    const ball = this.node(document.createElement('span'));
    ball.className = `flying-marble marble-icon marble-${color}`;
    Object.assign(ball.style, { width: `${size}px`, height: `${size}px`, left: `${from.x - size / 2}px`, top: `${from.y - size / 2}px` });
    document.body.append(ball);
    const dx = to.left + to.width / 2 - from.x, dy = to.top + to.height / 2 - from.y;
    const scale = Math.max(0.2, to.width / size);
    this.track(ball.animate([
      { transform: 'translate(0px, 0px) scale(1)', opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.9 }],
    { duration: FLY_MS, delay, easing: 'cubic-bezier(.5,0,.6,1)', fill: 'both' }));
  }
}
