// @ts-check
// Client side of the engine worker. think() resolves with the core's
// answer; stop() terminates the worker (a search cannot be interrupted from
// outside), rejecting the pending request; the next think() starts a fresh
// one. The worker is created lazily (warm() or think()) so that it does not
// compete with the page's own start-up.
import { emit } from '../page/events.js';

export class Engine {
  constructor(url = 'play/engine-worker.js') {
    this.url = url;
    this.nextId = 1;
    this.pending = null;
    this.worker = null;
  }

  warm() { if (!this.worker) this.spawn(); }

  spawn() {
    const worker = new Worker(this.url);
    this.worker = worker;
    this.worker.onmessage = (ev) => {
      const { id, result, error } = ev.data;
      if (!this.pending || id !== this.pending.id) return;
      const p = this.pending;
      this.pending = null;
      emit('engine', { thinking: false });
      if (error) p.reject(new Error(error)); else p.resolve(result);
    };
    // A worker that fails (engine-worker.js or the wasm not loadable, a crash) is
    // dropped, so the next think() starts afresh and reports its own failure
    // instead of waiting forever; a pending request fails with the reason.
    this.worker.onerror = (ev) => {
      ev.preventDefault();
      if (this.worker !== worker) return;  // an old worker, already replaced
      worker.terminate();
      this.worker = null;
      if (this.pending) {
        const p = this.pending;
        this.pending = null;
        emit('engine', { thinking: false });
        p.reject(new Error(`the engine could not run (${ev.message || `failed to load ${this.url}`})`));
      }
    };
  }

  get thinking() { return this.pending !== null; }

  /**
   * @param {{start: string, moves: string, level: number, timeMs: number}} request
   * @returns {Promise<import('../core/wasm-core.js').EngineResult>}
   */
  think(request) {
    if (this.pending) this.stop();
    this.warm();
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending = { id, resolve, reject };
      emit('engine', { thinking: true });
      this.worker.postMessage({ id, ...request });
    });
  }

  stop() {
    if (!this.pending) return;
    const p = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.worker = null;
    emit('engine', { thinking: false });
    p.reject(Object.assign(new Error('stopped'), { stopped: true }));
  }
}
