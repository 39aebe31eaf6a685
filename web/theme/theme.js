// @ts-check
// Light and dark themes (theme/theme.css), following the system's
// prefers-color-scheme unless the player chose one: the switch cycles
// system → light → dark and is remembered (localStorage). A classic script in
// every page's head (head.part.html), run before the body is drawn, so a
// light page never flashes dark. <html> gets data-theme="light|dark" (what
// is shown) and data-theme-choice="system|light|dark".
//
// The page's switches (this one, and the sound's: sound/sound.js) share one
// box, .switches: in the top bar, or on the game page on phones (whose top
// bar is hidden) in the notation tools at the foot of the column.
// Test hooks: data-testid="theme-toggle" with data-theme-choice.
(() => {
  const KEY = 'zertz-theme';
  const CHOICES = ['system', 'light', 'dark'];
  const WORDS = { system: '◐ Auto', light: '☀ Light', dark: '☾ Dark' };
  const PHONE = '(max-width: 600px) and (orientation: portrait), (orientation: landscape) and (max-height: 500px)';
  const root = document.documentElement;
  const light = matchMedia('(prefers-color-scheme: light)');
  /** @type {HTMLButtonElement|null} */
  let button = null;
  let choice = 'system';
  try { const v = localStorage.getItem(KEY); if (v && CHOICES.includes(v)) choice = v; } catch { /* storage off: follow the system */ }

  function apply() {
    const theme = choice === 'system' ? (light.matches ? 'light' : 'dark') : choice;
    root.dataset.theme = theme;
    root.dataset.themeChoice = choice;
    if (!button) return;
    button.textContent = WORDS[choice];
    button.dataset.themeChoice = choice;
    button.title = `Theme: ${choice === 'system' ? `the system's (${theme})` : theme}`;
    button.setAttribute('aria-label', button.title);
  }

  // The switches' box where it is in view: the top bar, else (the game
  // page on a phone) the notation tools.
  function place(box) {
    const tools = matchMedia(PHONE).matches && document.querySelector('main .tools');
    const home = tools || document.querySelector('.topbar');
    if (home && box.parentElement !== home) home.append(box);
  }

  function build() {
    const box = document.createElement('div');
    box.className = 'switches';
    box.innerHTML = '<button type="button" class="switch" data-testid="theme-toggle"></button>';
    button = /** @type {HTMLButtonElement} */ (box.firstChild);
    button.addEventListener('click', () => {
      choice = CHOICES[(CHOICES.indexOf(choice) + 1) % 3];
      try { localStorage.setItem(KEY, choice); } catch { /* not remembered */ }
      apply();
    });
    box.append(button);
    place(box);
    matchMedia(PHONE).addEventListener('change', () => place(box));
    apply();
  }

  light.addEventListener('change', apply);
  apply();
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', build);
  else build();
})();
