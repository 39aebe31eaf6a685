// @ts-check
// The game model: the game tree (tree.js, view state in the shared game tree
// JSON) and one core Game (core/wasm-core.js) that holds the current line, the moves from the
// start to the end of the line being looked at, with the game stepped back
// to the current node (the moves after it are the core's redo list). Holds
// no rule: legality, captures, isolation and results all come from the core.
// Every change emits 'position' with the fresh state.
//
// Invariant: game.moves + game's redo list == this.line's moves, and
// game.ply() is the current node's depth. this.line is what undo/redo and
// the arrows step along. Playing a move that is not the
// next one on the line adds a variation; nothing is ever dropped here
// without the caller asking (remove()).
//
// state: the core's GameState (core/wasm-core.js) plus the current node.
import { emit } from '../page/events.js';
import { Tree, newNode, size } from './tree.js';

/** @typedef {import('../core/wasm-core.js').TreeNode} TreeNode */
/** @typedef {import('../core/wasm-core.js').GameState & {node: TreeNode}} PositionState  node: the tree's node shown (its root at the start) */

export const COLORS = ['W', 'G', 'B'];
export const COLOR_NAMES = { W: 'white', G: 'grey', B: 'black' };
export const LAYOUTS = ['37', '40', '43', '44', '48', '61'];
export const MARBLE_SETS = ['blitz', 'standard'];

export class Model {
  /** @param {import('../core/wasm-core.js').Core} core */
  constructor(core) {
    this.core = core;
    this.game = core.game();
    this.tree = new Tree();
    this.line = [];
    this.state = this.read();
    // Whether the game shown came from a record (import) rather than a new
    // game: views that load later (web/review/review.js) read it, having missed the
    // 'import' change.
    this.imported = false;
  }
  get hasEngine() { return this.core.hasEngine; }
  get hasRecords() { return this.core.hasRecords; }
  get hasTrees() { return this.core.hasTrees; }
  get ply() { return this.game.ply(); }
  // The side to move after `ply` moves of the line (-1 beyond it).
  turnAt(ply) { return this.game.turnAt(ply); }
  // The node the board shows (the tree's root at the start).
  get node() { return this.ply ? this.line[this.ply - 1] : this.tree.root; }
  get path() { return this.line.slice(0, this.ply); }

  // Each loader returns '' or an error message, and changes nothing on error.
  newGame(marbles, layout, { position = '', moves = '' } = {}) {
    const trial = this.core.game();
    try {
      let err = position ? trial.setPosition(position) : trial.newGame(marbles, layout);
      if (err) return position ? `position: ${err}` : err;
      if (moves) {
        err = trial.playMoves(moves);
        if (err) return `moves: ${err}`;
      }
    } catch (e) {
      trial.free();
      throw e;
    }
    const st = trial.state();
    const tree = new Tree({ meta: { variant: { marbles: st.marbles, layout: st.layout }, start: position ? trial.startPositionString() : '' } });
    let at = tree.root;
    for (const m of st.moves) at = tree.child(at, m).node;
    this.adopt(trial, tree);
    this.imported = false;
    this.changed('new');
    return '';
  }

  adopt(game, tree) {
    this.game.free();
    this.game = game;
    this.tree = tree;
    this.line = tree.mainLine();
  }

  // Plays a move (any text the core reads) at the current node: the next
  // move of the line, a known variation, or a new variation (made the main
  // line when `main`: a game against the engine goes on where it is played).
  play(text, { main = false } = {}) {
    const before = this.path;
    const err = this.game.play(text);  // drops the core's redo list; the line is rebuilt below
    if (err) return err;
    const played = this.game.state();
    const { node, added } = this.tree.child(this.node0(before), played.last.t);
    const line = [...before, node, ...(added ? [] : this.continuation(node))];
    if (main) this.tree.promote(node);
    this.game.undo();
    this.setLine(line, before.length + 1, before.length);
    this.changed('move');
    return '';
  }
  node0(path) { return path.length ? path[path.length - 1] : this.tree.root; }

  // Where forward goes after `node` when it is chosen (clicked, or a move
  // known to the tree replayed): its main line, as on lichess. Undo and redo
  // keep the line they are on (gotoPly).
  continuation(node) { return this.tree.mainLine(node); }

  // Makes `line` the core's line and steps to `ply`. `shared`: how many of
  // its first moves are already the core's line.
  setLine(line, ply, shared = this.sharedPrefix(line)) {
    if (shared < line.length || this.line.length !== line.length) {
      this.game.gotoPly(shared);
      for (let i = shared; i < line.length; ++i) {
        const err = this.game.play(line[i].move);
        if (err) {  // only a tree from outside can hold one (a damaged record)
          emit('message', { text: `move ${i + 1} (${line[i].move}) of this line is not legal: ${err}`, kind: 'error' });
          line = line.slice(0, i);
          break;
        }
      }
    }
    this.line = line;
    this.seek(Math.min(ply, line.length));
  }
  sharedPrefix(line) {
    const max = Math.min(line.length, this.line.length);
    let k = 0;
    while (k < max && line[k] === this.line[k]) ++k;
    return k;
  }
  // Steps the core to `n` moves by arriving on the last one forwards, so
  // its state names what that move isolated (stepping back forgets it).
  seek(n) {
    if (n > 0 && this.game.ply() !== n) this.game.gotoPly(n - 1);
    this.game.gotoPly(n);
  }

  gotoPly(n) {
    const from = this.ply;
    n = Math.max(0, Math.min(this.line.length, n));
    if (n === from) return;
    this.seek(n);
    this.changed(n === from + 1 ? 'step' : 'goto');
  }
  undo() { this.gotoPly(this.ply - 1); }
  redo() { this.gotoPly(this.ply + 1); }

  gotoNode(node) {
    if (node === this.node) return;
    const path = this.tree.pathTo(node);
    const stepping = path.length === this.ply + 1 && path[this.ply - 1] === this.node;
    this.setLine([...path, ...this.continuation(node)], path.length);
    this.changed(stepping ? 'step' : 'goto');
  }

  // The current node's siblings in order (variations of the same position).
  siblings(node = this.node) {
    const p = this.tree.parent(node);
    return p ? p.children : [node];
  }

  promote(node) {
    if (!this.tree.promote(node)) return;
    this.changed('tree');
  }

  // Removes `node` and what follows it; the board goes to its parent when it
  // showed a removed node. Returns the number of moves removed.
  remove(node) {
    const onPath = this.path.includes(node);
    const inLine = this.line.includes(node);
    const parent = this.tree.parent(node);
    const n = this.tree.remove(node);
    if (!n) return 0;
    if (inLine) {
      const path = this.tree.pathTo(parent);
      this.setLine([...path, ...this.tree.mainLine(parent)], onPath ? path.length : this.ply, path.length);
    }
    this.changed('tree');
    return n;
  }
  movesAfter(node) { return size(node); }

  // A record in any format the core reads. {summary, damaged, meta} or
  // {error}; on error the game is unchanged. The core gives the tree
  // (variations, comments, names, result) when it has recordToTree.
  importRecord(text, allowDamaged = false) {
    if (!this.hasRecords) return { error: 'record import is not in this build' };
    const trial = this.core.game();
    const res = trial.importRecord(text, allowDamaged);
    if (res.error) { trial.free(); return res; }
    let tree = null;
    if (this.hasTrees) {
      const t = this.core.recordToTree(text);
      if (!t.error) tree = new Tree(t);
    }
    if (!tree) tree = treeFromTags(res.tags || {}, trial.state().moves);
    trial.gotoPly(0);
    this.adopt(trial, tree);
    // The main line as the core replayed it (a damaged record's legal prefix).
    this.setLine(this.line, this.line.length, 0);
    this.imported = true;
    this.changed('import');
    return { ...res, meta: this.tree.meta };
  }

  // The whole tree as our record or SGF; without the core's tree writer,
  // the main line.
  exportText(format, tags) {
    if (this.hasTrees) {
      const json = this.tree.toJSON();
      json.meta = { ...json.meta, ...metaFromTags(tags, json.meta) };
      return this.core.treeToRecord(json, format);
    }
    return this.core.scratch((g) => {
      g.setPosition(this.state.start);
      g.playMoves(this.tree.mainLine().map((n) => n.move).join(' '));
      return g.exportText(format, tagText(tags));
    });
  }
  exportRecord(tags) { return this.exportText('record', tags); }
  exportSgf(tags) { return this.exportText('sgf', tags); }

  /** @returns {PositionState} */
  read() { return { ...this.game.state(), node: this.node }; }

  changed(cause) {
    this.state = this.read();
    emit('position', { state: this.state, cause });
  }
}

function tagText(tags) {
  return Object.entries(tags || {}).map(([k, v]) => `${k}=${String(v).replace(/\n/g, ' ')}`).join('\n');
}

// Tags given by the page (Player0/Player1 for a game played here) fill the
// names a record did not bring.
function metaFromTags(tags, meta) {
  const out = {};
  if (tags && tags.Player0 && !meta.player0) out.player0 = tags.Player0;
  if (tags && tags.Player1 && !meta.player1) out.player1 = tags.Player1;
  return out;
}

function treeFromTags(tags, moves) {
  const tree = new Tree({ meta: { player0: tags.Player0 || '', player1: tags.Player1 || '', date: tags.Date || '', event: tags.Event || '', result: tags.Result || tags.SgfResult || '' } });
  let at = tree.root;
  for (const m of moves) { const c = newNode(m); at.children.push(c); tree.parents.set(c, at); at = c; }
  return tree;
}
