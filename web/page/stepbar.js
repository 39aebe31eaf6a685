// @ts-check
// The phone's bottom bar, as on lichess mobile: the menu and the move
// steps (first, back, forward, last), always reachable; the page keeps room
// for it (style.css pads the body and the scroll padding), so no content
// stays under it. Hidden where the move list's own step buttons are in view
// beside the board (wide screens).
//
// On phones the bar is the one place for the game actions: the top bar is
// hidden there, and the menu holds all of its actions (New game, Undo,
// Redo, Import, Export), Copy link, Review, Rules and Lessons. The menu is a
// disclosure: its button says whether it is open (aria-expanded,
// aria-controls), opening it puts the focus on its first item, Tab goes
// through its items (they follow the button in the page's order), Escape
// closes it and gives the focus back to the button.
// Test hooks: data-testid="step-bar", "step-menu", "step-first",
// "step-back", "step-forward", "step-last", "step-menu-panel"; each menu
// item has data-menu-action.
import { h } from './dom.js';
import { emit, on } from './events.js';
/** @typedef {import('./app.js').App} App */

const STEPS = [
  ['first', '«', 'Go to the start'], ['back', '‹', 'Back one move'],
  ['forward', '›', 'Forward one move'], ['last', '»', 'Go to the last move'],
];
const MENU = [['new', 'New game'], ['undo', 'Undo'], ['redo', 'Redo'], ['import', 'Import'], ['export', 'Export'], ['copy-link', 'Copy link']];

/** @param {App} app */
function menuPanel(app, close) {
  const item = (action, label, fn) => h('button', { type: 'button', 'data-menu-action': action, onclick: () => { close(); fn(); } }, label);
  return h('div', { class: 'step-menu-panel', id: 'step-menu-panel', 'data-testid': 'step-menu-panel', hidden: true },
    MENU.map(([action, label]) => item(action, label, () => app.actions[action]())),
    item('review', 'Review the game', () => emit('review-request', {})),
    h('a', { href: 'rules.html' }, 'Rules'), h('a', { href: 'lessons.html' }, 'Lessons'), h('a', { href: '?start' }, 'Start screen'));
}

/** @param {App} app */
export function installStepBar(app) {
  const close = (refocus) => {
    if (panel.hidden) return;
    panel.hidden = true;
    menu.setAttribute('aria-expanded', 'false');
    if (refocus) menu.focus();
  };
  // An item gives the focus back to the menu button (a dialog it opens
  // takes it, and gives it back there when it closes).
  const panel = menuPanel(app, () => close(true));
  const menu = h('button', { type: 'button', class: 'step-menu', 'data-testid': 'step-menu', 'aria-label': 'Menu', 'aria-expanded': 'false',
    'aria-controls': 'step-menu-panel', onclick: () => app.toggleMenu() }, '☰');
  const steps = STEPS.map(([action, glyph, label]) => h('button', { type: 'button', 'data-testid': `step-${action}`, 'aria-label': label, title: label,
    onclick: () => app.actions[action]() }, glyph));
  const bar = h('nav', { class: 'step-bar', 'data-testid': 'step-bar', 'aria-label': 'Game and moves' }, menu, panel, steps);
  document.body.append(bar);
  app.toggleMenu = () => {
    if (!panel.hidden) { close(true); return; }
    panel.hidden = false;
    menu.setAttribute('aria-expanded', 'true');
    const first = panel.querySelector('button:not(:disabled), a');
    if (first) first.focus();
  };
  document.addEventListener('pointerdown', (ev) => { if (!panel.hidden && !panel.contains(ev.target) && !menu.contains(ev.target)) close(false); });
  document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && !panel.hidden) close(true); });
  // Tabbing out of the open menu closes it (it would float over the page).
  panel.addEventListener('focusout', (ev) => { if (ev.relatedTarget && !panel.contains(ev.relatedTarget) && ev.relatedTarget !== menu) close(false); });
  // The steps and actions that lead nowhere are off, as in the move list
  // and the top bar.
  on('position', ({ state }) => {
    const [first, back, forward, last] = steps;
    first.disabled = back.disabled = state.moves.length === 0;
    forward.disabled = last.disabled = state.future.length === 0;
    const item = (action) => panel.querySelector(`[data-menu-action="${action}"]`);
    item('undo').disabled = state.moves.length === 0;
    item('redo').disabled = state.future.length === 0;
    item('import').disabled = item('export').disabled = !app.model.hasRecords;
  });
}
