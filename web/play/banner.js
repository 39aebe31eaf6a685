// @ts-check
// The result banner at the end of a game, beside the moves (index.html puts
// its slot first in the side column; never over the board, so the final
// move stays in view): who won and how (set completed, board emptied, two
// passes, repetition), and what next: Rematch, Swap sides, Review, Export.
// It shows whenever the game shown is over (so stepping back hides it and
// stepping to the end shows it again) unless the player closed it for this
// position; a review starting closes it (page/app.js).
//
// Test hooks: data-testid="result-banner" (data-reason, data-winner),
// buttons data-testid="rematch" | "swap-sides" | "banner-review" |
// "banner-export" | "banner-close".
import { h } from '../page/dom.js';
import { outcomeWords } from './describe.js';

export class ResultBanner {
  // actions: {rematch, swap, review, export}
  constructor(slot, actions) {
    this.slot = slot;
    this.actions = actions;
    this.closedFor = null;  // the position string the player closed it on
  }

  // outcome: describe.js gameOutcome (the rules', or a record's at its end).
  render(state, names, outcome) {
    const show = outcome && state.future.length === 0 && this.closedFor !== state.position;
    const current = this.slot.firstElementChild;
    if (!show) { if (current) current.remove(); return; }
    if (current && current.dataset.position === state.position && current.dataset.names === names.join('|')) return;  // keep focus and state
    const r = outcomeWords(outcome, state, names);
    const button = (id, text, fn, cls) => h('button', { type: 'button', 'data-testid': id, class: cls, onclick: fn }, text);
    const banner = h('section', {
      class: 'result-banner', 'data-testid': 'result-banner', role: 'dialog', 'aria-modal': 'false',
      'aria-labelledby': 'result-title', 'data-reason': outcome.reason, 'data-winner': outcome.winner, 'data-position': state.position, 'data-names': names.join('|'),
    },
    h('button', { type: 'button', class: 'banner-close', 'data-testid': 'banner-close', 'aria-label': 'Close the result', onclick: () => this.close(state) }, '×'),
    h('h2', { id: 'result-title' }, r.title),
    h('p', { class: 'result-detail' }, r.detail),
    h('div', { class: 'banner-buttons' },
      button('rematch', 'Rematch', () => this.actions.rematch(), 'primary'),
      button('swap-sides', 'Swap sides', () => this.actions.swap()),
      button('banner-review', 'Review', () => this.actions.review()),
      button('banner-export', 'Export', () => this.actions.export())));
    this.slot.textContent = '';
    this.slot.append(banner);
  }

  close(state) {
    this.closedFor = state.position;
    this.slot.textContent = '';
  }
}
