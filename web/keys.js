// Keyboard access for every action. Keys are ignored while typing in a
// field or while a dialog is open (dialogs handle their own keys).
// Shift+←/→ go to the review's previous / next marked move (the plain
// arrows step one move), as the buttons' titles say.
const SHIFTED = { ArrowLeft: 'mark-prev', ArrowRight: 'mark-next' };

export function installKeys(actions) {
  const map = {
    n: 'new', u: 'undo', r: 'redo', i: 'import', e: 'export', s: 'stop', p: 'pass', c: 'coords',
    ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last', Escape: 'cancel',
    ArrowUp: 'up', ArrowDown: 'down',
  };
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, textarea, select, dialog') || ev.altKey || ev.metaKey) return;
    let name = null;
    if (ev.ctrlKey) name = { z: 'undo', y: 'redo' }[ev.key.toLowerCase()] || null;
    else if (ev.shiftKey && SHIFTED[ev.key]) name = SHIFTED[ev.key];
    else if ('wgb'.includes(ev.key.toLowerCase()) && ev.key.length === 1) { actions.color(ev.key.toUpperCase()); ev.preventDefault(); return; }
    else name = map[ev.key] || null;
    if (!name) return;
    ev.preventDefault();
    actions[name]();
  });
}
