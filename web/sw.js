// Service worker: network first, cache as fallback, so the game keeps
// working offline once loaded and a rebuilt site is never served stale.
// Only whole-file GETs of this site are cached; Range requests (endgame
// tables) and anything under tables/ pass through untouched.
const CACHE = 'zertz-v1';
const SHELL = ['./', 'index.html', 'style.css', 'zertz.js', 'zertz.wasm', 'worker.js', 'app.js', 'events.js',
  'dom.js', 'model.js', 'board.js', 'input.js', 'engine.js', 'controller.js', 'panel.js', 'setup.js',
  'records.js', 'keys.js', 'plugins.js', 'favicon.svg', 'hints.js', 'hints-worker.js', 'hints.css',
  'hints-client.js', 'hints-panel.js', 'eval-bar.js', 'values.js', 'marks.js', 'winprob.js', 'analysis.css',
  'tree.js', 'movelist.js', 'review.js', 'review-graph.js', 'review-marks.js', 'review-words.js', 'review-nav.js', 'review-learn.js',
  'describe.js', 'page-view.js', 'page-clicks.js', 'page-events.js', 'page-actions.js', 'stepbar.js', 'anim.js', 'flash.js', 'banner.js', 'movehover.js', 'cursor.js',
  'rules.html', 'rules.js', 'learn.css', 'lessons.html', 'lessons.js'];

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
