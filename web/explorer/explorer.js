// @ts-check
// The opening explorer (a plugin, web/page/plugins.js): a tab beside the
// hints listing the moves real games played from the position shown, with
// their games and results (docs/explorer.md). The book is 256 static shards
// (explorer/book/explorer-XX.json, built by `make site`); the core names the
// shard of a position and reads its moves in the orientation shown, so
// nothing here knows a rule or the file's format. A shard is fetched on the
// first opening of the tab and kept for the visit; the tab follows every
// change of the position (moves, steps through the list, new games).
//
// Test hooks (stable): data-testid="explorer-toggle" opens
// data-testid="explorer"; each row data-testid="explorer-move" with
// data-move (canonical) and data-games (its games under the filter);
// data-filter="all|people|robots" buttons (aria-pressed);
// data-testid="explorer-note" says why no row is shown (no book, a damaged
// shard, a position no game reached).
import { h } from '../page/dom.js';
import { moveWords, estimateMoveWords } from '../hints/values.js';
import { countsFor, shares, resultTip } from './counts.js';
/** @typedef {import('../page/plugins.js').PluginContext} PluginContext */
/** @typedef {import('../core/wasm-core.js').ExplorerMove} ExplorerMove */

const FILTERS = [['all', 'All games'], ['people', 'People'], ['robots', 'Robots']];

class Explorer {
  /** @param {PluginContext} ctx */
  constructor(ctx) {
    this.ctx = ctx;
    this.open = false;
    this.filter = 'all';
    this.state = ctx.model.state;
    /** @type {Map<string, Promise<string>>} shard name -> its text */
    this.shards = new Map();
    /** @type {ExplorerMove[]|null} */
    this.moves = null;
    this.hints = null;  // the hints plugin's latest {state, result}, for the engine's view of each move
    this.asked = 0;     // the latest request: an older answer is dropped
    this.toggle = h('button', { type: 'button', class: 'explorer-toggle', 'data-testid': 'explorer-toggle', 'aria-expanded': 'false',
      onclick: () => this.setOpen(!this.open) }, 'Opening explorer');
    this.filters = FILTERS.map(([key, label]) => h('button', { type: 'button', 'data-filter': key, 'aria-pressed': String(key === this.filter),
      onclick: () => { this.filter = key; this.render(); } }, label));
    this.note = h('p', { class: 'explorer-note', 'data-testid': 'explorer-note', role: 'status' });
    this.rows = h('tbody');
    this.panel = h('div', { class: 'explorer', 'data-testid': 'explorer', hidden: true },
      h('div', { class: 'explorer-filters', role: 'group', 'aria-label': 'Games counted' }, this.filters), this.note,
      h('table', { class: 'explorer-moves' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Move'), h('th', { scope: 'col' }, 'Games'),
          h('th', { scope: 'col', title: 'Wins, other results and losses of the side to move' }, 'Results'), h('th', { scope: 'col' }, 'Engine'))), this.rows));
    ctx.slot.append(h('section', { class: 'explorer-box', 'aria-label': 'Opening explorer' }, this.toggle, this.panel));
    ctx.on('position', ({ state }) => { this.state = state; if (this.open) this.load(); });
    ctx.on('hints', (detail) => { this.hints = detail; if (this.open) this.render(); });
  }

  /** @param {boolean} open */
  setOpen(open) {
    this.open = open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.panel.hidden = !open;
    if (open) this.load();
  }

  /** @param {string} name @returns {Promise<string>} the shard's text; rejects saying why */
  fetchShard(name) {
    if (!this.shards.has(name)) {
      const text = fetch(`explorer/book/${name}`).then((r) => {
        if (r.status === 404) throw new Error('the opening book is not part of this site (`make site` builds it from the game archive)');
        if (!r.ok) throw new Error(`explorer/book/${name}: HTTP ${r.status}`);
        return r.text();
      });
      text.catch(() => this.shards.delete(name));  // a failed fetch is tried again at the next opening
      this.shards.set(name, text);
    }
    return /** @type {Promise<string>} */ (this.shards.get(name));
  }

  async load() {
    const id = ++this.asked, state = this.state, core = this.ctx.core;
    this.moves = null;
    this.show('Loading the book…');
    const where = core.explorerShardOf(state.position);
    let answer;
    try {
      if (where.error) throw new Error(where.error);
      const text = await this.fetchShard(/** @type {string} */ (where.name));
      if (id !== this.asked) return;
      answer = core.explorerMoves(text, /** @type {number} */ (where.shard), state.position);
      if (answer.error) throw new Error(`explorer/book/${where.name} is damaged: ${answer.error}`);
    } catch (e) {
      if (id === this.asked) this.show(`Opening explorer unavailable: ${/** @type {Error} */ (e).message || e}`, true);
      return;
    }
    this.moves = answer.moves || [];
    this.render();
  }

  /** @param {string} text @param {boolean} [error] */
  show(text, error = false) {
    this.rows.replaceChildren();
    this.note.textContent = text;
    this.note.classList.toggle('error', error);
  }

  render() {
    for (const b of this.filters) b.setAttribute('aria-pressed', String(b.dataset.filter === this.filter));
    if (!this.moves) return;
    const rows = this.moves.map((m) => ({ m, c: countsFor(m, this.filter) })).filter((r) => r.c[0] > 0);
    rows.sort((a, b) => b.c[0] - a.c[0]);
    this.show(rows.length ? '' : this.moves.length ? 'No game of this kind reached this position.' : 'No game in the book reached this position.');
    this.rows.replaceChildren(...rows.map(({ m, c }) => this.row(m, c)));
  }

  /** @param {ExplorerMove} m @param {import('../core/wasm-core.js').Triple} c */
  row(m, c) {
    const names = this.ctx.names(), mover = this.state.turn;
    const bar = h('div', { class: 'explorer-bar', title: resultTip(c, names[mover]) },
      shares(c).map(([cls, share]) => h('span', { class: cls, style: { flexGrow: String(share) } }, share >= 0.12 ? `${Math.round(share * 100)}%` : '')));
    return h('tr', { 'data-testid': 'explorer-move', 'data-move': m.move, 'data-games': String(c[0]), tabindex: '0',
      title: `Play ${m.move}`, onclick: () => this.play(m.move), onkeydown: (/** @type {KeyboardEvent} */ ev) => { if (ev.key === 'Enter') this.play(m.move); } },
      h('th', { scope: 'row' }, m.move), h('td', { class: 'explorer-games' }, String(c[0])), h('td', {}, bar),
      h('td', { class: 'explorer-engine' }, this.engineWords(m.move, mover, names)));
  }

  // The hints' value of the move when the hints have one for this position
  // (proven, else the engine's estimate); '' when the hints are off.
  /** @param {string} move @param {number} mover @param {string[]} names */
  engineWords(move, mover, names) {
    const hints = this.hints;
    if (!hints || !hints.result || hints.state.position !== this.state.position) return '';
    const proven = (hints.result.moves || []).find((x) => x.move === move && x.value !== 'unknown');
    if (proven) return moveWords(proven, mover, names).brief;
    const est = (hints.result.estimates || []).find((x) => x.move === move);
    return est ? estimateMoveWords(est.winprob, mover, names).brief : '';
  }

  /** @param {string} move */
  play(move) {
    if (!this.ctx.controller.humanToMove()) { this.ctx.emit('message', { text: 'It is not a human player’s turn.', kind: 'error' }); return; }
    this.ctx.controller.play(move);
  }
}

/** @param {PluginContext} ctx */
export function install(ctx) {
  if (!document.querySelector('link[href="explorer/explorer.css"]'))
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'explorer/explorer.css' }));
  return new Explorer(ctx);
}
