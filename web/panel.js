// Side panel: the move list (status, pool and captures: turnpanel.js).
// Pure view over the state.
//
// Test hooks (stable): data-testid="moves" holding
// one data-testid="move" per played move (canonical text); undone moves that
// redo would replay are data-testid="future-move".
import { h, $ } from './dom.js';

// Move list, two moves (one turn each) per numbered row. Each move is a
// button that steps the game to just after it.
export function renderMoves(el, state, onGoto) {
  el.textContent = '';
  const all = [...state.moves.map((t) => [t, false]), ...state.future.map((t) => [t, true])];
  const ply = state.moves.length;
  for (let i = 0; i < all.length; i += 2) {
    const li = h('li', {}, h('span', { class: 'num' }, `${i / 2 + 1}.`));
    for (let j = i; j < Math.min(i + 2, all.length); ++j) {
      const [t, future] = all[j];
      li.append(h('button', {
        type: 'button', class: `mv${future ? ' future' : ''}${j + 1 === ply ? ' current' : ''}`,
        'data-testid': future ? 'future-move' : 'move', 'data-ply': j + 1,
        'aria-current': j + 1 === ply ? 'step' : null, title: `go to the position after ${t}`,
        onclick: () => onGoto(j + 1),
      }, t));
    }
    el.append(li);
  }
  // Keep the current move visible by scrolling the list only (never the page).
  const cur = $('.current', el);
  if (cur) {
    const li = cur.parentElement;
    if (li.offsetTop < el.scrollTop) el.scrollTop = li.offsetTop;
    else if (li.offsetTop + li.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = li.offsetTop + li.offsetHeight - el.clientHeight;
  }
}
