// Game review (a plugin, web/plugins.js), as lichess's: "Review" analyses
// every position of the main line in the hint workers (hints-client.js):
// the proof search within a budget per position (?reviewms, default 400 ms),
// with each worker's proof memory carried along the game (the positions go
// from the last to the first, so the endgame's proofs serve the earlier
// positions), else the engine's estimate as a calibrated probability
// (winprob.js). It shows its progress, can be cancelled, draws the
// evaluation over the moves (review-graph.js) and marks the moves by the
// core's rule (wasm reviewMarks: decisive, mistake); a marked move gets the
// better move as a variation, one click away.
//
// Available after a game ends and for any imported record; the result
// banner asks for it with the 'review-request' event.
// Test hooks: data-testid="review" (the button), "review-cancel",
// "review-progress" (a <progress>), "review-status", "review-graph".
import { h } from './dom.js';
import { HintsClient } from './hints-client.js';
import { ReviewGraph } from './review-graph.js';
import { winProbability } from './winprob.js';
import { markMoves } from './review-marks.js';
import { compareHints, positionWords, percent, winnerTurns } from './values.js';
import { evalBar } from './eval-bar.js';

const turnsText = (n) => `${n} turn${n === 1 ? '' : 's'}`;

export function install(ctx) {
  const { on, emit, wasm, model } = ctx;
  const params = new URLSearchParams(location.search);
  const budget = Math.max(50, Math.min(30000, Number(params.get('reviewms')) || 400));
  const cores = Math.max(1, Math.min(4, Number(navigator.hardwareConcurrency) || 1));
  const workers = Math.max(1, Math.min(16, Math.floor(Number(params.get('hintworkers'))) || cores));
  let available = false;
  let run = null;  // {client}
  let reviewed = null;  // {evals, line}: the reviewed line's nodes and its positions' values by ply

  const button = h('button', { type: 'button', 'data-testid': 'review', class: 'primary', disabled: true, title: 'Analyse every position of the game and mark the decisive moves', onclick: () => start() }, 'Review');
  const cancel = h('button', { type: 'button', 'data-testid': 'review-cancel', hidden: true, onclick: () => stop('Review cancelled.') }, 'Cancel');
  const progress = h('progress', { 'data-testid': 'review-progress', max: '1', value: '0', hidden: true });
  const status = h('span', { class: 'review-status', 'data-testid': 'review-status', 'aria-live': 'polite' });
  const graph = new ReviewGraph((ply) => goToPly(ply));
  // What the review says about the move just played, as lichess's comment
  // under a marked move: why it is marked, and the better move one click away.
  const note = h('div', { class: 'review-note', 'data-testid': 'review-note', 'aria-live': 'polite', hidden: true });
  const box = h('section', { class: 'review', 'aria-label': 'Game review' },
    h('div', { class: 'review-head' }, button, cancel, progress, status), graph.el, note);
  ctx.slot.append(box);  // with the hints: the page lays the slot out on every screen

  function goToPly(ply) {
    const line = model.tree.mainLine();
    ctx.controller.gotoNode(ply ? line[ply - 1] : model.tree.root);
  }

  // While the button is off, the status says when it comes on.
  const IDLE = 'Review comes on when the game has ended, or for an imported record.';
  function setAvailable(v) {
    available = v;
    button.disabled = !available || !!run;
    if (!run && (status.textContent === '' || status.textContent === IDLE)) status.textContent = available ? '' : IDLE;
  }

  async function start() {
    if (run || !available) return;
    const line = model.tree.mainLine();
    const start = model.state.start;
    run = { client: new HintsClient({ count: workers, tables: params.get('tables') || 'tables/', merge: (s, m, p) => wasm.hintsMerge(s, m, p) }) };
    const mine = run;
    setAvailable(available);
    cancel.hidden = false;
    progress.hidden = false;
    progress.max = line.length + 1;
    progress.value = 0;
    status.textContent = `Reviewing ${line.length + 1} positions…`;
    const walk = walkLine(start, line);
    const evals = new Array(line.length + 1).fill(null);
    graph.reset(line.length + 1);
    for (let ply = line.length; ply >= 0; --ply) {
      let r;
      try {
        r = await mine.client.ask({ start, moves: line.slice(0, ply).map((n) => n.move).join(' '), set: model.state.marbles, estimates: 'position' }, budget);
      } catch (e) {
        if (e.stopped || run !== mine) return;
        r = { error: e.message };
      }
      if (run !== mine) return;
      evals[ply] = evaluation(r, ply, line, walk[ply]);
      graph.point(ply, evals[ply]);
      progress.value = line.length + 1 - ply;
    }
    mine.client.terminate();
    run = null;
    reviewed = { evals, line, notes: new Map() };
    finish(line, evals);
  }

  // One position's evaluation, from the side to move's view (turn: whose).
  function evaluation(r, ply, line, { turn, position, layout, over, winner, onlyMove }) {
    if (over) return { ply, turn, exact: true, over, winner, winprob: winner === turn ? 1 : winner === 1 - turn ? 0 : 0.5 };
    if (r.error) return { ply, turn, error: r.error };
    const exact = !!(r.exact && r.value && r.value !== 'unknown');
    // The better move: the proof's, else the best valued move (tables).
    const ranked = [...(r.moves || [])].sort(compareHints);
    // The better move: the proof's, else the best valued move that does not
    // lose, else the engine's best estimated move (the core lists them best first).
    const estimated = r.estimates && r.estimates.length ? r.estimates[0].move : '';
    const valued = ranked.length && (ranked[0].value !== 'loss' || !estimated) ? ranked[0].move : '';
    const e = { ply, turn, exact, onlyMove, value: exact ? r.value : '', best: r.best || valued || estimated };
    if (exact && r.plies !== undefined) e.plies = r.plies, e.shortest = r.source === 'tables' || !!r.pliesExact;
    if (exact) e.winprob = r.value === 'win' ? 1 : r.value === 'loss' ? 0 : 0.5;
    else {
      const p = winProbability(wasm, r, { position, layout });
      if (p !== null) e.winprob = p;
    }
    e.move = ply < line.length ? line[ply].move : '';
    return e;
  }

  // Each position of the line: its side to move and position string (the core's).
  function walkLine(start, line) {
    const g = new wasm.Game();
    try {
      g.setPosition(start);
      g.playMoves(line.map((n) => n.move).join(' '));
      return line.concat([null]).map((_, i) => {
        g.gotoPly(i);
        const st = JSON.parse(g.state());
        return { turn: st.turn, position: st.position, layout: st.layout, over: st.over, winner: st.winner, onlyMove: st.legal.length === 1 };
      });
    } finally {
      g.delete();
    }
  }

  function finish(line, evals) {
    cancel.hidden = true;
    progress.hidden = true;
    const res = markMoves(wasm, evals);
    for (const n of line) n.mark = '';
    let marked = 0;
    if (res.error) status.textContent = `Reviewed. ${res.error}`;
    else {
      for (const m of res.marks) {
        const node = line[m.ply - 1];
        if (!node || !m.mark) continue;
        node.mark = m.mark;
        graph.mark(m.ply, m.mark);
        ++marked;
        let better = null;
        if (m.best && m.best !== node.move) {
          const parent = model.tree.parent(node);
          better = model.tree.child(parent, m.best).node;
          if (!better.comment) better.comment = `Better than ${node.move} (review).`;
        }
        reviewed.notes.set(node, { mark: m.mark, text: markWords(m.mark, node.move, evals[m.ply - 1], evals[m.ply]), better });
      }
      status.textContent = `Reviewed ${evals.length} positions: ${summary(res.marks, evals)}.`;
    }
    box.dataset.reviewed = String(evals.length);
    box.dataset.marked = String(marked);
    setAvailable(available);
    model.changed('tree');
  }

  // "1 decisive move, 2 mistakes (ann: 1 decisive move; bob: 2 mistakes)".
  function summary(marks, evals) {
    const count = (ms) => {
      const d = ms.filter((m) => m.mark === 'decisive').length, mi = ms.filter((m) => m.mark === 'mistake').length;
      return [d ? `${d} decisive move${d > 1 ? 's' : ''}` : '', mi ? `${mi} mistake${mi > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ');
    };
    if (!marks.length) return 'no decisive move and no mistake found';
    const meta = model.tree.meta;
    const per = [0, 1].map((p) => {
      const mine = count(marks.filter((m) => evals[m.ply - 1].turn === p));
      return `${meta[`player${p}`] || `Player ${p}`}: ${mine || 'none'}`;
    });
    return `${count(marks)} (${per.join('; ')})`;
  }

  // Why a move is marked, in its mover's terms: what they had before it and
  // what they have after it (the review's values; distances in turns).
  function markWords(mark, move, before, after) {
    const mover = before.turn;
    const within = (e) => (e.plies === undefined ? '' : ` in ${e.shortest ? '' : 'at most '}${turnsText(winnerTurns(e.plies))}`);
    const proven = (value, e) => (value === 'draw' ? 'a proven draw'
      : value === 'win' ? `a proven win${within(e)}` : `a proven loss (the opponent wins${within(e)})`);
    const flip = { win: 'loss', loss: 'win', draw: 'draw' };
    const had = before.exact ? proven(before.value, before) : `${percent(before.winprob)} chances`;
    const now = after.over ? (after.winner === mover ? 'a win' : after.winner === 1 - mover ? 'a loss' : 'a draw')
      : after.exact ? proven(flip[after.value], after) : `${percent(1 - after.winprob)} chances`;
    const name = model.tree.meta[`player${mover}`] || `Player ${mover}`;
    return `${move}${mark === 'decisive' ? '??' : '?'} ${mark === 'decisive' ? 'Decisive' : 'Mistake'}: ` +
      `${name} had ${had}; after it, ${now}.`;
  }

  function showNote() {
    const n = reviewed && reviewed.notes.get(model.node);
    note.hidden = !n;
    if (!n) { note.textContent = ''; delete note.dataset.mark; return; }
    note.dataset.mark = n.mark;
    note.replaceChildren(n.text);
    if (n.better) note.append(' ', h('button', { type: 'button', 'data-testid': 'review-better', onclick: () => ctx.controller.gotoNode(n.better) }, `Better: ${n.better.move}`));
  }

  function stop(text) {
    if (!run) return;
    run.client.terminate();
    run = null;
    cancel.hidden = true;
    progress.hidden = true;
    status.textContent = text;
    setAvailable(available);
  }

  // The review's value of the position shown, in the eval bar (when the
  // live hints are off): positions of the reviewed line only.
  function showValue() {
    const ply = model.ply;
    const onLine = reviewed && ply < reviewed.evals.length && (ply === 0 || reviewed.line[ply - 1] === model.node);
    const e = onLine ? reviewed.evals[ply] : null;
    if (!e || e.winprob === undefined) { evalBar().set('review', null); return; }
    let short = percent(Math.max(e.winprob, 1 - e.winprob)), text = `Review estimate: Player ${e.turn} to move wins ${percent(e.winprob)}`;
    if (e.over) { short = ''; text = 'Game over'; }
    else if (e.exact) {
      const words = positionWords({ value: e.value, plies: e.plies, shortest: !!e.shortest }, e.turn);
      short = e.value === 'draw' ? '½' : `#${words.short}`;
      text = `Review: ${words.text}`;
    }
    evalBar().set('review', { turn: e.turn, exact: !!e.exact, winprob: e.winprob, short, text });
  }

  on('position', ({ state, cause }) => {
    if (cause === 'new' || cause === 'import') {
      reviewed = null;
      stop('');
      status.textContent = '';
      graph.clear();
      delete box.dataset.reviewed;
      setAvailable(cause === 'import');
    }
    if (state.over && model.tree.isMain(model.node)) setAvailable(true);
    graph.current(model.tree.isMain(model.node) ? model.ply : -1);
    showValue();
    showNote();
  });
  on('review-request', () => { setAvailable(true); start(); });
  setAvailable(false);
  emit('review-ready', {});
}
