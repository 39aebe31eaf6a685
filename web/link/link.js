// @ts-check
// Play a friend by link, with no server: in a game where one player is
// "friend" (URL p0/p1=friend), the address always holds the game (its
// set-up and moves: page/listeners.js keeps it current). After your move
// the box above the moves (under the trays on phones) offers that address with the players exchanged:
// your friend opens it, sees your move, plays theirs (your side is theirs
// "friend" then) and sends their link back. Opening a link whose game is
// not the one in progress asks first (start/start.js); a damaged or illegal
// link is refused with the core's reason and the saved game comes back
// (page/actions.js startFromUrl). The core reads the moves; nothing here
// parses them.
//
// Test hooks: data-testid="share-link" (the box; data-waiting="true" while
// the friend is to move), "share-link-url" (the link), "share-link-copy",
// "share-link-send" (the share sheet, where the browser has one).
import { h } from '../page/dom.js';
import { copyText } from '../page/records.js';

/** The link for the other player: this address with p0 and p1 exchanged. */
export function friendLink(href) {
  const url = new URL(href);
  const q = url.searchParams, p0 = q.get('p0') || '', p1 = q.get('p1') || '';
  q.set('p0', p1), q.set('p1', p0);
  return url.toString();
}

/** @param {import('../page/plugins.js').PluginContext} ctx */
export function install(ctx) {
  const { controller, on } = ctx;
  const field = /** @type {HTMLInputElement} */ (h('input', { type: 'text', readonly: true, 'data-testid': 'share-link-url', 'aria-label': 'Link for your friend' }));
  const note = h('p', { class: 'share-note' });
  const copy = h('button', { type: 'button', 'data-testid': 'share-link-copy' }, 'Copy link');
  const row = h('div', { class: 'share-row' }, field, copy);
  const box = h('section', { class: 'share-link', 'data-testid': 'share-link', 'aria-label': 'Play by link', hidden: true }, note, row);
  copy.addEventListener('click', async () => {
    const ok = await copyText(field.value, field);
    copy.textContent = ok ? 'Copied' : 'Select and copy';
  });
  // Phones offer their share sheet (a message to the friend in one step);
  // a cancelled share is no error.
  if (typeof navigator.share === 'function') {
    const share = h('button', { type: 'button', 'data-testid': 'share-link-send' }, 'Share…');
    share.addEventListener('click', () => navigator.share({ title: 'Zèrtz', url: field.value }).catch(() => {}));
    row.append(share);
  }
  const banner = document.querySelector('#banner-slot');
  if (banner) banner.before(box);
  const show = () => {
    const players = controller.players, s = controller.state;
    const friend = players.findIndex((p) => p.kind === 'friend');
    box.hidden = friend < 0;
    if (friend < 0) return;
    const named = ctx.names()[friend], name = named === 'Your friend' ? 'your friend' : named, waiting = !s.over && s.turn === friend;
    // Your move just made: the link comes into view (under the trays on phones).
    if (waiting && box.dataset.waiting === 'false') box.scrollIntoView({ block: 'nearest' });
    box.dataset.waiting = String(waiting);
    note.textContent = s.over ? `The game is over: send ${name} the link so they see the end.`
      : waiting ? `Your move is made. Send this link to ${name}; they answer with a link of their own.`
        : `Your turn${s.moves.length ? `: ${name} has moved` : ''}. After your move, send ${name} the link.`;
    field.value = friendLink(location.href);
    copy.textContent = 'Copy link';
  };
  on('position', () => queueMicrotask(show));
  on('players', show);
  show();
}
