// @ts-check
// Draws the eye to an element that needs attention (the pool when a ring
// was clicked before choosing a marble): a short pulse, restarted on every
// call. With prefers-reduced-motion the outline shows without moving.
export function flash(element) {
  if (!element) return;
  element.classList.remove('flash');
  void element.offsetWidth;  // restart the CSS animation
  element.classList.add('flash');
  // The pulse ends after 1.2 s; the count stays, so a test on a slow
  // machine still sees that the element was flashed.
  element.dataset.flashes = String(Number(element.dataset.flashes || 0) + 1);
  clearTimeout(element.flashTimer);
  element.flashTimer = setTimeout(() => element.classList.remove('flash'), 1200);
}
