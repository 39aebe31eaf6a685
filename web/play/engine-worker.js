// The engine's Web Worker: its own copy of the wasm core, so a search never
// freezes the page. Message in: {id, start, moves, level, timeMs} (start
// position string, canonical move list, 0 = the level's own time); out: {id, result} with the core's JSON
// (move, score, depth, nodes, pv), or {id, error}. Stopping = terminate().
/* global createZertz */
importScripts('../zertz.js');

const ready = createZertz();

self.onmessage = async (ev) => {
  const { id, start, moves, level, timeMs } = ev.data;
  let game;
  try {
    const M = await ready;
    if (!M.hasEngine()) throw new Error('this build has no engine');
    game = new M.Game();
    let err = game.setPosition(start);
    if (!err && moves) err = game.playMoves(moves);
    if (err) throw new Error(err);
    self.postMessage({ id, result: JSON.parse(game.think(level, timeMs || 0)) });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message || e) });
  } finally {
    if (game) game.delete();
  }
};
ready.then(() => self.postMessage({ ready: true }), (e) => self.postMessage({ ready: false, error: String(e) }));
