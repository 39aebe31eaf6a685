// @ts-check
// The puzzles page (docs/puzzles.md): positions from real games where the
// side to move forces a win, solved on the game's board. The core reads the
// puzzle file (a damaged line is refused naming the line and the field),
// plays every move and lists the legal ones; the hint workers prove what the
// file does not say (puzzles/trainer.js); puzzles/rating.js keeps the
// player's rating in localStorage and chooses puzzles near it.
//
// Test hooks (stable): data-testid="puzzle" holds the board (data-cell
// rings, data-pool colours as on the game page); "puzzle-status" with
// data-state="solving|good|solved|failed|busy" and data-puzzle=<id>;
// "puzzle-feedback", "puzzle-hint" (its data-level after a click),
// "puzzle-hint-text", "puzzle-retry", "puzzle-next", "puzzle-rating"
// (data-rating), "puzzle-streak" (aria-pressed), "streak" (data-streak),
// "puzzle-info", "puzzle-notice" (a permalink that names no puzzle),
// "puzzle-error" (the file is missing or damaged).
import { Core } from '../core/wasm-core.js';
import { $ } from '../page/dom.js';
import { Board } from '../play/board.js';
import { Input } from '../play/input.js';
import { renderPool, renderPlayers } from '../play/panel.js';
import { namesOrDefault } from '../play/describe.js';
import { HintsClient, workerOptions } from '../hints/client.js';
import { Trainer } from './trainer.js';
import { hintText, themeWords } from './words.js';
import { loadProfile, saveProfile, nextRating, tryScore, choosePuzzle, streakTarget } from './rating.js';
/** @typedef {import('../core/wasm-core.js').Puzzle} Puzzle */

const FILE = 'puzzles/puzzles.jsonl';
const PROOF_MS = 3000;  // each question to the hint workers (a puzzle's wins are a few turns deep)
const newStreak = () => ({ count: 0, seen: new Set(), over: false });
const testid = (id) => $(`[data-testid="${id}"]`);
const say = (id, text) => { testid(id).textContent = text; };

class PuzzlePage {
  /** @param {Core} core @param {Puzzle[]} puzzles */
  constructor(core, puzzles) {
    this.core = core;
    this.puzzles = puzzles;
    this.byId = new Map(puzzles.map((p) => [p.id, p]));
    this.lowest = Math.min(...puzzles.map((p) => p.rating));
    this.storage = (() => { try { return window.localStorage; } catch { return null; } })();
    this.profile = loadProfile(this.storage);
    const params = new URLSearchParams(location.search);
    this.client = HintsClient.forPage(core, workerOptions((k) => params.get(k)));
    this.board = new Board($('#puzzle-board'), (cell) => this.click(cell));
    this.input = new Input();
    /** @type {Trainer|null} */
    this.trainer = null;
    this.streak = null;  // streak mode: {count, seen: Set of ids}
    this.hintedMarble = '';  // the pool colour the marble hint marks
    this.phase = 'busy';
    testid('puzzle-next').addEventListener('click', () => this.next());
    testid('puzzle-retry').addEventListener('click', () => this.retry());
    testid('puzzle-hint').addEventListener('click', () => this.hint());
    testid('puzzle-streak').addEventListener('click', () => this.toggleStreak());
    window.addEventListener('hashchange', () => this.fromHash());
  }

  // The puzzle the address names, else one near the player's rating.
  fromHash() {
    const id = decodeURIComponent(location.hash.slice(1));
    if (this.trainer && id === this.trainer.puzzle.id) return;
    say('puzzle-notice', '');
    if (id && this.byId.has(id)) { this.open(/** @type {Puzzle} */ (this.byId.get(id))); return; }
    if (id) say('puzzle-notice', /^[0-9a-f]{12}$/.test(id) ? `No puzzle has the id ${id} in this set: here is another one.` : `“${id.slice(0, 40)}” is not a puzzle id (12 hex digits): here is a puzzle near your rating.`);
    this.next();
  }

  next() {
    if (this.streak && this.streak.over) this.streak = newStreak();  // a miss ended it: the next puzzle starts another
    const seen = this.streak ? [...this.profile.seen, ...this.streak.seen] : this.profile.seen;
    const target = this.streak ? streakTarget(this.lowest, this.streak.count) : this.profile.rating;
    this.open(choosePuzzle(this.puzzles, target, seen, Math.random));
  }

  /** @param {Puzzle} puzzle */
  open(puzzle) {
    if (this.trainer) this.trainer.free();
    const src = puzzle.source, names = namesOrDefault(src.players);
    this.trainer = new Trainer(this.core, puzzle, (moves) => this.prove(moves), names);
    this.names = names;
    this.rated = this.profile.seen.includes(puzzle.id);  // a puzzle tried before is not rated again
    this.counted = false;
    this.hints = 0;
    this.hintedMarble = '';
    if (this.streak) this.streak.seen.add(puzzle.id);
    history.replaceState(null, '', `#${puzzle.id}`);
    this.input.clear();
    if (this.board.layers) this.board.clearMarks();  // (none before the first drawing)
    this.setPhase('solving', '');
    say('puzzle-hint-text', '');
    say('puzzle-info', '');
    testid('puzzle-status').dataset.puzzle = puzzle.id;
    this.draw();
  }

  /** @param {string[]} moves */
  prove(moves) {
    const t = /** @type {Trainer} */ (this.trainer);
    return this.client.ask({ start: t.puzzle.position, moves: moves.join(' '), set: t.state().marbles }, PROOF_MS);
  }

  /** @param {string} phase @param {string} feedback */
  setPhase(phase, feedback) {
    this.phase = phase;
    const t = /** @type {Trainer} */ (this.trainer), who = this.names[t.solver];
    const status = {
      solving: `${who} to move (you play ${who}, the ${t.solver ? 'second' : 'first'} player): find the winning move.`,
      good: `${who} to move: find the next winning move.`,
      busy: 'Checking the move…',
      solved: 'Solved!',
      failed: 'Not the winning move.',
    }[phase];
    const el = testid('puzzle-status');
    el.textContent = status;
    el.dataset.state = phase;
    say('puzzle-feedback', feedback);
    testid('puzzle-retry').hidden = phase !== 'failed';
    /** @type {HTMLButtonElement} */ (testid('puzzle-hint')).disabled = !['solving', 'good'].includes(phase);
    this.showScore();
  }

  draw() {
    const t = /** @type {Trainer} */ (this.trainer), s = t.state(), input = this.input;
    const humanTurn = ['solving', 'good'].includes(this.phase) && !s.over && s.turn === t.solver;
    const opts = humanTurn ? input.options(s) : { cells: new Set(), removable: new Set(), colors: new Set() };
    const m = s.last;
    this.board.render(s, {
      clickable: opts.cells, removable: opts.removable, chosen: input.chosen(), last: m,
      ghost: input.target && input.color ? { cell: input.target, color: input.color } : null,
      removedOutline: m && m.k === 'place' ? [...(m.rm ? [m.rm] : []), ...s.isolated.map((x) => x.n)] : [],
    });
    const ctx = { names: this.names, players: [{ kind: 'engine' }, { kind: 'engine' }], colors: opts.colors, humanTurn, chosenColor: input.color,
      onColor: (c) => { if (input.chooseColor(s, c)) this.draw(); }, onRename() {}, onTray() {}, outcome: null };
    renderPool($('#puzzle-pool'), s, ctx);
    // The marble hint marks its pool colour until the next move or puzzle.
    const hinted = this.hintedMarble && humanTurn ? $(`#puzzle-pool [data-pool="${this.hintedMarble}"]`) : null;
    if (hinted) hinted.dataset.hinted = 'true';
    renderPlayers($('#puzzle-players'), s, ctx);
  }

  /** @param {string} cell */
  click(cell) {
    if (!['solving', 'good'].includes(this.phase)) return;
    const r = this.input.clickCell(/** @type {Trainer} */ (this.trainer).state(), cell);
    if (r.move) this.attempt(r.move);
    else { if (r.note) say('puzzle-feedback', r.note); this.draw(); }
  }

  /** @param {string} move */
  async attempt(move) {
    const t = /** @type {Trainer} */ (this.trainer);
    this.before = t.played.length;
    this.board.clearMarks();
    this.hintedMarble = '';
    this.setPhase('busy', '');
    this.draw();
    let j;
    try {
      j = await t.attempt(move);
    } catch (e) {
      j = { verdict: 'wrong', words: `The move could not be checked: ${e.message || e}` };
    }
    if (t !== this.trainer) return;  // another puzzle was opened meanwhile
    const defender = this.names[1 - t.solver];
    if (j.verdict === 'good') this.setPhase('good', `${move} is right. ${defender} answers ${j.reply}.`);
    else {
      this.result(j.verdict === 'solved');
      this.setPhase(j.verdict === 'solved' ? 'solved' : 'failed', j.verdict === 'solved' ? `${move} wins.` : `${j.words}${j.reply ? ` (${defender} plays ${j.reply}.)` : ''}`);
      this.showInfo();
    }
    this.draw();
  }

  // A puzzle's first result moves the rating, unless it was tried on an
  // earlier visit, and goes on or ends a streak.
  /** @param {boolean} solved */
  result(solved) {
    if (this.counted) return;
    this.counted = true;
    const p = this.profile, t = /** @type {Trainer} */ (this.trainer);
    const ok = solved && !t.failed;
    if (!this.rated) {
      p.rating = nextRating(p.rating, t.puzzle.rating, tryScore(ok, this.hints), p.tries);
      p.tries++;
      p.seen.push(t.puzzle.id);
    }
    if (this.streak) {
      if (ok) this.streak.count++;
      p.streakBest = Math.max(p.streakBest, this.streak.count);
      if (!ok) this.streak.over = true;
    }
    saveProfile(this.storage, p);
  }

  retry() {
    const t = /** @type {Trainer} */ (this.trainer);
    t.takeBack(this.before);
    this.input.clear();
    this.setPhase(this.before ? 'good' : 'solving', 'Try again: this try already counted as a miss.');
    this.draw();
  }

  async hint() {
    const t = /** @type {Trainer} */ (this.trainer);
    this.hints = Math.min(3, this.hints + 1);
    testid('puzzle-hint').dataset.level = String(this.hints);
    let move = '';
    try { move = await t.expected(); } catch { /* no proof now: the theme only */ }
    if (t !== this.trainer) return;
    const legal = t.state().legal.find((m) => m.t === move);
    const { text, cell, marble } = hintText(t.puzzle.themes, legal, this.hints);
    say('puzzle-hint-text', text);
    if (cell) this.board.setMarks([{ cell, kind: 'highlight' }]);
    this.hintedMarble = marble || '';
    this.draw();
  }

  toggleStreak() {
    this.streak = this.streak ? null : newStreak();
    testid('puzzle-streak').setAttribute('aria-pressed', String(!!this.streak));
    this.next();
  }

  showScore() {
    const p = this.profile, el = testid('puzzle-rating');
    el.textContent = `Your rating: ${p.rating}`;
    el.dataset.rating = String(p.rating);
    const s = testid('streak');
    s.dataset.streak = this.streak ? String(this.streak.count) : '';
    s.textContent = this.streak ? `${this.streak.over ? 'Streak over' : 'Streak'}: ${this.streak.count} (best ${p.streakBest})` : '';
  }

  // After the result: the puzzle's rating, themes, its game, the permalink.
  showInfo() {
    const t = /** @type {Trainer} */ (this.trainer), p = t.puzzle, src = p.source;
    const date = src.date ? this.core.recordHeader({ date: src.date }).date : '';
    const game = src.players[0] ? ` From ${src.players[0]} vs ${src.players[1]}${date ? `, ${date}` : ''}, after ${src.ply} moves; ${src.found ? 'the player found it' : 'the player missed it'}.` : '';
    say('puzzle-info', `Puzzle ${p.id}, rated ${p.rating}. ${themeWords(p.themes)}.${game}`);
  }
}

async function main() {
  const core = await Core.load();
  const resp = await fetch(FILE);
  if (!resp.ok) throw new Error(resp.status === 404 ? `this site has no puzzle file (${FILE})` : `${FILE}: HTTP ${resp.status}`);
  const read = core.readPuzzles(await resp.text());
  if (read.error) throw new Error(`${FILE} is damaged: ${read.error}`);
  if (!read.puzzles || !read.puzzles.length) throw new Error(`${FILE} holds no puzzle`);
  new PuzzlePage(core, read.puzzles).fromHash();
  document.body.dataset.ready = '1';
}

main().catch((e) => {
  say('puzzle-error', `The puzzles could not be loaded: ${e.message || e}`);
  say('puzzle-status', 'No puzzle.');
  document.body.dataset.ready = '1';
});
