// @ts-check
// A clock for two people on one device (URL `clock=M+S`, the New game
// dialog's "Clock"): each side has M minutes and gains S seconds after each
// of its moves. The second player's clock starts with the first move; the
// clock of the side to move at the end of the main line runs (stepping back
// through the moves does not stop it), also while the page is hidden, as a
// clock on a table would. At zero that side loses on time: the game's record
// says so (result and reason "time", written by the core on export) and
// play stops. Undo takes a move back but not the time spent on it. A
// reload keeps the times (localStorage, keyed by the clock and the main
// line's moves) and charges the running side for the time the page was
// away, as a clock on a table would go on running.
//
// Test hooks: data-testid="clock" (data-clock="0"/"1" per side, data-running
// on the running one, data-flag on a fallen one) and globalThis.zertzClock
// .advance(ms), which moves the clock's own time on (no wall-clock waits in
// tests).
import { h } from '../page/dom.js';
import { CLOCK } from '../page/setup.js';

let skew = 0;  // advanced by tests
const now = () => performance.now() + skew;
const wall = () => Date.now() + skew;
const STORE = 'zertz.clock';

/** @param {number} ms */
export function clockText(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return s.toFixed(1);
  const whole = Math.ceil(s);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** @param {import('../page/plugins.js').PluginContext} ctx */
export function install(ctx) {
  const { model, controller, on } = ctx;
  const sides = [0, 1].map((i) => h('div', { class: 'clock-side', 'data-clock': String(i) }, h('span', { class: 'clock-name' }), h('span', { class: 'clock-time' })));
  const box = h('section', { class: 'clock-box', 'data-testid': 'clock', 'aria-label': 'Clock', hidden: true }, ...sides);
  const banner = document.querySelector('#banner-slot');
  if (banner) banner.before(box);
  let left = [0, 0], inc = 0, running = -1, since = 0, length = 0, active = false;

  const charge = () => { if (running >= 0) { const t = now(); left[running] -= t - since; since = t; } };
  const mainLength = () => model.tree.mainLine().length;
  const firstSide = () => { const s = model.state; return ((s.turn - s.moves.length) % 2 + 2) % 2; };
  const ended = () => { const m = model.tree.meta; return !!m.resultReason || (model.state.over && !model.state.future.length); };

  const draw = () => {
    box.hidden = !active;
    if (!active) return;
    const names = ctx.names();
    sides.forEach((el, i) => {
      el.querySelector('.clock-name').textContent = names[i];
      el.querySelector('.clock-time').textContent = clockText(left[i]);
      el.toggleAttribute('data-running', i === running);
      el.toggleAttribute('data-flag', left[i] <= 0);
    });
  };

  const tick = () => {
    if (!active || running < 0) return;
    charge();
    if (left[running] > 0) return draw();
    left[running] = 0;
    const meta = model.tree.meta;
    meta.result = String(1 - running), meta.resultReason = 'time';
    running = -1;
    model.changed('time');  // the outcome shows and play stops
  };

  const reset = () => {
    const m = CLOCK.exec(new URLSearchParams(location.search).get('clock') || '');
    active = !!m && controller.players.every((p) => p.kind === 'human');
    const [min, sec] = m ? m[0].split('+').map(Number) : [0, 0];
    left = [min * 60000, min * 60000], inc = sec * 1000, running = -1, length = mainLength();
  };

  // The game the clock belongs to: its setting and its main line.
  const gameKey = () => `${new URLSearchParams(location.search).get('clock')}|${model.tree.mainLine().map((n) => n.move).join(' ')}`;
  const save = () => {
    if (!active) return;
    charge();
    try { localStorage.setItem(STORE, JSON.stringify({ key: gameKey(), left, running, at: wall() })); } catch { /* storage off: times last the page */ }
  };
  // At load: the saved times of this very game, the running side charged
  // for the time away (never credited: a clock set back counts nothing).
  const restore = () => {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch { /* damaged: the clock starts afresh */ }
    if (!active || !saved || saved.key !== gameKey() || !Array.isArray(saved.left) || saved.left.length !== 2
      || !saved.left.every(Number.isFinite) || ![-1, 0, 1].includes(saved.running) || !Number.isFinite(saved.at)) return;
    left = saved.left.slice(), running = ended() ? -1 : saved.running, since = now();
    if (running >= 0) left[running] -= Math.max(0, wall() - saved.at);
  };

  // A move on the main line: its side gains the increment, the other runs.
  const follow = () => {
    if (!active) return;
    charge();
    const n = mainLength(), first = firstSide();
    for (let i = length; i < n; ++i) left[(first + i) % 2] += inc;
    length = n;
    running = n > 0 && !ended() ? (first + n) % 2 : -1;
    since = now();
    save();
  };

  on('position', ({ cause }) => queueMicrotask(() => {
    if (cause === 'new' || cause === 'import') reset();
    if (cause !== 'time') follow();
    draw();
  }));
  on('players', () => { reset(); draw(); });
  setInterval(tick, 200);
  addEventListener('pagehide', save);
  globalThis.zertzClock = { advance(ms) { skew += ms; tick(); } };
  reset();
  restore();
  if (running < 0) follow();
  draw();
  tick();
}
