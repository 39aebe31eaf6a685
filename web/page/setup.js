// @ts-check
// Game set-up: URL parameters and the New game dialog.
//
// URL: ?layout=48&marbles=standard&p0=human&p1=engine:3 plus &moves=<move
// list> or &position=<position string>, and &time=<ms>: the strongest
// level's time per move (the weaker levels search to a fixed depth). p0 moves first (the start position's
// turn); "who starts" in the dialog swaps which controller is p0.
// Bad parameters are reported by name and value; the page then falls back
// to the defaults for that parameter.
import { LAYOUTS, MARBLE_SETS } from '../play/model.js';
import { $ } from './dom.js';
import { drawLayoutPicture } from '../play/board.js';

export const LEVELS = [1, 2, 3, 4];

export function defaultConfig(defaultLevel) {
  return { layout: '37', marbles: 'standard', players: [{ kind: 'human' }, { kind: 'engine', level: defaultLevel || 4 }] };
}

export function parsePlayer(text, defaultLevel) {
  if (text === 'human' || text === 'friend') return { kind: text };
  const m = /^engine(?::([1-4]))?$/.exec(text);
  if (m) return { kind: 'engine', level: m[1] ? Number(m[1]) : defaultLevel };
  return null;
}

export function playerToken(p) { return p.kind === 'engine' ? `engine:${p.level}` : p.kind; }

// A clock for two people on one device (clock/clock.js): minutes + seconds a move.
export const CLOCK = /^(?:180|1[0-7]\d|[1-9]\d?)\+(?:180|1[0-7]\d|[1-9]?\d)$/;

// Time per move of the strongest level: 0 = its own (0.7 s).
export const TIME_RANGE = [100, 600000];
const withTime = (players, timeMs) => players.map((p) => (p.kind === 'engine' ? { ...p, timeMs } : p));
export const configTime = (config) => config.players.find((p) => p.timeMs)?.timeMs || 0;

// Returns {config, position, moves, errors[]}.
export function parseParams(search, defaultLevel) {
  const q = new URLSearchParams(search);
  const config = defaultConfig(defaultLevel);
  const errors = [];
  const layout = q.get('layout');
  if (layout !== null) {
    if (LAYOUTS.includes(layout)) config.layout = layout;
    else errors.push(`URL parameter layout: expected one of ${LAYOUTS.join(', ')}, got '${layout}'`);
  }
  const marbles = q.get('marbles');
  if (marbles !== null) {
    if (MARBLE_SETS.includes(marbles)) config.marbles = marbles;
    else errors.push(`URL parameter marbles: expected blitz or standard, got '${marbles}'`);
  }
  for (const i of [0, 1]) {
    const v = q.get(`p${i}`);
    if (v === null) continue;
    const p = parsePlayer(v, defaultLevel);
    if (p) config.players[i] = p;
    else errors.push(`URL parameter p${i}: expected human, friend (a game by link), engine or engine:1..4, got '${v}'`);
  }
  const time = q.get('time');
  if (time !== null) {
    const ms = /^[0-9]{1,7}$/.test(time) ? Number(time) : NaN;
    if (ms >= TIME_RANGE[0] && ms <= TIME_RANGE[1]) config.players = withTime(config.players, ms);
    else errors.push(`URL parameter time: expected the strongest level's milliseconds per move, ${TIME_RANGE.join('..')}, got '${time}'`);
  }
  const clock = q.get('clock');
  if (clock !== null) {
    if (CLOCK.test(clock)) config.clock = clock;
    else errors.push(`URL parameter clock: expected minutes+seconds added a move, 1..180+0..180 (as 5+3), got '${clock}'`);
  }
  return { config, position: q.get('position') || '', moves: q.get('moves') || '', errors };
}

export function buildParams(config, { position = '', moves = '' } = {}) {
  const q = new URLSearchParams();
  q.set('layout', config.layout);
  q.set('marbles', config.marbles);
  q.set('p0', playerToken(config.players[0]));
  q.set('p1', playerToken(config.players[1]));
  if (configTime(config)) q.set('time', String(configTime(config)));
  if (config.clock) q.set('clock', config.clock);
  if (position) q.set('position', position);
  if (moves) q.set('moves', moves);
  return q.toString();
}

// The New game dialog; onStart(config) gets the chosen set-up.
// layoutState(layout): the core's state of that layout's empty board (or
// null), for the small board pictures, drawn when the dialog first opens.
export class SetupDialog {
  /**
   * @param {HTMLDialogElement} dialog @param {(cfg: object) => void} onStart
   * @param {(layout: string) => import('../core/wasm-core.js').GameState | null} layoutState
   */
  constructor(dialog, onStart, layoutState = () => null) {
    this.dialog = dialog;
    this.onStart = onStart;
    this.layoutState = layoutState;
    this.pictured = false;
    const form = $('form', dialog);
    $('[data-action="swap"]', dialog).addEventListener('click', () => {
      const a = $('[name="p0"]', form), b = $('[name="p1"]', form);
      [a.value, b.value] = [b.value, a.value];
    });
    $('[data-action="cancel"]', dialog).addEventListener('click', () => dialog.close());
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const f = new FormData(form);
      const config = {
        layout: f.get('layout'), marbles: f.get('marbles'),
        players: withTime([parsePlayer(f.get('p0'), 4), parsePlayer(f.get('p1'), 4)], Number(f.get('time')) || 0),
        clock: f.get('clock') || '',
      };
      dialog.close();
      this.onStart(config);
    });
  }

  open(config, hasEngine) {
    const form = $('form', this.dialog);
    form.elements.layout.value = config.layout;
    form.elements.marbles.value = config.marbles;
    for (const i of [0, 1]) {
      const sel = form.elements[`p${i}`];
      for (const o of sel.options) o.disabled = !hasEngine && o.value !== 'human';
      sel.value = playerToken(config.players[i]);
    }
    form.elements.time.value = String(configTime(config) || '');
    form.elements.clock.value = config.clock || '';
    this.drawPictures();
    this.dialog.showModal();
  }

  drawPictures() {
    if (this.pictured) return;
    this.pictured = true;
    for (const svg of /** @type {NodeListOf<SVGSVGElement>} */ (this.dialog.querySelectorAll('[data-layout-picture]'))) {
      const state = this.layoutState(svg.dataset.layoutPicture);
      if (state) drawLayoutPicture(svg, state);
      else svg.remove();
    }
  }
}
