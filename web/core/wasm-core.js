// @ts-check
// The one door from the page into the wasm core (build/wasm/zertz.js: embind
// over wasm/). Only this module holds the core's instance, calls into it and
// reads its JSON answers; every other module gets the typed objects below.
// The workers have their own instance behind the same kind of door
// (core/worker-core.js). Nothing here decides a rule: it carries questions
// in and answers out.

/** @typedef {'W'|'G'|'B'} Color */
/** @typedef {{n: string, c: number, h: number, ring: boolean, m: Color|''}} Cell  one ring place: name, column, height (half rings), ring there, marble */
/**
 * A legal move as the view needs it: its canonical text `t` and the cells to
 * click. place: colour `c`, target `to`, removed ring `rm` ('' for none);
 * capture: `from`, the landing rings `path` and the jumped rings `over`.
 * @typedef {{t: string, k: 'place'|'capture'|'pass', c?: Color, to?: string, rm?: string,
 *   from?: string, path?: string[], over?: string[]}} Move
 */
/** @typedef {[number, number, number]} Triple  a count per colour, W G B */
/**
 * Everything the view draws of a game (wasm/game.cpp WebGame::state).
 * @typedef {Object} GameState
 * @property {string} layout  the layout token ("37", "48", a custom one)
 * @property {string} marbles  the marble set ("blitz", "standard")
 * @property {number} columns
 * @property {Cell[]} cells
 * @property {Triple} pool
 * @property {[Triple, Triple]} caps  each player's captures
 * @property {Triple} total  the set's marbles
 * @property {Triple} winSingle  a win by one colour
 * @property {number} winEach  a win by each colour
 * @property {number} turn  the side to move, 0 or 1
 * @property {boolean} over
 * @property {number} winner  0, 1, or -1 (a draw, or not over)
 * @property {string} reason  '', 'winning-set', 'board-emptied', 'two-passes', 'repetition'
 * @property {string} resultText
 * @property {boolean} forcedCapture
 * @property {boolean} fromCaptures  the mover places from their captures (the pool is empty)
 * @property {Move[]} legal
 * @property {string[]} moves  played, from the start
 * @property {string[]} future  the redo list, next first
 * @property {Move|null} last
 * @property {{n: string, m: Color|''}[]} isolated  what the last move isolated
 * @property {string} position  the position string
 * @property {string} start  the start's position string
 */
/** @typedef {{move: string, score: string, depth: number, nodes: number, winprob: number, pv: string[]}} EngineResult */
/**
 * A hinted move: its value ('win', 'loss', 'draw', 'unknown'), plies when
 * known, `bound` when the plies are an upper bound.
 * @typedef {{move: string, value: string, plies?: number, bound?: boolean}} MoveHint
 */
/** @typedef {{move: string, score: number, winprob: number}} MoveEstimate */
/** @typedef {{name: string, block: number, offset: number, size: number}} BlockNeed  a table block the core asks for */
/**
 * Hints for a position (core/proof/hints_json.h), or {error}. The page adds
 * `tablesError` (why the tables are unusable) and `spent` (Keep proving's ms).
 * @typedef {Object} HintResult
 * @property {string} [error]
 * @property {'tables'|'proof'|'over'} [source]
 * @property {string} [value]
 * @property {number} [plies]
 * @property {boolean} [exact]
 * @property {boolean} [pliesExact]
 * @property {boolean} [tables]
 * @property {boolean} [pending]
 * @property {string} [best]
 * @property {MoveHint[]} [moves]
 * @property {number} [estimate]
 * @property {string} [estimateText]
 * @property {number} [winprob]
 * @property {MoveEstimate[]} [estimates]
 * @property {boolean} [emptyPart]
 * @property {BlockNeed[]} [need]
 * @property {string} [tablesError]
 * @property {number} [spent]
 */
/**
 * A node of the game tree JSON (core/records/tree_json.h): the move that
 * leads to it, its comment, the review's mark, its children (main line first).
 * @typedef {{move: string, comment: string, mark: string, children: TreeNode[]}} TreeNode
 */
/**
 * @typedef {Object} TreeMeta
 * @property {string} player0
 * @property {string} player1
 * @property {string} date
 * @property {string} event
 * @property {string} result
 * @property {string} resultReason
 * @property {{marbles: string, layout: string}} variant
 * @property {string} start  the start's position string ('' for the variant's)
 */
/** @typedef {{meta: TreeMeta, root: {comment: string, children: TreeNode[]}, damage?: string, error?: string}} RecordTree */
/** @typedef {{date: string, time: string, zone: string, event: string, rawDate: string, rawEvent: string}} RecordHeader */
/** @typedef {{summary?: string, damaged?: boolean, tags?: Object<string, string>, error?: string}} ImportResult */
/** @typedef {{value: string, onlyMove: boolean, engineChoice: boolean}|string} MarkEntry  a position's value for reviewMarks */
/**
 * A puzzle of the puzzle file (core/puzzles/puzzle_file.h), moves canonical.
 * @typedef {{id: string, position: string, solutions: string[], line: string[], themes: string[], rating: number,
 *   source: {players: [string, string], date: string, ply: number, found: boolean, robots: boolean}}} Puzzle
 */
/** @typedef {{move: string, people: Triple, robots: Triple}} ExplorerMove  games, wins, losses of the side to move */

/**
 * The embind module as wasm/ registers it (the part the page uses).
 * @typedef {Object} WasmModule
 * @property {new () => WasmGame} Game
 * @property {() => boolean} hasEngine
 * @property {() => boolean} hasRecords
 * @property {() => number} defaultLevel
 * @property {(text: string) => string} [recordToTree]
 * @property {(json: string, format: string) => string} [treeToRecord]
 * @property {(date: string, event: string, player0: string, player1: string) => string} recordHeader
 * @property {(values: string) => string} [reviewMarks]
 * @property {(values: string) => string} [reviewAccuracy]
 * @property {(score: number, position: string) => number} [winProbability]
 * @property {(start: string, moves: string, texts: string[]) => string} hintsMerge
 * @property {(text: string) => string} puzzlesRead
 * @property {(position: string) => string} explorerShardOf
 * @property {(text: string, shard: number, position: string) => string} explorerMoves
 */
/**
 * @typedef {Object} WasmGame
 * @property {(marbles: string, layout: string) => string} newGame
 * @property {(text: string) => string} setPosition
 * @property {(text: string) => string} playMoves
 * @property {(text: string) => string} play
 * @property {() => boolean} undo
 * @property {(ply: number) => number} gotoPly
 * @property {() => number} ply
 * @property {(ply: number) => number} turnAt
 * @property {() => string} startPositionString
 * @property {(text: string, allowDamaged: boolean) => string} importRecord
 * @property {(tags: string) => string} exportRecord
 * @property {(tags: string) => string} exportSgf
 * @property {() => string} state
 * @property {() => void} delete
 */

/**
 * One game in the core: a line of moves with its redo list. Each method
 * that can fail returns '' or the core's message. Free it with free().
 * @typedef {Object} Game
 * @property {(marbles: string, layout: string) => string} newGame
 * @property {(text: string) => string} setPosition  a position string
 * @property {(text: string) => string} playMoves  moves separated by spaces
 * @property {(text: string) => string} play  any move text the core reads; drops the redo list
 * @property {() => boolean} undo
 * @property {(n: number) => number} gotoPly  returns the ply reached
 * @property {() => number} ply
 * @property {(ply: number) => number} turnAt  the side to move after `ply` moves of the line, -1 beyond it
 * @property {() => string} startPositionString
 * @property {() => GameState} state
 * @property {(text: string, allowDamaged: boolean) => ImportResult} importRecord
 * @property {(format: string, tags: string) => string} exportText  format 'sgf' or 'record'; tags: lines "Key=value"
 * @property {() => void} free
 */
// What a Game passes straight through to the wasm game (the answers are
// plain strings, numbers and booleans).
const THROUGH = 'newGame setPosition playMoves play undo gotoPly ply turnAt startPositionString'.split(' ');

/** @param {WasmGame} g @returns {Game} */
function wrapGame(g) {
  const game = /** @type {Object<string, Function>} */ ({
    state: () => JSON.parse(g.state()),
    /** @param {string} text @param {boolean} allowDamaged */
    importRecord: (text, allowDamaged) => JSON.parse(g.importRecord(text, allowDamaged)),
    /** @param {string} format @param {string} tags */
    exportText: (format, tags) => (format === 'sgf' ? g.exportSgf(tags) : g.exportRecord(tags)),
    free: () => g.delete(),
  });
  for (const k of THROUGH) game[k] = (/** @type {any[]} */ ...a) => g[k](...a);
  return /** @type {Game} */ (/** @type {unknown} */ (game));
}

// The page's core: its one wasm instance and every question the page asks it.
export class Core {
  /** @param {WasmModule} M the embind module (a node test passes its own) */
  constructor(M) { this.M = M; }

  /** Starts the core (zertz.js, loaded by the page, defines createZertz). */
  static async load() { return new Core(await /** @type {any} */ (globalThis).createZertz()); }

  get hasEngine() { return this.M.hasEngine(); }
  get hasRecords() { return this.M.hasRecords(); }
  get hasTrees() { return typeof this.M.recordToTree === 'function'; }
  get canMark() { return typeof this.M.reviewMarks === 'function'; }
  get canAccuracy() { return typeof this.M.reviewAccuracy === 'function'; }
  defaultLevel() { return this.M.defaultLevel(); }

  /** @returns {Game} */
  game() { return wrapGame(new this.M.Game()); }

  /**
   * Runs `use` on a scratch game, freed after.
   * @template T
   * @param {(g: Game) => T} use
   * @returns {T}
   */
  scratch(use) {
    const g = this.game();
    try { return use(g); } finally { g.free(); }
  }

  /**
   * The state after `moves` from the position string `start`, or null when
   * either is refused.
   * @param {string} start @param {string[]} moves
   */
  replay(start, moves) {
    return this.scratch((g) => g.setPosition(start) || g.playMoves(moves.join(' ')) ? null : g.state());
  }

  /**
   * A new game's state, or null for an unknown set or layout.
   * @param {string} marbles @param {string} layout
   */
  fresh(marbles, layout) { return this.scratch((g) => g.newGame(marbles, layout) ? null : g.state()); }

  /** @param {string} text our record or SGF @returns {RecordTree} a damaged record's legal part with `damage`, or {error} */
  recordToTree(text) { return JSON.parse(/** @type {NonNullable<WasmModule['recordToTree']>} */ (this.M.recordToTree)(text)); }

  /**
   * The tree as text (format 'record' or 'sgf'); the core's {error} JSON as
   * the text when the tree or the format is wrong.
   * @param {{meta: object, root: object}} tree @param {string} format
   */
  treeToRecord(tree, format) { return /** @type {NonNullable<WasmModule['treeToRecord']>} */ (this.M.treeToRecord)(JSON.stringify(tree), format); }

  /** A record's header read for people (record_header.h). @param {Partial<TreeMeta>} m @returns {RecordHeader} */
  recordHeader(m) { return JSON.parse(this.M.recordHeader(m.date || '', m.event || '', m.player0 || '', m.player1 || '')); }

  /**
   * The core's review marks for the moves between the positions valued
   * (core/proof/review.h): one mark per move, or {error} naming the entry.
   * @param {MarkEntry[]} values @returns {string[] & {error?: string}}
   */
  reviewMarks(values) { return JSON.parse(/** @type {NonNullable<WasmModule['reviewMarks']>} */ (this.M.reviewMarks)(JSON.stringify(values))); }

  /**
   * Each side's accuracy over a line of position values (side 0: the
   * player to move at its first position; null: no judged move).
   * @param {(string|null)[]} values @returns {{accuracy: (number|null)[], moves: number[], error?: string}}
   */
  reviewAccuracy(values) { return JSON.parse(/** @type {NonNullable<WasmModule['reviewAccuracy']>} */ (this.M.reviewAccuracy)(JSON.stringify(values))); }

  /**
   * The side to move's calibrated win probability of its engine score at a
   * position, or -1 (no model in this build, or a position string that does
   * not read).
   * @param {number} score @param {string} position
   */
  winProbability(score, position) { return this.M.winProbability ? this.M.winProbability(score, position) : -1; }

  /**
   * The whole position's hints from the hint workers' parts.
   * @param {string} start @param {string} moves @param {string[]} texts the workers' answers as they came @returns {HintResult}
   */
  hintsMerge(start, moves, texts) { return JSON.parse(this.M.hintsMerge(start, moves, texts)); }

  /** A puzzle file's text, every line checked. @param {string} text @returns {{puzzles?: Puzzle[], error?: string}} */
  readPuzzles(text) { return JSON.parse(this.M.puzzlesRead(text)); }

  /** The explorer shard holding a position. @param {string} position @returns {{shard?: number, name?: string, error?: string}} */
  explorerShardOf(position) { return JSON.parse(this.M.explorerShardOf(position)); }

  /**
   * The book's moves of a position from its shard's text, most played first.
   * @param {string} text @param {number} shard @param {string} position @returns {{moves?: ExplorerMove[], error?: string}}
   */
  explorerMoves(text, shard, position) { return JSON.parse(this.M.explorerMoves(text, shard, position)); }
}
