// @ts-check
// Hints worker: its own wasm core, so proof search never freezes
// the page. Tables are read like Syzygy in a browser: only the bytes a probe
// needs, with HTTP Range requests (file header, block index, then single
// blocks), cached in memory and in IndexedDB across visits, decompressed
// with DecompressionStream('deflate'); every check (header and index
// checksums, block CRC) is done by the core in wasm.
// The page runs several of these in parallel (web/hints/hints.js): each proves its
// part of the root's moves (part of parts; core's HintOptions), with its own
// wasm memory and proof memory, and the page merges the parts in its core.
// Message in: {id, start, moves, set, budget, tables, part, parts, estimates}
// (set: the marble set's name from the core's state; tables: base URL,
// default 'tables/'; part/parts default 0/1; estimates: 'moves', the
// default, or 'position' for a review); out: {id, result, text, stats}
// where text is the core's answer as it came (the page's core merges the
// parts' texts) and result that answer read (a HintResult), plus tablesError
// (why the tables are not usable), or {id, error}. The core is reached through the workers' door
// (core/worker-core.js).
importScripts('../zertz.js', '../core/worker-core.js');

const hintsCore = openWorkerCore();
const RANGE_ATTEMPTS = 3;
const MAX_ROUNDS = 64;  // a bound only: the rounds end when no block comes in
const stats = { requests: 0, bytes: 0, cacheHits: 0 };
const sets = new Map();  // "<base>|<set>" -> Promise<'' | error text>
let db = null;

function openDb() {
  if (db !== null) return db;
  db = new Promise((resolve) => {
    try {
      const req = indexedDB.open('zertz-tables', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('blocks');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
    } catch (e) { resolve(null); }
  });
  return db;
}
async function dbGet(key) {
  const d = await openDb();
  if (!d) return null;
  return new Promise((resolve) => {
    try {
      const r = d.transaction('blocks').objectStore('blocks').get(key);
      r.onsuccess = () => resolve(r.result || null);
      r.onerror = () => resolve(null);
    } catch (e) { resolve(null); }
  });
}
async function dbPut(key, value) {
  const d = await openDb();
  if (!d) return;
  try { d.transaction('blocks', 'readwrite').objectStore('blocks').put(value, key); } catch (e) { /* cache only */ }
}
async function dbDelete(key) {
  const d = await openDb();
  if (!d) return;
  try { d.transaction('blocks', 'readwrite').objectStore('blocks').delete(key); } catch (e) { /* cache only */ }
}

// A Range request. A failure of the connection or of the server (no answer,
// HTTP 5xx) is tried again a few times before it counts: one hiccup must not
// mark a table damaged for the rest of the visit. What the server answered
// wrongly (404, a 200 for a Range, a short body) counts at once.
async function range(url, offset, size) {
  let res;
  for (let attempt = 1; ; ++attempt) {
    try {
      res = await fetch(url, { headers: { Range: `bytes=${offset}-${offset + size - 1}` }, cache: 'no-store' });
      if (res.status < 500 || attempt >= RANGE_ATTEMPTS) break;
    } catch (e) {
      if (attempt >= RANGE_ATTEMPTS) throw new Error(`${url}: ${(e && e.message) || e} (${attempt} attempts)`);
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  if (res.status === 404) throw new Error(`${url}: not found (404)`);
  if (res.status === 200) throw new Error(`${url}: the server ignored the Range request (200 instead of 206)`);
  if (res.status !== 206) throw new Error(`${url}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  stats.requests += 1;
  stats.bytes += bytes.length;
  if (bytes.length !== size) throw new Error(`${url}: expected ${size} bytes, got ${bytes.length} (file truncated?)`);
  return bytes;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  try {
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw new Error('compressed block is damaged (deflate stream)');
  }
}

// Loads header + block index of every DTM file of a marble set: 2 Range
// requests per file. The core reads each header (wasm tableHeader, which
// verifies its checksum); the level-1 header names N. '' or why it failed.
function loadSet(core, base, set) {
  const key = `${base}|${set}`;
  if (!sets.has(key)) {
    sets.set(key, (async () => {
      try {
        const layout = core.tableLayout();
        const first = `${set}-1.dtm`;
        const head1 = await range(base + first, 0, layout.headerSize);
        const h1 = core.tableHeader(head1);
        if (h1.error) return `${first}: ${h1.error}`;
        for (let n = 1; n <= h1.maxRings; ++n) {
          const name = `${set}-${n}.dtm`;
          try {
            const head = n === 1 ? head1 : await range(base + name, 0, layout.headerSize);
            const h = n === 1 ? h1 : core.tableHeader(head);
            if (h.error) throw new Error(h.error);
            const index = h.indexBytes ? await range(base + name, layout.headerSize, h.indexBytes) : new Uint8Array(0);
            const all = new Uint8Array(head.length + index.length);
            all.set(head, 0);
            all.set(index, head.length);
            const err = core.addFile(name, all);
            if (err) return `table ${err}`;
          } catch (e) {
            core.markDamaged(name, e.message);
            return `table ${name}: ${e.message}`;
          }
        }
        return '';
      } catch (e) {
        return `no endgame tables for ${set} (${e.message})`;
      }
    })());
  }
  return sets.get(key);
}

// Adds one block the core asked for (from IndexedDB, else the server).
// True when the block is in; a block that cannot be had marks its file
// damaged (the core then answers with that message, never with a value).
async function fetchBlock(core, base, n) {
  const key = `${base}${n.name}|${n.offset}|${n.size}|${n.block}`;
  const cached = await dbGet(key);
  if (cached) {
    stats.cacheHits += 1;
    if (!core.addBlock(n.name, n.block, new Uint8Array(cached))) return true;
    await dbDelete(key);  // stale or damaged cache entry: fetch it again
  }
  try {
    const raw = await inflate(await range(base + n.name, n.offset, n.size));
    const err = core.addBlock(n.name, n.block, raw);
    if (err) throw new Error(err);
    await dbPut(key, raw.buffer);
    return true;
  } catch (e) {
    core.markDamaged(n.name, `block ${n.block}: ${e.message}`);
    return false;
  }
}

// Every message is answered, with a result or an error: a core that could
// not start says so with `fatal` (the page then replaces this worker). The
// core is asked again while it names blocks it needs and the last round
// brought at least one of them in, so an answer never stops half-way for
// want of blocks (each round fetches at most kMaxNeed; a file that fails is
// marked damaged, which ends the rounds with its message).
// MAX_ROUNDS only bounds a core that kept naming a block it was given.
self.onmessage = async (ev) => {
  const { id, start, moves, set, budget = 1000, tables = 'tables/', part = 0, parts = 1, estimates = 'moves' } = ev.data;
  let core;
  try {
    core = await hintsCore;
  } catch (e) {
    self.postMessage({ id, error: `the hints core could not start: ${(e && e.message) || e}`, fatal: true });
    return;
  }
  try {
    const tablesError = await loadSet(core, tables, set);
    let result, text;
    for (let round = 0, progress = true; progress && round < MAX_ROUNDS; ++round) {
      result = core.readHints(text = core.hintsText(start, moves || '', budget, part, parts, estimates));
      progress = false;
      for (const n of result.need || []) progress = (await fetchBlock(core, tables, n)) || progress;
    }
    if (tablesError) result.tablesError = tablesError;
    self.postMessage({ id, result, text, stats: { ...stats } });
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
};
