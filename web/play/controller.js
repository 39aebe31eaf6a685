// @ts-check
// Turn-taking and navigation: who moves next (human clicks or the engine
// worker), undo/redo that land on a human's turn, stepping through the game
// and resuming from any point.
//
// Invariant: the engine moves on its own only at the end of the game's main
// line (no moves ahead on it) and when not paused; looking back through a
// game, or into a variation (a review's better move, a record's side line),
// never triggers it: there "Continue from here" asks it to. Playing a new
// move from an earlier point starts a variation there (model.js) and resumes
// the game in it; nothing is lost. Once the game has ended (its main line
// reached a result), stepping through it is analysis: either side may be
// played by hand, a move is a variation, and the engine neither moves nor
// asks to.
import { emit, on } from '../page/events.js';

export class Controller {
  constructor(model, engine) {
    this.model = model;
    this.engine = engine;
    this.players = [{ kind: 'human' }, { kind: 'human' }];
    this.paused = false;
    // While a review's practice runs (review/learn.js) the engine does not
    // move and a move played is a variation, never the main line.
    this.practice = false;
    this.ended = false;  // the game's main line has reached its end: analysis from now on
    this.generation = 0;  // bumps on every position change; stale engine replies are dropped
    this.settled = () => Promise.resolve();  // resolves when the board's animation has ended (set by page/app.js)
    on('position', ({ state, cause }) => {
      if (cause === 'new' || cause === 'import') this.ended = false;
      if (state.over && !state.future.length && this.onMainLine()) this.ended = true;
      this.generation++;
      if (this.engine && this.engine.thinking) this.engine.stop();
      queueMicrotask(() => this.maybeEngine());
    });
    on('ready', () => this.warm());
  }

  // Loads the engine worker ahead of its first turn (after the first paint).
  warm() { if (this.engine && (this.isEngine(0) || this.isEngine(1))) this.engine.warm(); }

  get state() { return this.model.state; }
  isEngine(side) { return this.players[side].kind === 'engine'; }
  // A friend's turn in a game by link (web/link/) is played on their device.
  humanToMove() { return !this.state.over && (this.ended || this.players[this.state.turn].kind === 'human'); }
  hasHuman() { return !this.isEngine(0) || !this.isEngine(1); }
  waitingToResume() {
    const s = this.state;
    return !s.over && !this.ended && this.isEngine(s.turn) && (this.paused || s.future.length > 0 || !this.onMainLine()) && !!this.engine;
  }
  onMainLine() { return this.model.tree.isMain(this.model.node); }

  setPlayers(players) {
    this.players = players;
    this.paused = false;
    if (document.body.dataset.ready) this.warm();
  }

  // Against the engine the game goes on where a move is played: a move
  // after an undo becomes the main line and the moves it replaced a
  // variation (kept, never dropped). Between humans it is a variation.
  play(text) {
    const err = this.model.play(text, { main: !this.practice && !this.ended && (this.isEngine(0) || this.isEngine(1)) });
    if (err) emit('message', { text: err, kind: 'error', input: true });
    else this.paused = false;
    return err;
  }

  maybeEngine(force = false) {
    const s = this.state;
    if (s.over || this.ended || this.practice || !this.isEngine(s.turn) || !this.engine) return;
    if (!force && (this.paused || s.future.length > 0 || !this.onMainLine())) return;
    this.paused = false;
    const gen = this.generation;
    this.engine.think({ start: s.start, moves: s.moves.join(' '), level: this.players[s.turn].level, timeMs: this.players[s.turn].timeMs || 0 })
      .then(async (r) => {
        // The reply waits until the last move's animation has ended (or was
        // skipped); the status line then describes it in words.
        await this.settled();
        if (gen !== this.generation) return;
        const err = this.model.play(r.move, { main: true });
        if (err) emit('message', { text: `engine move ${r.move} rejected: ${err}`, kind: 'error' });
      })
      .catch((e) => {
        if (e.stopped) return;
        if (gen === this.generation) emit('message', { text: `Engine error: ${e.message}`, kind: 'error' });
      });
  }

  stop() {
    if (!this.engine || !this.engine.thinking) return;
    this.paused = true;
    this.engine.stop();
    emit('message', { text: 'Engine stopped. Press “Continue from here” to let it move.', kind: 'info' });
    emit('position', { state: this.state, cause: 'paused' });
  }

  resume() { this.maybeEngine(true); }

  // Undo: one move, then on past engine moves so a human is to move
  // (with an engine opponent, undo takes back your move and its reply).
  undo() {
    this.paused = true;
    const m = this.model;
    let target = m.ply - 1;
    if (target < 0) return;
    if (this.hasHuman()) {
      while (target > 0 && this.isEngine(this.sideToMoveAt(target))) target--;
    }
    m.gotoPly(target);
  }

  redo() {
    const m = this.model;
    const total = m.ply + this.state.future.length;
    let target = m.ply + 1;
    if (target > total) return;
    if (this.hasHuman()) while (target < total && this.isEngine(this.sideToMoveAt(target))) target++;
    m.gotoPly(target);
    if (target === total) this.paused = false;
    queueMicrotask(() => this.maybeEngine());
  }

  gotoPly(n) {
    const total = this.model.ply + this.state.future.length;
    n = Math.max(0, Math.min(total, n));
    this.paused = n < total;
    this.model.gotoPly(n);
  }

  gotoNode(node) {
    this.model.gotoNode(node);
    this.paused = this.state.future.length > 0;
  }

  // To the previous (-1) or next (+1) variation of the current move; false
  // when there is none that way.
  sibling(step) {
    const all = this.model.siblings();
    const i = all.indexOf(this.model.node) + step;
    if (all.length < 2 || i < 0 || i >= all.length) return false;
    this.gotoNode(all[i]);
    return true;
  }

  sideToMoveAt(ply) { return this.model.turnAt(ply); }
}
