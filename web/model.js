// The game model: one wasm Game (core/Game plus a redo list) and its state
// as JSON. Holds no rule: legality, captures, isolation and results all come
// from the core. Every change emits 'position' with the fresh state.
//
// state fields (wasm/game.cpp WebGame::state):
//   layout, marbles, columns, cells[{n,c,h,ring,m}], pool[3], caps[2][3],
//   total[3], winSingle[3], winEach, turn, over, winner, reason, resultText,
//   forcedCapture, fromCaptures, legal[{t,k,c,to,rm,from,path,over}],
//   moves[text], future[text], last (a move like legal[]), isolated[{n,m}],
//   position, start
import { emit } from './events.js';

export const COLORS = ['W', 'G', 'B'];
export const COLOR_NAMES = { W: 'white', G: 'grey', B: 'black' };
export const LAYOUTS = ['37', '40', '43', '44', '48', '61'];
export const MARBLE_SETS = ['blitz', 'standard'];

export class Model {
  constructor(wasm) {
    this.wasm = wasm;
    this.game = new wasm.Game();
    this.state = JSON.parse(this.game.state());
  }
  get hasEngine() { return this.wasm.hasEngine(); }
  get hasRecords() { return this.wasm.hasRecords(); }

  // Each loader returns '' or an error message, and changes nothing on error.
  newGame(marbles, layout, { position = '', moves = '' } = {}) {
    const trial = new this.wasm.Game();
    try {
      let err = position ? trial.setPosition(position) : trial.newGame(marbles, layout);
      if (err) return position ? `position: ${err}` : err;
      if (moves) {
        err = trial.playMoves(moves);
        if (err) return `moves: ${err}`;
      }
    } catch (e) {
      trial.delete();
      throw e;
    }
    this.game.delete();
    this.game = trial;
    this.changed('new');
    return '';
  }

  play(text) {
    const err = this.game.play(text);
    if (!err) this.changed('move');
    return err;
  }
  undo() { if (this.game.undo()) this.changed('undo'); }
  redo() { if (this.game.redo()) this.changed('redo'); }
  gotoPly(n) { if (n !== this.game.ply()) { this.game.gotoPly(n); this.changed('goto'); } }

  // {summary, damaged, tags} or {error}; on error the game is unchanged.
  importRecord(text, allowDamaged = false) {
    if (!this.hasRecords) return { error: 'record import is not in this build' };
    const res = JSON.parse(this.game.importRecord(text, allowDamaged));
    if (!res.error) this.changed('import');
    return res;
  }
  exportRecord(tags) { return this.game.exportRecord(tagText(tags)); }
  exportSgf(tags) { return this.game.exportSgf(tagText(tags)); }

  changed(cause) {
    this.state = JSON.parse(this.game.state());
    emit('position', { state: this.state, cause });
  }
}

function tagText(tags) {
  return Object.entries(tags || {}).map(([k, v]) => `${k}=${String(v).replace(/\n/g, ' ')}`).join('\n');
}
