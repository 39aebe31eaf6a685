// The move list as a tree, as on lichess's analysis board: the main line in
// numbered rows, each variation inline in parentheses after the move it is
// an alternative to (nested variations inside their parent's parentheses).
// Below the list: the current move's variation tools (make it the main line,
// delete from here, with a confirmation when more than one move would go)
// and the comment at the current move; above it, the record's names, date,
// event and result.
//
// Test hooks (stable): data-testid="move" on every move, main line and
// variations alike, with data-ply (its depth from the start), data-line=
// "main|variation", data-future on the moves of the current line after the
// current one, aria-current="step" on the current one and data-mark=
// "decisive|mistake" from a review; data-testid="variation" on each
// variation; data-testid="promote", "delete-move", "confirm-delete",
// "comment", "game-info".
// Hover or focus on a move emits 'move-hover' {move, node} (null when left).
import { h, $ } from './dom.js';

const GLYPH = { decisive: '??', mistake: '?' };
const moveNumber = (ply, first) => (ply % 2 === 0 ? `${ply / 2 + 1}.` : first ? `${(ply + 1) / 2}…` : '');

export class MoveList {
  // on: {goto(node), promote(node), remove(node), hover(node|null)}
  constructor(box, on) {
    this.on = on;
    this.list = $('[data-testid="moves"]', box);
    this.info = h('div', { class: 'game-info', 'data-testid': 'game-info', hidden: true });
    // The comment sits above the list, so a long game never hides it.
    this.comment = h('div', { class: 'comment', 'data-testid': 'comment', 'aria-live': 'polite', hidden: true });
    this.list.before(this.info, this.comment);
    this.promoteButton = h('button', { type: 'button', 'data-testid': 'promote', title: 'Make this variation the main line', onclick: () => on.promote(this.model.node) }, 'Make main line');
    this.deleteButton = h('button', { type: 'button', 'data-testid': 'delete-move', title: 'Delete this move and the moves after it', onclick: () => this.askDelete() }, 'Delete from here');
    this.confirm = h('span', { class: 'confirm', hidden: true });
    this.tools = h('div', { class: 'tree-tools' }, this.promoteButton, this.deleteButton, this.confirm);
    this.list.after(this.tools);
  }

  askDelete() {
    const node = this.model.node;
    const n = this.model.movesAfter(node);
    if (n <= 1) { this.on.remove(node); return; }
    this.confirm.replaceChildren(`Delete ${n} moves?`,
      h('button', { type: 'button', 'data-testid': 'confirm-delete', class: 'danger', onclick: () => { this.confirm.hidden = true; this.on.remove(node); } }, 'Delete'),
      h('button', { type: 'button', onclick: () => { this.confirm.hidden = true; } }, 'Keep'));
    this.confirm.hidden = false;
  }

  render(model) {
    this.model = model;
    const { tree, ply } = model;
    this.current = model.node;
    this.future = new Set(model.line.slice(ply));
    this.list.textContent = '';
    let row = null, parent = tree.root;
    tree.mainLine().forEach((node, i) => {
      if (!row) {
        row = h('li', {}, h('span', { class: 'num' }, moveNumber(i, true) || `${(i + 1) / 2}…`));
        if (i % 2) row.append(h('span', { class: 'gap', 'aria-hidden': 'true' }, '…'));
        this.list.append(row);
      }
      row.append(this.button(node, i + 1, 'main'));
      const alts = parent.children.slice(1);
      if (alts.length) {
        this.list.append(h('li', { class: 'variations' }, alts.map((a) => this.variation(a, i))));
        row = null;
      } else if (i % 2) row = null;
      parent = node;
    });
    this.confirm.hidden = true;
    this.tools.hidden = !tree.root.children.length;  // nothing to promote or delete yet
    this.promoteButton.disabled = !ply || tree.isMain(this.current);
    this.deleteButton.disabled = !ply;
    this.renderInfo(tree.meta);
    const c = this.current.comment || '';
    this.comment.textContent = c;
    this.comment.hidden = !c;
    const cur = $('[aria-current="step"]', this.list);
    if (cur) scrollWithin(this.list, cur);
  }

  // A variation: `first` and the line below it, its own alternatives nested.
  variation(first, ply) {
    const v = h('span', { class: 'variation', 'data-testid': 'variation' }, '(');
    let n = first, i = ply;
    while (n) {
      const num = moveNumber(i, n === first);
      if (num) v.append(h('span', { class: 'vnum' }, num));
      v.append(this.button(n, i + 1, 'variation'));
      const next = n.children[0];
      if (next) for (const alt of n.children.slice(1)) v.append(this.variation(alt, i + 1));
      n = next;
      ++i;
    }
    v.append(')');
    return v;
  }

  button(node, ply, line) {
    const current = node === this.current;
    const hover = (on) => () => this.on.hover(on ? node : null);
    return h('button', {
      type: 'button', class: `mv${this.future.has(node) ? ' future' : ''}${current ? ' current' : ''}`,
      'data-testid': 'move', 'data-ply': ply, 'data-line': line, 'data-future': this.future.has(node) ? '' : null,
      'data-mark': node.mark || null, 'aria-current': current ? 'step' : null,
      title: `go to the position after ${node.move}${node.mark ? ` (${node.mark})` : ''}`,
      onclick: () => this.on.goto(node), onmouseenter: hover(true), onmouseleave: hover(false), onfocus: hover(true), onblur: hover(false),
    }, node.move, node.mark ? h('span', { class: 'glyph' }, GLYPH[node.mark] || '') : null);
  }

  renderInfo(meta) {
    const names = meta.player0 || meta.player1 ? `${meta.player0 || 'Player 0'} – ${meta.player1 || 'Player 1'}` : '';
    const parts = [names, meta.event, meta.date, resultWords(meta)].filter(Boolean);
    this.info.textContent = parts.join(' · ');
    this.info.hidden = !parts.length;
  }
}

const REASONS = { resign: 'resigned', time: 'lost on time', agreement: 'agreed', repetition: 'drawn by repetition', passes: 'drawn: two passes',
  set: 'winning set', emptied: 'board emptied' };

// The record's result in words: "Player 1 won (Player 0 resigned)".
export function resultWords(meta) {
  const r = meta.result;
  if (!r || r === 'none' || r === '*') return '';
  if (r === 'draw') return `Draw${meta.resultReason && REASONS[meta.resultReason] ? ` (${REASONS[meta.resultReason]})` : ''}`;
  if (r === '0' || r === '1') {
    const w = Number(r), name = meta[`player${w}`] || `Player ${w}`;
    const loser = meta[`player${1 - w}`] || `Player ${1 - w}`;
    if (meta.resultReason === 'resign') return `${name} won: ${loser} resigned`;
    if (meta.resultReason === 'time') return `${name} won: ${loser} lost on time`;
    if (meta.resultReason === 'agreement') return `${name} won by agreement`;
    return `${name} won`;
  }
  return `Result: ${r}`;
}

// Keeps `item` visible by scrolling the list only (never the page).
function scrollWithin(list, item) {
  const top = item.offsetTop, bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}
