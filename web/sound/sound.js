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
// data-played (how many moves the module sounded) and data-last-sound
// (place, remove, capture, end: the last move's sounds, space-separated).
/** @typedef {import('../page/plugins.js').PluginContext} PluginContext */
/** @typedef {import('../core/wasm-core.js').GameState} GameState */

const KEY = 'zertz-sound';

// A note: frequency (Hz), wave, start (s after now), length (s), loudness,
// and an optional glide to a lower end frequency (a knock's pitch falls).
/** @typedef {{f: number, wave: OscillatorType, at: number, len: number, gain: number, to?: number}} Note */
/** @type {Object<string, Note[]>} */
const SOUNDS = {
  place: [{ f: 520, to: 300, wave: 'triangle', at: 0, len: 0.12, gain: 0.22 }],
  remove: [{ f: 200, to: 120, wave: 'sine', at: 0.1, len: 0.18, gain: 0.25 }],
  capture: [{ f: 1250, wave: 'sine', at: 0, len: 0.07, gain: 0.12 }, { f: 1650, wave: 'sine', at: 0.06, len: 0.09, gain: 0.1 }],
  end: [523.25, 659.25, 783.99].map((f, i) => ({ f, wave: /** @type {OscillatorType} */ ('sine'), at: 0.25 + i * 0.12, len: 0.5, gain: 0.12 })),
};

// What a new position sounds like: the last move's kind, a ring gone
// (the move's removal or an isolation), the end of the game.
/** @param {GameState} state @returns {string[]} */
export function soundsFor(state) {
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
    this.button = document.createElement('button');
    Object.assign(this.button, { type: 'button', className: 'switch' });
    this.button.dataset.testid = 'sound-toggle';
    this.button.dataset.played = '0';
    this.button.addEventListener('click', () => this.set(!this.on));
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
    b.title = this.on ? 'Sound on: click for silence' : 'Sound off: click to hear the moves';
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
  note(audio, now, n) {
    const osc = audio.createOscillator(), gain = audio.createGain();
    const t = now + n.at;
    osc.type = n.wave;
    osc.frequency.setValueAtTime(n.f, t);
    if (n.to) osc.frequency.exponentialRampToValueAtTime(n.to, t + n.len);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(n.gain, t + 0.008);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + n.len);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + n.len + 0.02);
  }
}

/** @param {PluginContext} ctx */
export function install(ctx) {
  const sound = new Sound();
  const box = document.querySelector('.switches');
  (box || document.body).append(sound.button);
  ctx.on('position', ({ state, cause }) => { if (cause === 'move' || cause === 'step') sound.play(soundsFor(state)); });
}
