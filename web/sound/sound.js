// @ts-check
// Sounds, as on lichess: a soft knock for a placement, a lower one for a
// ring removed (a removal or an isolation), a click of glass for a capture
// and a short rising chord at the end of the game. Synthesized with WebAudio
// (no sound files: the download stays small), on a move played or stepped
// to; none while the page is hidden, none before the player has touched the
// page (a browser refuses audio before that), none when the switch is off.
// The switch (a plugin, web/page/plugins.js) is remembered in localStorage
// and sits beside the theme's (theme/theme.js's .switches box).
// Test hooks: data-testid="sound-toggle" (aria-pressed = on), with
// data-played (how many moves the module sounded; absent before the first) and data-last-sound
// (place, remove, capture, end: the last move's sounds, space-separated).
import { h } from '../page/dom.js';
/** @typedef {import('../page/plugins.js').PluginContext} PluginContext */
/** @typedef {import('../core/wasm-core.js').GameState} GameState */

const KEY = 'zertz-sound';

// A note: [frequency (Hz), end frequency (a knock's pitch falls; 0: none),
// wave, start (s after now), length (s), loudness].
/** @typedef {[number, number, OscillatorType, number, number, number]} Note */
/** @type {Object<string, Note[]>} */
const SOUNDS = {
  place: [[520, 300, 'triangle', 0, 0.12, 0.22]],
  remove: [[200, 120, 'sine', 0.1, 0.18, 0.25]],
  capture: [[1250, 0, 'sine', 0, 0.07, 0.12], [1650, 0, 'sine', 0.06, 0.09, 0.1]],
  end: [523.25, 659.25, 783.99].map((f, i) => /** @type {Note} */ ([f, 0, 'sine', 0.25 + i * 0.12, 0.5, 0.12])),
};

// What a new position sounds like: the last move's kind, a ring gone
// (the move's removal or an isolation), the end of the game.
/** @param {GameState} state @returns {string[]} */
function soundsFor(state) {
  const last = state.last;
  if (!last || last.k === 'pass') return state.over ? ['end'] : [];
  const names = [last.k === 'capture' ? 'capture' : 'place'];
  if ((last.k === 'place' && last.rm) || state.isolated.length) names.push('remove');
  if (state.over) names.push('end');
  return names;
}

class Sound {
  constructor() {
    let on = true;
    try { on = localStorage.getItem(KEY) !== 'off'; } catch { /* storage off: on, not remembered */ }
    this.on = on;
    /** @type {AudioContext|null} */
    this.audio = null;
    this.played = 0;
    this.button = h('button', { type: 'button', class: 'switch', 'data-testid': 'sound-toggle', onclick: () => this.set(!this.on) });
    this.show();
  }

  set(on) {
    this.on = on;
    try { localStorage.setItem(KEY, on ? 'on' : 'off'); } catch { /* not remembered */ }
    this.show();
  }

  show() {
    const b = this.button;
    b.textContent = this.on ? '♪ Sound on' : '♪ Sound off';
    b.setAttribute('aria-pressed', String(this.on));
    b.title = 'Sound of the moves';
  }

  // The sounds of a move, when they may be heard.
  /** @param {string[]} names */
  play(names) {
    if (!names.length || !this.on || document.hidden) return;
    this.played++;
    this.button.dataset.played = String(this.played);
    this.button.dataset.lastSound = names.join(' ');
    const audio = this.context();
    if (!audio) return;
    const now = audio.currentTime + 0.01;
    for (const name of names) for (const n of SOUNDS[name]) this.note(audio, now, n);
  }

  // The audio context, made on the first sound after the player touched
  // the page (before that the browser would refuse it, with a warning).
  context() {
    const activation = /** @type {{hasBeenActive?: boolean}|undefined} */ (/** @type {any} */ (navigator).userActivation);
    if (!this.audio && (!activation || !activation.hasBeenActive)) return null;
    if (!this.audio) {
      try { this.audio = new AudioContext(); } catch { return null; }
    }
    if (this.audio.state === 'suspended') this.audio.resume().catch(() => {});
    return this.audio;
  }

  // One note: a quick attack and an exponential fall, so it never clicks.
  /** @param {AudioContext} audio @param {number} now @param {Note} n */
  note(audio, now, [f, to, wave, at, len, loud]) {
    const osc = audio.createOscillator(), gain = audio.createGain();
    const t = now + at;
    osc.type = wave;
    osc.frequency.setValueAtTime(f, t);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, t + len);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(loud, t + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + len);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + len + 0.02);
  }
}

/** @param {PluginContext} ctx */
export function install(ctx) {
  const sound = new Sound();
  const box = document.querySelector('.switches');
  (box || document.body).append(sound.button);
  ctx.on('position', ({ state, cause }) => { if (cause === 'move' || cause === 'step') sound.play(soundsFor(state)); });
}
