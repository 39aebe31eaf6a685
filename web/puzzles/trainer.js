// @ts-check
// One puzzle being solved, without the page: the moves played from its
// position, and the judgement of each of the solver's moves. The first move
// is judged by the puzzle's proven solutions; later ones by the puzzle's line
// while the solver follows it, else by the hint workers' proof (a move is
// good when the defender is then proven lost). The defender answers from the
// line, or, off the line, with the proof's best defence. A wrong move is
// answered by the proof's refutation. Nothing here knows a rule: the core's
// game plays the moves and the proof values them.
import { positionWords, shownValue } from '../hints/values.js';
/** @typedef {import('../core/wasm-core.js').Puzzle} Puzzle */
/** @typedef {import('../core/wasm-core.js').HintResult} HintResult */
/** @typedef {{verdict: 'good'|'solved'|'wrong', reply?: string, words?: string}} Judgement */

export class Trainer {
  /**
   * @param {import('../core/wasm-core.js').Core} core @param {Puzzle} puzzle
   * @param {(moves: string[]) => Promise<HintResult>} prove the hints for the position after these moves
   * @param {string[]} names the players' names, player 0 first
   */
  constructor(core, puzzle, prove, names) {
    this.puzzle = puzzle;
    this.prove = prove;
    this.names = names;
    this.game = core.game();
    const err = this.game.setPosition(puzzle.position);
    if (err) throw new Error(`puzzle ${puzzle.id}: ${err}`);
    this.solver = this.game.state().turn;
    /** @type {string[]} */
    this.played = [];
    this.onLine = true;  // every move so far is the line's
    this.failed = false;
    this.solved = false;
  }

  state() { return this.game.state(); }
  free() { this.game.free(); }

  /** @param {string} move */
  play(move) {
    const err = this.game.play(move);
    if (err) throw new Error(`${move}: ${err}`);
    this.played.push(move);
  }

  /**
   * Judges and plays the solver's move, then the defender's answer.
   * @param {string} move canonical @returns {Promise<Judgement>}
   */
  async attempt(move) {
    const { line, solutions } = this.puzzle;
    const k = this.played.length;
    /** @type {HintResult|null} */
    let proof = null;
    let good = this.onLine && move === line[k];
    if (!good && k === 0) good = solutions.includes(move);
    else if (!good) good = (proof = await this.prove([...this.played, move])).value === 'loss';
    if (good && move !== line[k]) this.onLine = false;
    this.play(move);
    const s = this.state();
    if (!good) return this.refute(move, proof);
    if (s.over && s.winner === this.solver) { this.solved = true; return { verdict: 'solved' }; }
    if (s.over) return this.refute(move, proof);
    const reply = this.onLine ? line[k + 1] : (proof || await this.prove(this.played)).best;
    if (!reply) return { verdict: 'wrong', words: `No defence of ${this.names[1 - this.solver]} could be found.` };
    this.play(reply);
    return { verdict: 'good', reply };
  }

  // The wrong move's refutation: the defender's best move, in words why.
  /** @param {string} move @param {HintResult|null} proof */
  async refute(move, proof) {
    this.failed = true;
    const s = this.state();
    if (s.over) return { verdict: /** @type {'wrong'} */ ('wrong'), words: `After ${move}, ${s.resultText}` };
    const r = proof || await this.prove(this.played);
    const defender = 1 - this.solver;
    let words = `After ${move}, no win is proven any more.`;
    if (r.value === 'win') words = `After ${move}, ${positionWords(shownValue(r), defender, this.names).text}.`;
    else if (r.value === 'draw') words = `After ${move}, the game is drawn with best play.`;
    if (r.best) this.play(r.best);
    return { verdict: /** @type {'wrong'} */ ('wrong'), reply: r.best, words };
  }

  // Back to before the last wrong move (and its refutation).
  /** @param {number} ply */
  takeBack(ply) {
    this.game.gotoPly(ply);
    this.played.length = ply;
  }

  // The move the hints show now: the line's while on it, else the proof's best.
  async expected() {
    if (this.onLine) return this.puzzle.line[this.played.length];
    return (await this.prove(this.played)).best || '';
  }
}
