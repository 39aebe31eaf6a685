// @ts-check
// The workers' door into the wasm core: a classic script (a worker loads it
// with importScripts after ../zertz.js) that starts the worker's own core
// instance, makes every call into it and reads its JSON answers, as the
// page's door (core/wasm-core.js) does for the page, with the same types.
// The engine worker (play/engine-worker.js) asks think(); the hint workers
// (hints/hints-worker.js) push table bytes in and ask hintsText().
/** @typedef {import('./wasm-core.js').EngineResult} EngineResult */
/** @typedef {import('./wasm-core.js').HintResult} HintResult */
/** @typedef {{headerSize: number, indexEntrySize: number}} TableLayout */
/** @typedef {{maxRings: number, level: number, blocks: number, indexBytes: number, error?: string}} TableHeader */

/**
 * Starts this worker's core; resolves with its questions.
 */
async function openWorkerCore() {
  // The glue looks for zertz.wasm beside the worker's script (in its
  // folder): the worker reads it from the site's root and hands it over.
  const wasmBinary = await (await fetch('../zertz.wasm')).arrayBuffer();
  const M = await /** @type {any} */ (self).createZertz({ wasmBinary });
  /** @param {string} text */
  const parse = (text) => JSON.parse(text);
  return {
    hasEngine: () => /** @type {boolean} */ (M.hasEngine()),
    /**
     * The engine's move on the game `moves` (canonical, spaced) from `start`;
     * throws the core's message for a position or move it refuses.
     * @param {string} start @param {string} moves @param {number} level @param {number} timeMs 0: the level's own
     * @returns {EngineResult}
     */
    think(start, moves, level, timeMs) {
      const game = new M.Game();
      try {
        const err = game.setPosition(start) || (moves ? game.playMoves(moves) : '');
        if (err) throw new Error(err);
        return parse(game.think(level, timeMs));
      } finally { game.delete(); }
    },
    /** @returns {TableLayout} what to fetch first of a table file */
    tableLayout: () => parse(M.tableLayout()),
    /** @param {Uint8Array} bytes a table file's first headerSize bytes @returns {TableHeader} */
    tableHeader: (bytes) => parse(M.tableHeader(bytes)),
    /** @param {string} name @param {Uint8Array} bytes header and block index @returns {string} '' or why not */
    addFile: (name, bytes) => M.hintsAddFile(name, bytes),
    /** @param {string} name @param {number} block @param {Uint8Array} raw inflated @returns {string} '' or why not */
    addBlock: (name, block, raw) => M.hintsAddBlock(name, block, raw),
    /** @param {string} name @param {string} why */
    markDamaged: (name, why) => M.hintsMarkDamaged(name, why),
    /**
     * Hints for the game, or for part `part` of `parts` of its root moves.
     * @param {string} start @param {string} moves @param {number} budget ms
     * @param {number} part @param {number} parts @param {string} estimates 'moves' or 'position'
     * @returns {string} the answer's JSON text (readHints reads it; the page's core merges the parts' texts)
     */
    hintsText: (start, moves, budget, part, parts, estimates) => /** @type {string} */ (M.hintsCompute(start, moves, budget, part, parts, estimates)),
    /** @param {string} text hintsText's answer @returns {HintResult} */
    readHints: (text) => parse(text),
  };
}
