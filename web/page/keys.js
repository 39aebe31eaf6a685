// @ts-check
// The page's keys, in one list (SHORTCUTS) that both binds them and is
// what the keyboard help ("?", as on lichess) shows, so the help lists what
// works. Keys are ignored while typing in a field or while a dialog is open
// (dialogs handle their own keys).
//
// Each group is [title, rows]; a row is [keys, actions, what they do], keys
// and actions separated by spaces. A key is written as the help shows it:
// "←" for ArrowLeft (NAMES), a letter in upper case (Caps Lock changes
// nothing), "Ctrl+" and, before a named key, "Shift+" in front. actions:
// the page's actions by name (page/actions.js), one for all the keys or one
// per key ("back forward"); none where another module handles the keys: the
// board's cursor (cursor.js) while a ring has the focus.
// Test hooks: the dialog #dlg-keys, data-testid="keys-help" (the list,
// one row per shortcut, data-keys: its keys as written here).
import { h, $ } from './dom.js';

/** @type {[string, [string, string, string][]][]} groups of [keys, actions, what they do] */
export const SHORTCUTS = [
  ['Moves and navigation', [
    ['← →', 'back forward', 'Back / forward one move'],
    ['Home End', 'first last', 'The start / the last move'],
    ['↑ ↓', 'up down', 'The previous / next variation (else the start / the end)'],
    ['U Ctrl+Z', 'undo', 'Undo'],
    ['R Ctrl+Y', 'redo', 'Redo'],
  ]],
  ['Board', [
    ['Tab', '', 'Reach the board (its cursor ring)'],
    ['← → ↑ ↓', '', 'On the board: the cursor to the next ring'],
    ['Enter Space', '', 'On the board: the cursor ring, as a click'],
    ['W G B', 'color', 'Choose a white, grey or black marble'],
    ['Esc', 'cancel', 'Drop the move under way'],
    ['P', 'pass', 'Pass'],
    ['C', 'coords', 'Show or hide the coordinates'],
  ]],
  ['Review', [
    ['Shift+← Shift+→', 'mark-prev mark-next', 'The previous / next marked move'],
  ]],
  ['Game', [
    ['N', 'new', 'New game'],
    ['I', 'import', 'Import a record'],
    ['E', 'export', 'Export the game'],
    ['S', 'stop', 'Stop the engine'],
    ['?', 'help', 'These shortcuts'],
  ]],
];

const NAMES = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', ' ': 'Space' };

// The key pressed as SHORTCUTS writes it.
function keyName(ev) {
  const k = NAMES[ev.key] || (ev.key.length === 1 ? ev.key.toUpperCase() : ev.key);
  return `${ev.ctrlKey ? 'Ctrl+' : ''}${ev.shiftKey && ev.key.length > 1 ? 'Shift+' : ''}${k}`;
}

// key -> action name, for the rows with actions.
function bindings() {
  const map = new Map();
  for (const [, rows] of SHORTCUTS) {
    for (const [keys, actions] of rows) {
      const a = actions.split(' ');
      if (actions) keys.split(' ').forEach((k, i) => map.set(k, a[i] || a[0]));
    }
  }
  return map;
}

// The help's rows: "← / →" for one action per key, "U or Ctrl+Z" for two
// keys doing the same, "W G B" for more.
function renderHelp(list) {
  list.replaceChildren(...SHORTCUTS.map(([title, rows]) => h('section', {}, h('h3', {}, title),
    h('dl', {}, rows.map(([keys, actions, what]) => {
      const ks = keys.split(' '), between = actions.includes(' ') ? ' / ' : ks.length === 2 ? ' or ' : ' ';
      return h('div', { 'data-keys': keys }, h('dt', {}, ks.flatMap((k, i) => [i ? between : '', h('kbd', {}, k)])), h('dd', {}, what));
    })))));
}

// Opens the keyboard help; closing it (Esc, Close) gives the focus back to
// where it was.
export function keysHelp(dialog) {
  const list = $('[data-testid="keys-help"]', dialog);
  let back = null;
  $('[data-action="close"]', dialog).addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { if (back && back.isConnected) back.focus({ preventScroll: true }); back = null; });
  return () => {
    if (dialog.open) return;
    if (!list.firstChild) renderHelp(list);
    back = document.activeElement;
    dialog.showModal();
  };
}

export function installKeys(actions) {
  const map = bindings();
  document.addEventListener('keydown', (ev) => {
    if (/** @type {Element} */ (ev.target).closest('input, textarea, select, dialog') || ev.altKey || ev.metaKey) return;
    const name = map.get(keyName(ev));
    if (!name) return;
    ev.preventDefault();
    actions[name](ev.key);
  });
}
