// @ts-check
// Client side of the hint workers (web/hints/hints-worker.js), shaped like
// engine.js: ask() resolves with the core's hints for one game position;
// abort() terminates the workers (a proof runs in one wasm call and cannot
// be interrupted), rejecting the pending request; the next ask() starts
// fresh workers.
//
// The work is split over `count` workers, one per core: each proves its part
// of the root's moves with its own wasm memory and proof memory, and the
// page's core (wasm hintsMerge) joins the parts. A worker keeps its proof
// memory between asks, so the next position (or the next round of a longer
// proof) starts from what the last one learned.
//
// A request superseded by a newer ask() is rejected with e.stopped; its
// workers finish it in the background (their answers are dropped), so short
// budgets never pay for a restart.
//
// Every request is settled: by its answers, by an error, or by a newer
// request. A worker that fails (its script or its wasm core could not load,
// or it crashed) is replaced, and the request under way is asked again once
// of fresh workers before its error is shown: a worker lost to a passing
// failure does not leave the panel waiting, nor broken for the visit.
// The page's hint workers and where they read the tables, from the URL
// parameters (param(name) -> value or null): ?hintworkers (1..16; default
// one per core, at most 4) and ?tables (default tables/). The hints and the
// review start their workers with the same.
/** @param {(name: string) => string|null} param */
export function workerOptions(param) {
  const cores = Math.max(1, Math.min(4, Number(navigator.hardwareConcurrency) || 1));
  return { workers: Math.max(1, Math.min(16, Math.floor(Number(param('hintworkers'))) || cores)), tables: param('tables') || 'tables/' };
}

export class HintsClient {
  // merge(start, moves, texts) -> HintResult: the core's hintsMerge of the
  // workers' answer texts, as they came.
  /**
   * @param {{url?: string, count?: number, tables?: string,
   *   merge: (start: string, moves: string, texts: string[]) => import('../core/wasm-core.js').HintResult}} options
   */
  constructor({ url = 'hints/hints-worker.js', count = 1, tables = 'tables/', merge }) {
    this.url = url;
    this.count = count;
    // The workers live in hints/: a relative base would be read from there,
    // so the tables' URL is made whole against the page's.
    this.tables = new URL(tables, location.href).href;
    this.merge = merge;
    this.workers = null;
    this.pending = null;  // {id, asked, answers, texts, resolve, reject}
    this.nextId = 1;
    this.perWorker = [];  // Range statistics per worker
  }

  // The page's client: opt.workers workers reading opt.tables, joined by the
  // page's wasm core.
  static forPage(core, opt) {
    return new HintsClient({ count: opt.workers, tables: opt.tables, merge: (s, m, parts) => core.hintsMerge(s, m, parts) });
  }

  get busy() { return this.pending !== null; }
  // HTTP Range requests and bytes all workers made so far.
  get stats() {
    return this.perWorker.reduce((t, s) => ({ requests: t.requests + (s ? s.requests : 0), bytes: t.bytes + (s ? s.bytes : 0) }),
      { requests: 0, bytes: 0 });
  }

  spawn() {
    const workers = [];
    this.workers = workers;
    for (let i = 0; i < this.count; ++i) {
      const w = new Worker(this.url);
      w.onmessage = (ev) => { if (this.workers === workers) this.answer(i, ev.data); };
      w.onerror = (ev) => {
        ev.preventDefault();
        if (this.workers !== workers) return;  // already replaced
        this.failed(`hints worker failed: ${ev.message || 'its script could not run'}`);
      };
      workers.push(w);
    }
  }

  post(p) {
    this.workers.forEach((w, part) =>
      w.postMessage({ id: p.id, ...p.asked, budget: p.budget, tables: this.tables, part, parts: this.count }));
  }

  // asked: {start, moves, set} (position string, canonical moves, marble
  // set name, all from the core's state), and optionally estimates:
  // 'position' (a review needs no move estimates; default 'moves'). Resolves
  // with hintsCompute's JSON (merged), or {error} when a part failed.
  /**
   * @param {{start: string, moves: string, set: string, estimates?: string}} asked @param {number} budget ms
   * @returns {Promise<import('../core/wasm-core.js').HintResult>}
   */
  ask(asked, budget) {
    this.supersede();
    if (!this.workers) this.spawn();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, asked, budget, answers: new Array(this.count), texts: new Array(this.count), got: 0, resolve, reject, retried: false };
      this.post(this.pending);
    });
  }

  answer(i, { id, result, text, error, stats, fatal }) {
    if (stats) this.perWorker[i] = stats;
    if (fatal) { this.failed(error); return; }
    const p = this.pending;
    if (!p || id !== p.id) return;  // an answer for an older request
    p.answers[i] = error ? { error } : result;
    p.texts[i] = text;
    if (++p.got < this.count) return;
    this.pending = null;
    p.resolve(this.join(p));
  }

  // All parts in: one result (the core merges the parts' values).
  join({ asked, answers, texts }) {
    const failed = answers.find((a) => a.error && !a.source);
    if (failed) return { error: failed.error };
    if (answers.length === 1) return answers[0];
    let result;
    try {
      result = this.merge(asked.start, asked.moves, texts);
    } catch (e) {
      return { error: `hints could not be merged: ${(e && e.message) || e}` };
    }
    const t = answers.find((a) => a.tablesError);
    if (t && !result.error) result.tablesError = t.tablesError;
    return result;
  }

  supersede() {
    if (!this.pending) return;
    const p = this.pending;
    this.pending = null;
    p.reject(Object.assign(new Error('superseded'), { stopped: true }));
  }

  // Stops a request under way now: its workers (and their proof memory) go.
  abort() {
    if (!this.pending) return;
    this.terminate();
  }

  terminate() {
    if (this.workers) for (const w of this.workers) w.terminate();
    this.workers = null;
    this.supersede();
  }

  // A worker failed: all are replaced (the next ask starts fresh ones). The
  // request under way is asked again once of fresh workers, then fails with
  // the message.
  failed(message) {
    const p = this.pending;
    if (this.workers) for (const w of this.workers) w.terminate();
    this.workers = null;
    if (!p) return;
    if (!p.retried) {
      p.retried = true;
      p.answers = new Array(this.count);
      p.texts = new Array(this.count);
      p.got = 0;
      this.spawn();
      this.post(p);
      return;
    }
    this.pending = null;
    p.reject(new Error(message));
  }
}
