// Perfect-play hints (a plugin, web/plugins.js): a toggle in the side panel
// (or ?hints=on), then for every position the value of the position and of
// every legal move the budget proves, the evaluation bar beside the board,
// and the moves marked on the board. This file wires three parts:
//   hints-client.js  the hint workers (one per core, ?hintworkers=N sets
//                    1..16; ?hintms the budget per position, default 1 s)
//   hints-panel.js   the panel and the board marks (a view)
//   eval-bar.js      the bar
// "Keep proving" asks again in rounds of doubling budgets (each worker keeps
// its proof memory, so a round goes on from the last) until the position and
// every move are exact, the position changes, the player stops it, or
// ?hintmaxms (default 60 s) is spent.
// Nothing here computes a rule or a value; a table that cannot be fetched or
// is damaged shows its message and no value.
import { HintsClient } from './hints-client.js';
import { HintsPanel, hintMarks, previewMarks } from './hints-panel.js';
import { evalBar } from './eval-bar.js';
import { positionWords, percent, shownValue } from './values.js';
import { withMarks } from './marks.js';
import { winProbability } from './winprob.js';

function options(ctx) {
  // The page rewrites its URL to the shareable form at load, so also read
  // the URL it was opened with (the navigation entry).
  const nav = performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
  const opened = new URL(nav && nav.name ? nav.name : location.href).searchParams;
  const param = (k) => (ctx.params && ctx.params.get(k)) ?? opened.get(k);
  const cores = Math.max(1, Math.min(4, Number(navigator.hardwareConcurrency) || 1));
  return {
    enabled: param('hints') === 'on',
    budget: Math.max(50, Math.min(30000, Number(param('hintms')) || 1000)),
    longest: Math.max(1000, Math.min(600000, Number(param('hintmaxms')) || 60000)),
    tables: param('tables') || 'tables/',
    workers: Math.max(1, Math.min(16, Math.floor(Number(param('hintworkers'))) || cores)),
  };
}

export function install(ctx) {
  const { on, wasm } = ctx;
  const board = withMarks(ctx.board);
  const opt = options(ctx);
  let enabled = opt.enabled;
  let state = ctx.model && ctx.model.state;
  let result = null;
  let marks = [];  // the board's hint marks now
  let deepen = null;  // Keep proving: null, or {spent, round} (ms so far, budget of the round under way)
  const client = new HintsClient({ count: opt.workers, tables: opt.tables, merge: (s, m, parts) => wasm.hintsMerge(s, m, parts) });
  const bar = evalBar();
  const exactValue = () => !!(result && result.value && result.value !== 'unknown' && result.exact);
  // The position's value and every legal move's value are exact.
  const complete = () => exactValue() && (result.moves || []).length >= ((state && state.legal) || []).length;
  const legalOf = (text) => (state ? state.legal.find((l) => l.t === text) : null);

  const panel = new HintsPanel(ctx.slot, {
    enabled, workers: opt.workers,
    on: {
      toggle: (v) => { enabled = v; if (enabled) request(); else { stopDeepening(); result = null; render(); } },
      more: () => keepProving(),
      preview: (text) => showPreview(text),
      play: (text) => {
        if (!ctx.controller.humanToMove()) { ctx.emit('message', { text: 'It is not a human player’s turn.', kind: 'error' }); return; }
        ctx.controller.play(text);
      },
    },
  });
  board.onMarkClick = (mark) => { if (mark.move) panel.clicked(mark.move); };

  function showPreview(text) {
    const l = legalOf(text);
    const colorAt = (cell) => (state.cells.find((c) => c.n === cell) || {}).m;
    const { ghost, marks } = previewMarks(l, colorAt);
    board.clearMarks('remove');
    board.clearMarks('target');
    board.setGhost(ghost && ghost.cell, ghost && ghost.color);
    if (marks.length) board.setMarks(marks);
  }
  function clearPreview() {
    panel.clearPreview();
    board.setGhost(null);
    board.clearMarks('remove');
    board.clearMarks('target');
  }

  function render() {
    const exact = exactValue();
    const winprob = !exact && result && !result.error ? winProbability(wasm, result, state) : null;
    panel.render({ enabled, state, result, exact, complete: complete(), budget: opt.budget, longest: opt.longest, deepen, winprob });
    panel.setStats(client.stats);
    renderBar(exact, winprob);
    marks = enabled && result && !result.error && state && !state.over ? hintMarks(result, state.legal) : [];
    board.clearMarks('hint');
    if (marks.length) board.setMarks(marks);
    markRings();
  }

  // Test hooks (stable): data-hint-cell="win|draw|loss" on each ring a
  // proven move marks (the best value there), data-estimate-cell="<winprob>"
  // on a ring only an estimated move marks; rings are rebuilt on every redraw.
  function markRings() {
    for (const a of ['data-hint-cell', 'data-estimate-cell'])
      for (const r of document.querySelectorAll(`[${a}]`)) r.removeAttribute(a);
    for (const m of marks) {
      const ring = board.ringElement(m.cell);
      if (ring && m.tone === 'estimate') ring.setAttribute('data-estimate-cell', m.winprob.toFixed(3));
      else if (ring) ring.setAttribute('data-hint-cell', m.tone);
    }
  }

  function renderBar(exact, winprob) {
    const show = (v) => bar.set('hints', v);
    if (!enabled || !state) { show(null); return; }
    const turn = state.turn;
    if (state.over) {
      const p = state.winner === turn ? 1 : state.winner === 1 - turn ? 0 : 0.5;
      show({ turn, exact: true, winprob: p, short: '', text: `Game over: ${state.resultText}` });
    } else if (exact) {
      const words = positionWords(shownValue(result), turn);
      const p = result.value === 'win' ? 1 : result.value === 'loss' ? 0 : 0.5;
      show({ turn, exact: true, winprob: p, short: result.value === 'draw' ? '½' : `#${words.short}`, text: words.text });
    } else if (winprob !== null && winprob !== undefined) {
      show({ turn, exact: false, winprob, short: percent(Math.max(winprob, 1 - winprob)), text: `Estimate: Player ${turn} to move wins ${percent(winprob)}` });
    } else {
      show({ turn, exact: false, winprob: null, short: '…', text: result && !result.error ? 'No estimate' : 'Computing…' });
    }
  }

  async function ask(budget) {
    const asked = { start: state.start, moves: state.moves.join(' '), set: state.marbles };
    try {
      const r = await client.ask(asked, budget);
      result = r;
    } catch (e) {
      if (e.stopped) return false;
      result = { error: e.message };
      deepen = null;
    }
    return true;
  }

  // Keep proving's next round: twice the last one, within what is left of the limit.
  const nextRound = (last) => Math.min(last * 2, opt.longest - deepen.spent);

  async function deepenLoop(first) {
    let round = first;
    while (deepen) {
      deepen.round = round;
      render();
      if (!(await ask(round)) || !deepen) return;
      deepen.spent += round;
      if (!result.error) result.spent = deepen.spent;
      if (complete() || result.error || deepen.spent >= opt.longest) { deepen = null; break; }
      round = nextRound(round);
    }
    render();
  }

  function keepProving() {
    if (deepen) { stopDeepening(); render(); return; }
    if (!result || result.error || complete() || client.busy) return;
    deepen = { spent: result.spent || opt.budget, round: 0 };
    deepenLoop(nextRound(opt.budget));
  }

  // A round under way cannot be interrupted inside its wasm call: when the
  // player moves on or stops, its workers are replaced (their proof memory
  // goes with them) so the next hint is not kept waiting.
  function stopDeepening() {
    if (!deepen) return;
    deepen = null;
    client.abort();
  }

  async function request() {
    stopDeepening();
    clearPreview();
    if (!enabled || !state) return;
    result = null;
    render();
    if (state.over) return;
    if (await ask(opt.budget)) render();
  }

  on('position', ({ state: s }) => { state = s; clearPreview(); if (enabled) request(); else render(); });
  on('drawn', () => { if (board.redrawMarks) board.redrawMarks(); markRings(); });
  if (!document.querySelector('link[href="hints.css"]'))
    document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'hints.css' }));
  if (enabled) request(); else render();
}
