// @ts-check
// The start screen, as lichess's home: what the game is about, then play the
// computer (its strength chosen first; a first-time visitor is offered the
// gentlest level), a friend on this device, the rules, the lessons, the
// puzzles, and the last game. A first visit (no saved game, no set-up in
// the URL) opens it; a returning player goes straight back to their last
// game (saved in localStorage after every move); "?start" or the title in
// the top bar opens it on request.
//
// Test hooks: data-testid="start" (the screen), "start-level" (the strength
// radios, value 1..4; the suggested one has data-suggested),
// "start-computer", "start-friend", "start-rules", "start-lessons",
// "start-puzzles", "start-continue" (only with a saved game), "start-close".
import { h } from '../page/dom.js';
import { on } from '../page/events.js';
/** @typedef {import('../page/app.js').App} App */

const GAME_KEY = 'zertz-last-game';    // the last game's URL parameters (page/actions.js shareParams)
const LEVEL_KEY = 'zertz-start-level'; // the strength chosen last
const GENTLE = 1;                      // the level offered to a first-time visitor
const LEVELS = [
  [1, 'Beginner', 'looks one move ahead and blunders like a new player'],
  [2, 'Casual', 'looks two moves ahead, still makes mistakes'],
  [3, 'Club', 'looks three moves ahead'],
  [4, 'Strongest', 'thinks for all the time it has'],
];

// localStorage may be off (private modes, file://): nothing is kept then.
function load(key) { try { return localStorage.getItem(key); } catch { return null; } }
function store(key, value) { try { localStorage.setItem(key, value); } catch { /* not kept */ } }

// Before the page reads its URL: with no set-up in it (or only "?start"),
// the last game's parameters take its place; on a first visit the game
// under the start screen is against the gentlest level, the one it offers.
// Returns whether the start screen opens and whether there is a game to
// continue.
export function restoreLastGame() {
  const q = new URLSearchParams(location.search);
  const saved = load(GAME_KEY);
  const asked = q.has('start');
  const bare = [...q.keys()].every((k) => k === 'start');
  if (bare && saved) history.replaceState(null, '', `?${saved}`);
  else if (bare) history.replaceState(null, '', `?p0=human&p1=engine:${GENTLE}`);
  return { show: asked || (bare && !saved), saved: !!(bare && saved) };
}

/** The saved game's URL parameters, or null. */
export const savedGame = () => load(GAME_KEY);

// Whether a valid link (URL parameters `search`) may take the saved game's
// place: yes unless it is a game by link (a "friend" player) that does not
// go on from the saved game (the same set-up and start, the saved moves all
// played first); then the player is asked.
export function mayReplace(saved, search) {
  const q = new URLSearchParams(search);
  return continues(saved, q) ||
    confirm('This link holds another game than the one you have in progress. Open it in place of yours? (Cancel keeps your game.)');
}

function continues(saved, q) {
  if (![q.get('p0'), q.get('p1')].includes('friend')) return true;
  const s = new URLSearchParams(saved);
  const same = ['layout', 'marbles', 'position'].every((k) => (s.get(k) || '') === (q.get(k) || ''));
  const before = s.get('moves') || '', after = q.get('moves') || '';
  return same && (after === before || after.startsWith(`${before} `) || !before);
}

/** @param {App} app */
function levelChoice(app) {
  const chosen = Number(load(LEVEL_KEY)) || GENTLE;
  const levels = app.engine ? LEVELS : [];
  return h('fieldset', { class: 'start-levels', disabled: !app.engine },
    h('legend', {}, app.engine ? 'Strength' : 'This build has no engine'),
    levels.map(([level, name, about]) => h('label', { class: 'start-level' },
      h('input', { type: 'radio', name: 'start-level', value: String(level), 'data-testid': 'start-level', checked: level === chosen,
        'data-suggested': level === GENTLE && !load(LEVEL_KEY) }),
      h('span', {}, h('b', {}, `${level} · ${name}`), h('small', {}, level === GENTLE ? `${about} (suggested for your first game)` : about)))));
}

/** @param {App} app @param {{saved: boolean}} opened */
function screen(app, opened, close) {
  const config = (players) => ({ layout: '37', marbles: 'standard', players });
  const computer = () => {
    const picked = /** @type {HTMLInputElement|null} */ (dialog.querySelector('[name="start-level"]:checked'));
    const level = Number(picked ? picked.value : GENTLE);
    store(LEVEL_KEY, String(level));
    close();
    app.start(config([{ kind: 'human' }, { kind: 'engine', level }]));
  };
  const friend = () => { close(); app.start(config([{ kind: 'human' }, { kind: 'human' }])); };
  const byLink = () => { close(); app.start(config([{ kind: 'human' }, { kind: 'friend' }])); };
  const link = (id, href, text, about) => h('a', { class: 'start-choice', href, 'data-testid': id }, h('b', {}, text), h('small', {}, about));
  const button = (id, text, about, onclick, cls = 'start-choice') =>
    h('button', { type: 'button', class: cls, 'data-testid': id, onclick }, h('b', {}, text), h('small', {}, about));
  const dialog = h('dialog', { class: 'start', 'data-testid': 'start', 'aria-labelledby': 'start-title' },
    h('button', { type: 'button', class: 'start-close', 'data-testid': 'start-close', 'aria-label': 'Close the start screen', onclick: close }, '×'),
    h('h2', { id: 'start-title' }, 'Zèrtz'),
    h('p', { class: 'start-goal' }, 'Two players share one pool of white, grey and black marbles. On your turn place a marble on a free ring, then take away a free ring from the edge; a marble that can jump another must, and the jumped marble is yours. ',
      h('b', {}, 'Win by capturing 4 white, 5 grey, 6 black, or 3 of each'), ': the counts beside each player (“1/4”) show how far they are.'),
    opened.saved ? h('button', { type: 'button', class: 'start-choice primary', 'data-testid': 'start-continue', autofocus: true, onclick: close }, h('b', {}, 'Continue the last game'), h('small', {}, 'where you left it')) : null,
    h('section', { class: 'start-computer' }, h('h3', {}, 'Play the computer'), levelChoice(app),
      h('button', { type: 'button', class: 'primary', 'data-testid': 'start-computer', disabled: !app.engine, autofocus: !opened.saved, onclick: computer }, 'Play the computer')),
    h('div', { class: 'start-choices' },
      button('start-friend', 'Play a friend', 'on this device, taking turns', friend),
      button('start-link', 'Play a friend by link', 'send each move as a link', byLink),
      link('start-rules', 'rules.html', 'Learn the rules', 'in a few pictures'),
      link('start-lessons', 'lessons.html', 'Lessons', 'annotated games'),
      link('start-puzzles', 'puzzles.html', 'Puzzles', 'find the winning move')));
  return dialog;
}

// Opens the screen when `opened.show`, and on a click on the title in the
// top bar; saves the game after every move.
/** @param {App} app @param {{show: boolean, saved: boolean}} opened */
export function installStart(app, opened) {
  const save = () => { if (app.model.state.moves.length) store(GAME_KEY, app.shareParams()); };
  on('position', save);
  // A game by link is saved as soon as it opens (it was asked for, or goes on
  // from the saved game): a later link is compared with it, not an older one.
  if (app.ctl.players.some((p) => p.kind === 'friend')) save();
  let dialog = null;
  const open = (saved) => {
    if (dialog) dialog.remove();
    dialog = screen(app, { saved }, () => dialog.close());
    document.body.append(dialog);
    dialog.showModal();
  };
  const home = document.querySelector('[data-testid="home"]');
  if (home) home.addEventListener('click', (ev) => { ev.preventDefault(); open(app.model.state.moves.length > 0); });
  if (opened.show) open(opened.saved);
}
