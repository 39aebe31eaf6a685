// @ts-check
// The engine's Web Worker: its own copy of the wasm core, so a search never
// freezes the page. Message in: {id, start, moves, level, timeMs} (start
// position string, canonical move list, 0 = the level's own time); out:
// {id, result} with the core's EngineResult (move, score, depth, nodes, pv),
// or {id, error}. Stopping = terminate().
importScripts('../zertz.js', '../core/worker-core.js');

const engineCore = openWorkerCore();

self.onmessage = async (ev) => {
  const { id, start, moves, level, timeMs } = ev.data;
  try {
    const core = await engineCore;
    if (!core.hasEngine()) throw new Error('this build has no engine');
    self.postMessage({ id, result: core.think(start, moves, level, timeMs || 0) });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message || e) });
  }
};
engineCore.then(() => self.postMessage({ ready: true }), (e) => self.postMessage({ ready: false, error: String(e) }));
