// Perfect-play hints (issue 7), a plugin (web/plugins.js): a toggle in the
// side panel (or ?hints=on), then for every position:
//   * the position's own value, "won in n" / "drawn" / "lost in n", when it
//     is exact (endgame tables, or a proof found within the budget), else
//     the engine's estimate, marked as an estimate;
//   * every legal move with an exact value, best first, in a list and as a
//     coloured dot on its target ring (placement target / capturing marble).
// The work happens in web/hints-worker.js, in parallel: one worker per core
// (at most 4; ?hintworkers=N sets 1..16), each proving its part of the
// root's moves within the budget; the core (wasm hintsMerge) joins the parts.
// When the position or some of its moves are not proven within the budget,
// "Keep proving" asks again in rounds of doubling budgets (each worker keeps
// its proof memory, so a round goes on from the work of the last) until the
// position and every move have exact values, the position changes, the
// player stops it, or ?hintmaxms (default 60 s) is spent: what a player who
// is willing to wait for exact answers wants.
// Nothing here computes a rule or a value; a table that cannot be fetched or
// is damaged shows its message and no value.
// Test hooks (stable): each hinted move has data-hint-move="<canonical move>",
// data-hint="win|draw|loss" (the mover's result after it) and data-plies
// when known; the position value is data-testid="position-value" with the
// same data-hint / data-plies attributes.
const SVG = 'http://www.w3.org/2000/svg';
const COLORS = { win: '#1b9e3e', draw: '#c9a227', loss: '#c0392b' };
const RANK = { win: 0, draw: 1, loss: 2 };

function el(tag, attrs = {}, text = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

// Sort: wins fastest first, then draws, then losses slowest first.
function better(a, b) {
  if (RANK[a.value] !== RANK[b.value]) return RANK[a.value] - RANK[b.value];
  const pa = a.plies ?? 999, pb = b.plies ?? 999;
  return a.value === 'loss' ? pb - pa : pa - pb;
}

function valueText(v, plies) {
  const n = plies !== undefined ? ` in ${plies}` : '';
  if (v === 'win') return `won${n}`;
  if (v === 'loss') return `lost${n}`;
  if (v === 'draw') return 'drawn';
  return '';
}

// The ring a move is shown on: placement target, capturing marble.
function moveCell(move) {
  if (move.startsWith('x')) return move.slice(1).match(/^[a-z]\d+/i)?.[0];
  const m = move.match(/^[WGB]([a-z]\d+)/i);
  return m ? m[1] : null;
}

// The engine's score is from the side to move's view; say whom it favours.
function estimateText(result, turn) {
  const favours = result.estimate > 0 ? turn : result.estimate < 0 ? 1 - turn : -1;
  return `${result.estimateText} for Player ${turn} to move` +
    (favours < 0 ? ' (even)' : ` (favours Player ${favours})`);
}

export function install(ctx) {
  const { on, board, slot } = ctx;
  // The page rewrites its URL to the shareable form at load, so also read
  // the URL it was opened with (the navigation entry).
  const nav = performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
  const opened = new URL(nav && nav.name ? nav.name : location.href).searchParams;
  const param = (k) => (ctx.params && ctx.params.get(k)) ?? opened.get(k);
  const budget = Math.max(50, Math.min(30000, Number(param('hintms')) || 1000));
  const longest = Math.max(1000, Math.min(600000, Number(param('hintmaxms')) || 60000));
  const tables = param('tables') || 'tables/';
  const cores = Math.max(1, Math.min(4, Number(navigator.hardwareConcurrency) || 1));
  const workerCount = Math.max(1, Math.min(16, Math.floor(Number(param('hintworkers'))) || cores));
  let enabled = param('hints') === 'on';
  // workers: one per part; answers[i]: part i's result for the request pendingId.
  let state = null, result = null, workers = null, answers = [], asked = null, nextId = 1, pendingId = 0;
  // Keep proving: null, or {spent, round} (ms spent so far, budget of the round under way).
  let deepen = null;
  const stats = [];

  const box = el('section', { class: 'hints', 'aria-label': 'Hints', 'data-hint-workers': String(workerCount) });
  const label = el('label', { class: 'hints-toggle' });
  const toggle = el('input', { type: 'checkbox', 'data-testid': 'hints-toggle' });
  toggle.checked = enabled;
  label.append(toggle, document.createTextNode(' Perfect-play hints'));
  const value = el('div', { 'data-testid': 'position-value', 'aria-live': 'polite' });
  const note = el('div', { class: 'hints-note', 'data-testid': 'hints-note' });
  const more = el('button', { type: 'button', class: 'hints-more', 'data-testid': 'hints-more', hidden: '' });
  const list = el('ol', { class: 'hints-moves', 'data-testid': 'hint-moves' });
  box.append(label, value, more, note, list);
  slot.append(box);
  if (!document.querySelector('link[href="hints.css"]'))
    document.head.append(el('link', { rel: 'stylesheet', href: 'hints.css' }));

  // All parts in: one result (the core merges the parts' values).
  function finish() {
    pendingId = 0;
    const failed = answers.find((a) => a.error && !a.source);
    if (failed) result = { error: failed.error };
    else if (answers.length === 1) result = answers[0];
    else {
      try {
        result = JSON.parse(ctx.wasm.hintsMerge(asked.start, asked.moves, answers));
      } catch (e) {
        result = { error: `hints could not be merged: ${(e && e.message) || e}` };
      }
      const t = answers.find((a) => a.tablesError);
      if (t && !result.error) result.tablesError = t.tablesError;
    }
    box.dataset.rangeRequests = String(stats.reduce((n, s) => n + (s ? s.requests : 0), 0));
    box.dataset.rangeBytes = String(stats.reduce((n, s) => n + (s ? s.bytes : 0), 0));
    if (deepen) {
      deepen.spent += deepen.round;
      if (!result.error) result.spent = deepen.spent;
      if (!complete() && !result.error && deepen.spent < longest) post(nextRound(deepen.round));
      else deepen = null;
    }
    render();
  }

  // Keep proving's next round: twice the last one, within what is left of the limit.
  const nextRound = (last) => Math.min(last * 2, longest - deepen.spent);
  const exactValue = () => !!(result && result.value && result.value !== 'unknown' && result.exact);
  // The position's value and every legal move's value are exact.
  const complete = () => exactValue() && (result.moves || []).length >= ((state && state.legal) || []).length;

  function spawn() {
    workers = [];
    for (let i = 0; i < workerCount; ++i) {
      const w = new Worker('hints-worker.js');
      w.onmessage = (ev) => {
        const { id, result: r, error, stats: s } = ev.data;
        if (s) stats[i] = s;
        if (id !== pendingId) return;  // an answer for an older position
        answers[i] = error ? { error } : r;
        if (answers.filter((a) => a !== undefined).length === workerCount) finish();
      };
      w.onerror = (ev) => {
        ev.preventDefault();
        for (const other of workers) other.terminate();
        workers = null;
        deepen = null;
        result = { error: `hints worker failed: ${ev.message || 'unknown error'}` };
        pendingId = 0;
        render();
      };
      workers.push(w);
    }
  }

  // A worker inside a long round cannot be interrupted (the proof runs in
  // one wasm call): when the player moves on or stops, such workers are
  // replaced (their proof memory goes with them) so the next hint is not
  // kept waiting.
  function stopDeepening() {
    if (!deepen) return;
    if (pendingId && workers) { for (const w of workers) w.terminate(); workers = null; pendingId = 0; }
    deepen = null;
  }

  function post(roundBudget) {
    if (!workers) spawn();
    pendingId = nextId++;
    answers = new Array(workerCount);
    if (deepen) deepen.round = roundBudget;
    workers.forEach((w, part) => w.postMessage({ id: pendingId, ...asked, budget: roundBudget, tables, part, parts: workerCount }));
  }

  function request() {
    stopDeepening();
    if (!enabled || !state) return;
    result = null;
    render();
    if (state.over) return;
    asked = { start: state.start, moves: state.moves.join(' ') };
    post(budget);
  }

  more.addEventListener('click', () => {
    if (deepen) { stopDeepening(); render(); return; }
    if (!result || result.error || complete() || pendingId) return;
    deepen = { spent: result.spent || budget, round: 0 };
    post(nextRound(budget));
    render();
  });

  function clearBoard() {
    for (const r of document.querySelectorAll('[data-hint-cell]')) r.removeAttribute('data-hint-cell');
    const layer = board.overlayLayer && board.overlayLayer();
    if (layer) for (const d of [...layer.querySelectorAll('.hint-dot')]) d.remove();
  }

  function markBoard() {
    clearBoard();
    if (!enabled || !result || !result.moves || !result.moves.length) return;
    const best = new Map();
    for (const m of result.moves) {
      const cell = moveCell(m.move);
      if (cell && (!best.has(cell) || better(m, best.get(cell)) < 0)) best.set(cell, m);
    }
    const layer = board.overlayLayer && board.overlayLayer();
    for (const [cell, m] of best) {
      const ring = board.ringElement(cell);
      if (!ring) continue;
      ring.setAttribute('data-hint-cell', m.value);
      if (!layer || !ring.getBBox) continue;
      // The ring's box in its own coordinates, moved by its translate() into
      // the overlay's (both layers share the board's coordinate system).
      const b = ring.getBBox();
      const tm = ring.transform && ring.transform.baseVal.consolidate();
      const dx = tm ? tm.matrix.e : 0, dy = tm ? tm.matrix.f : 0;
      const dot = document.createElementNS(SVG, 'circle');
      dot.setAttribute('class', 'hint-dot');
      dot.setAttribute('cx', String(dx + b.x + b.width * 0.85));
      dot.setAttribute('cy', String(dy + b.y + b.height * 0.15));
      dot.setAttribute('r', String(b.width * 0.12));
      dot.setAttribute('fill', COLORS[m.value]);
      dot.setAttribute('pointer-events', 'none');
      const title = document.createElementNS(SVG, 'title');
      title.textContent = `${m.move}: ${valueText(m.value, m.plies)}`;
      dot.append(title);
      layer.append(dot);
    }
  }

  function render() {
    list.replaceChildren();
    note.textContent = '';
    for (const a of ['data-hint', 'data-plies', 'data-estimate', 'data-deepening']) value.removeAttribute(a);
    value.textContent = '';
    more.hidden = true;
    box.hidden = false;
    if (!enabled) { clearBoard(); return; }
    if (state && state.over) { value.textContent = 'Game over.'; clearBoard(); return; }
    if (!result) { value.textContent = 'Computing hints…'; clearBoard(); return; }
    if (result.error) {
      note.textContent = `Hints unavailable: ${result.error}`;
      clearBoard();
      return;
    }
    if (result.tablesError) note.textContent = `Endgame tables unavailable: ${result.tablesError}. Values below come from proof search only.`;
    const exact = exactValue();
    if (exact) {
      value.setAttribute('data-hint', result.value);
      if (result.plies !== undefined) value.setAttribute('data-plies', String(result.plies));
      const how = result.source === 'tables' ? 'endgame tables' : 'proof search';
      const approx = result.source === 'proof' && result.plies !== undefined && !result.pliesExact;
      value.textContent = `Position: ${valueText(result.value, result.plies)}${approx ? ' (fastest line found, maybe not the shortest)' : ''} — exact, by ${how}`;
    } else {
      const within = result.spent ? `${Math.round(result.spent / 1000)} s` : `${budget} ms`;
      value.textContent = result.estimateText !== undefined
        ? `Not proven within ${within}. Engine estimate (not exact): ${estimateText(result, state.turn)}`
        : `Not proven within ${within}.`;
      if (result.estimateText !== undefined) value.setAttribute('data-estimate', String(result.estimate));
    }
    if (!complete() && (result.spent || budget) < longest) {
      more.textContent = exact ? 'Prove the other moves' : 'Keep proving';
      more.hidden = false;
    }
    const moves = [...(result.moves || [])].sort(better);
    moves.forEach((m, i) => {
      const li = el('li', { 'data-hint-move': m.move, 'data-hint': m.value, class: `hint-${m.value}` });
      if (m.plies !== undefined) li.setAttribute('data-plies', String(m.plies));
      if (i === 0) li.setAttribute('data-hint-best', '');
      li.textContent = `${m.move}  ${m.value}${m.plies !== undefined ? ` ${m.plies}` : ''}${m.bound ? ' (line found)' : ''}`;
      list.append(li);
    });
    if (!moves.length && exact && result.source === 'proof')
      note.textContent = (note.textContent ? note.textContent + ' ' : '') + 'No single move proven within the budget.';
    // Keep proving under way: the last round's values stay shown meanwhile.
    if (deepen) {
      const progress = `${Math.round(deepen.spent / 1000)} s spent, this round up to ${Math.round(deepen.round / 1000)} s more (at most ${Math.round(longest / 1000)} s in all).`;
      value.textContent = exact ? `${value.textContent}. Proving the other moves… ${progress}` : `Proving longer… ${progress}`;
      value.setAttribute('data-deepening', String(deepen.spent));
      more.textContent = 'Stop proving';
      more.hidden = false;
    }
    markBoard();
  }

  toggle.addEventListener('change', () => {
    enabled = toggle.checked;
    if (enabled) request(); else { stopDeepening(); result = null; render(); }
  });
  on('position', ({ state: s }) => { state = s; if (enabled) request(); });
  on('drawn', () => { if (enabled) markBoard(); });
  state = ctx.model && ctx.model.state;
  if (enabled) request(); else render();
}
