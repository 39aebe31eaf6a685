// Service worker: network first, cache as fallback, so the game keeps
// working offline once loaded and a rebuilt site is never served stale.
// Only whole-file GETs of this site are cached; Range requests (endgame
// tables) and anything under tables/ pass through untouched.
const CACHE = 'zertz-v1';
const SHELL = ['./', 'index.html', 'style.css', 'zertz.js', 'zertz.wasm', 'play/engine-worker.js',
  'page/app.js', 'page/events.js', 'page/dom.js', 'play/model.js', 'play/board.js', 'play/input.js',
  'play/engine.js', 'play/controller.js', 'play/panel.js', 'page/setup.js', 'page/records.js',
  'page/keys.js', 'page/plugins.js', 'favicon.svg', 'hints/hints.js', 'hints/hints-worker.js',
  'hints/hints.css', 'hints/client.js', 'hints/panel.js', 'hints/eval-bar.js', 'hints/values.js',
  'play/marks.js', 'hints/winprob.js', 'page/analysis.css', 'play/tree.js', 'play/movelist.js',
  'review/review.js', 'review/graph.js', 'review/marks.js', 'review/words.js', 'review/nav.js',
  'review/learn.js', 'play/describe.js', 'page/view.js', 'page/clicks.js', 'page/listeners.js',
  'page/actions.js', 'page/stepbar.js', 'play/anim.js', 'page/flash.js', 'play/banner.js',
  'play/movehover.js', 'play/cursor.js', 'rules.html', 'learn/rules.js', 'learn/learn.css', 'lessons.html',
  'learn/lessons.js'];

self.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).catch(() => {}).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (ev) => { ev.waitUntil(self.clients.claim()); });

self.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== self.location.origin || req.headers.has('range') ||
      url.pathname.includes('/tables/')) return;
  ev.respondWith(fetch(req).then((resp) => {
    if (resp.ok && resp.status === 200) {
      const copy = resp.clone();
      caches.open(CACHE).then((c) => c.put(req, copy)).catch(() => {});
    }
    return resp;
  }).catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || Response.error())));
});
