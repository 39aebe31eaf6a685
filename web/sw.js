// @ts-check
// Service worker: network first, cache as fallback, so the game keeps
// working offline once loaded and a rebuilt site is never served stale.
// Only whole-file GETs of this site are cached; Range requests (endgame
// tables) and anything under tables/ pass through untouched.
const CACHE = 'zertz-v1';
// The site's files: those at its root, then each folder's (a name without an
// extension is a .js module or worker).
const FOLDERS = {
  core: 'wasm-core worker-core',
  page: 'app events dom keys setup records plugins view clicks listeners actions stepbar flash analysis.css',
  play: 'engine-worker model tree board cursor marks input engine controller panel describe movelist anim banner movehover',
  hints: 'hints hints-worker client panel eval-bar values winprob hints.css',
  review: 'review graph marks words nav learn',
  learn: 'rules lessons learn.css',
  start: 'start start.css',
  puzzles: 'puzzles trainer rating words puzzles.css',
  explorer: 'explorer counts explorer.css',
  theme: 'theme theme.css',
  sound: 'sound',
};
const SHELL = ['./', 'index.html', 'style.css', 'favicon.svg', 'zertz.js', 'zertz.wasm', 'rules.html', 'lessons.html', 'puzzles.html',
  ...Object.entries(FOLDERS).flatMap(([dir, names]) => names.split(' ').map((n) => `${dir}/${n}${n.includes('.') ? '' : '.js'}`))];

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

sw.addEventListener('install', (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).catch(() => {}).then(() => sw.skipWaiting()));
});
sw.addEventListener('activate', (ev) => { ev.waitUntil(sw.clients.claim()); });

sw.addEventListener('fetch', (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== sw.location.origin || req.headers.has('range') ||
      url.pathname.includes('/tables/')) return;
  ev.respondWith(fetch(req).then((resp) => {
    if (resp.ok && resp.status === 200) {
      const copy = resp.clone();
      caches.open(CACHE).then((c) => c.put(req, copy)).catch(() => {});
    }
    return resp;
  }).catch(() => caches.match(req, { ignoreSearch: true }).then((hit) => hit || Response.error())));
});
