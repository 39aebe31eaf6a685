// The phone's bottom bar, as on lichess mobile: the menu and the move
// steps (first, back, forward, last), fixed at the bottom of the screen and
// always reachable; the page keeps room for it (style.css pads the body), so
// it never covers the board or a capture tray. Hidden where the move list's
// own step buttons are in view beside the board (wide screens).
//
// The menu holds the top bar's game actions plus Review, for one thumb.
// Test hooks: data-testid="step-bar", "step-menu", "step-first",
// "step-back", "step-forward", "step-last", "step-menu-panel".
import { h } from './dom.js';
import { emit, on } from './events.js';

const STEPS = [
  ['first', '«', 'Go to the start'], ['back', '‹', 'Back one move'],
  ['forward', '›', 'Forward one move'], ['last', '»', 'Go to the last move'],
];
const MENU = [['new', 'New game'], ['undo', 'Undo'], ['redo', 'Redo'], ['import', 'Import'], ['export', 'Export'], ['copy-link', 'Copy link']];

function menuPanel(app, close) {
  const item = (label, fn) => h('button', { type: 'button', onclick: () => { close(); fn(); } }, label);
  return h('div', { class: 'step-menu-panel', 'data-testid': 'step-menu-panel', role: 'menu', hidden: true },
    MENU.map(([action, label]) => item(label, () => app.actions[action]())),
    item('Review the game', () => emit('review-request', {})),
    h('a', { href: 'rules.html' }, 'Rules'), h('a', { href: 'lessons.html' }, 'Lessons'));
}

export function installStepBar(app) {
  const close = () => { panel.hidden = true; menu.setAttribute('aria-expanded', 'false'); };
  const panel = menuPanel(app, close);
  const menu = h('button', { type: 'button', class: 'step-menu', 'data-testid': 'step-menu', 'aria-label': 'Menu', 'aria-expanded': 'false',
    'aria-haspopup': 'menu', onclick: () => app.toggleMenu() }, '☰');
  const steps = STEPS.map(([action, glyph, label]) => h('button', { type: 'button', 'data-testid': `step-${action}`, 'aria-label': label, title: label,
    onclick: () => app.actions[action]() }, glyph));
  const bar = h('nav', { class: 'step-bar', 'data-testid': 'step-bar', 'aria-label': 'Moves' }, menu, steps);
  document.body.append(panel, bar);
  app.toggleMenu = () => {
    panel.hidden = !panel.hidden;
    menu.setAttribute('aria-expanded', String(!panel.hidden));
  };
  document.addEventListener('pointerdown', (ev) => { if (!panel.hidden && !panel.contains(ev.target) && !menu.contains(ev.target)) close(); });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && !panel.hidden) close(); });
  // The steps that lead nowhere are off, as in the move list.
  on('position', ({ state }) => {
    const [first, back, forward, last] = steps;
    first.disabled = back.disabled = state.moves.length === 0;
    forward.disabled = last.disabled = state.future.length === 0;
  });
}
