// @ts-check
// The game tree as view state, in the shared game tree JSON (HELPERS.md,
// produced and consumed by the core's recordToTree / treeToRecord):
//   {meta, root: {comment, children}}, node = {move, comment, mark, children}
// children[0] is the main line. Moves are the core's canonical texts: every
// move entered the tree through the core (Model.play or a record the core
// read), so this file holds no rule, only the shape of the tree.
//
// Parents are kept in a WeakMap, not in the nodes, so the tree stays the
// plain JSON the core reads.
export function newNode(move, extra = {}) {
  return { move, comment: '', mark: '', children: [], ...extra };
}

export function emptyMeta() {
  return { player0: '', player1: '', date: '', event: '', result: '', resultReason: '', variant: { marbles: '', layout: '' }, start: '' };
}

export class Tree {
  constructor(json) {
    this.meta = { ...emptyMeta(), ...(json && json.meta) };
    this.root = (json && json.root) || { comment: '', children: [] };
    this.parents = new WeakMap();
    this.index(this.root);
  }

  index(node) {
    node.children = node.children || [];
    for (const c of node.children) {
      c.comment = c.comment || '';
      c.mark = c.mark || '';
      this.parents.set(c, node);
      this.index(c);
    }
  }

  parent(node) { return this.parents.get(node) || null; }

  // Nodes from the root's child down to `node` (empty for the root).
  pathTo(node) {
    const path = [];
    for (let n = node; n && n !== this.root; n = this.parent(n)) path.unshift(n);
    return path;
  }

  // The child of `node` with this move, or a new one (main line when it is
  // the first, else a variation after the others).
  child(node, move) {
    const old = node.children.find((c) => c.move === move);
    if (old) return { node: old, added: false };
    const c = newNode(move);
    node.children.push(c);
    this.parents.set(c, node);
    return { node: c, added: true };
  }

  mainLine(from = this.root) {
    const line = [];
    for (let n = from.children[0]; n; n = n.children[0]) line.push(n);
    return line;
  }

  isMain(node) {
    for (let n = node; n && n !== this.root; n = this.parent(n)) if (this.parent(n).children[0] !== n) return false;
    return true;
  }

  // Makes the line through `node` the main line at every branch above it.
  promote(node) {
    let changed = false;
    for (let n = node; n && n !== this.root; n = this.parent(n)) {
      const siblings = this.parent(n).children;
      const i = siblings.indexOf(n);
      if (i > 0) { siblings.splice(i, 1); siblings.unshift(n); changed = true; }
    }
    return changed;
  }

  // Removes `node` and everything after it; returns the number of moves gone.
  remove(node) {
    const p = this.parent(node);
    if (!p) return 0;
    p.children.splice(p.children.indexOf(node), 1);
    return size(node);
  }

  toJSON() { return { meta: this.meta, root: this.root }; }
}

export function size(node) {
  let n = 1;
  for (const c of node.children) n += size(c);
  return n;
}
