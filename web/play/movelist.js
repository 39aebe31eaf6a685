// @ts-check
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
// Hover or focus on a move emits 'move-hover' {move, node, el} (null when left).
import { h, $ } from '../page/dom.js';
import { outcomeWords, says } from './describe.js';

const GLYPH = { decisive: '??', mistake: '?', inaccuracy: '?!' };  // review/words.js MARK_GLYPH (play/ does not depend on review/)
const moveNumber = (ply, first) => (ply % 2 === 0 ? `${ply / 2 + 1}.` : first ? `${(ply + 1) / 2}…` : '');

export class MoveList {
  // on: {goto(node), promote(node), remove(node), hover(node|null, element),
  // header(meta): the core's reading of meta's date and event}
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

  // names: as the player cards show them.
  render(model, names) {
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
    this.renderInfo(tree.meta, names);
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
    const hover = (on) => (/** @type {Event} */ ev) => this.on.hover(on ? node : null, ev.currentTarget);
    return h('button', {
      type: 'button', class: `mv${this.future.has(node) ? ' future' : ''}${current ? ' current' : ''}`,
      'data-testid': 'move', 'data-ply': ply, 'data-line': line, 'data-future': this.future.has(node) ? '' : null,
      'data-mark': node.mark || null, 'aria-current': current ? 'step' : null,
      title: `go to the position after ${node.move}${node.mark ? ` (${node.mark})` : ''}`,
      onclick: () => this.on.goto(node), onmouseenter: hover(true), onmouseleave: hover(false), onfocus: hover(true), onblur: hover(false),
    }, node.move, node.mark ? h('span', { class: 'glyph' }, GLYPH[node.mark] || '') : null);
  }

  // The record's players (as their cards name them), event, day and
  // result. The core reads the raw Date and Event tags (on.header); the
  // view only formats the day in the reader's locale.
  renderInfo(meta, names) {
    const header = meta.date || meta.event ? this.on.header(meta) : null;
    const named = meta.player0 || meta.player1;
    const parts = [named ? `${names[0]} – ${names[1]}` : '', header && header.event, header && formatDay(header), resultWords(meta, names)].filter(Boolean);
    this.info.textContent = parts.join(' · ');
    this.info.title = header ? [header.rawEvent, header.rawDate].filter(Boolean).join(' · ') : '';
    this.info.hidden = !parts.length;
  }
}

// "Apr 7, 2025" (the reader's locale) from the core's "2025-04-07"; the
// raw tag when the core found no day in it. (The time of day and its zone
// stay in the tooltip, with the raw tags.)
export function formatDay(header) {
  if (!header.date) return header.rawDate;
  const [y, m, d] = header.date.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

// The record's result in words, with the names the cards show: "Bob
// resigned — Alice wins", "Draw by repetition".
const REASON_WORDS = { set: 'winning-set', emptied: 'board-emptied', passes: 'two-passes', repetition: 'repetition' };
export function resultWords(meta, names) {
  const r = meta.result;
  if (r !== '0' && r !== '1' && r !== 'draw') return '';
  const winner = r === 'draw' ? -1 : Number(r);
  const reason = REASON_WORDS[meta.resultReason] || meta.resultReason || 'unknown';
  if (reason === 'winning-set') return `${says(names[winner], 'won', 'won')} with a winning set`;
  return outcomeWords({ winner, reason }, {}, names).line;
}

// Keeps `item` visible by scrolling the list only (never the page).
function scrollWithin(list, item) {
  const top = item.offsetTop, bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}
