// @ts-check
// On phones, the board and what the review says now (the note at a marked
// move, the practice's task) stay in view together, as lichess mobile keeps
// its board above the analysis: after a step to a mark or a new task the
// page scrolls the least that shows both, above the bottom bar. The layout
// makes that possible (page/analysis.css: on a portrait phone the review
// comes right under the board, its steps, note and task first; in landscape
// the board is sticky beside the column). Wide screens have their own
// scrolling column: there the caller's own scrolling stands. A phone is
// where the bottom bar shows (style.css: the phones' media query).

// Scrolls the page so `target` is in view with the board; false when not
// on a phone (nothing done).
/** @param {HTMLElement} target */
export function keepInView(target) {
  const bar = document.querySelector('.step-bar'), board = document.querySelector('.board-frame');
  if (!bar || !board || getComputedStyle(bar).display === 'none') return false;
  if (target.hidden) return true;
  const b = board.getBoundingClientRect(), t = target.getBoundingClientRect();
  const bottom = Math.min(innerHeight, bar.getBoundingClientRect().top);
  // The scrolls (down positive) that keep both: at least enough to bring
  // the target's foot above the bar, at most what keeps the target's top
  // and the board's top on screen (a sticky board stays wherever the page
  // is). The one nearest to no scroll; the tops when both cannot be.
  const least = t.bottom - bottom;
  const most = Math.min(t.top, getComputedStyle(board).position === 'sticky' ? Infinity : b.top);
  const delta = least > most ? most : Math.min(Math.max(0, least), most);
  if (Math.abs(delta) >= 1) window.scrollBy(0, delta);
  return true;
}
