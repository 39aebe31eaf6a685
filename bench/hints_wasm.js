// The hints benchmark (bench/hints.sh) in wasm: the same positions as
// `zertz solve-records` (its --list output), each proved by the wasm build's
// proof search within the budget, tallied the same way.
//   zertz solve-records --list --games 40 RECORDS > list.tsv
//   node --no-experimental-fetch bench/hints_wasm.js list.tsv [--time MS] [--carry] [--hints] [path/to/zertz.js]
// --carry keeps the page's proof memory from one position to the next of a
// game, as the browser's hints do; the list must then be in game order
// (solve-records --list --carry), and a game starts where `back` stops
// decreasing. --hints asks for the page's whole hint (hintsCompute: the
// position's proof, then its moves' proofs with what is left of the budget,
// then the engine's estimate if nothing was proven) and counts the
// position's value: with --carry, exactly what the browser shows during a
// game; it also gives the share of the exact positions' legal moves that
// the hint gives a value. bench/hints.sh --wasm [--carry] [--hints] runs
// both steps.
// --workers K (with --hints) runs the page's parallel hints: K worker
// threads, each with its own wasm instance and proof memory, prove their
// parts of each position's moves at the same time, and the main thread's
// core merges them (hintsMerge), as web/hints/hints.js does with Web Workers.
// --keep MS (with --hints) then presses the page's "Keep proving" on every
// position the budget leaves open: rounds of doubling budgets, the proof
// memory kept, until exact or MS spent in all; counted apart ("kept").
// --window 6|12 proves only the last 6 or 12 plies of each game (shorter runs).
'use strict';
const fs = require('fs');
const path = require('path');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

// A hint worker: {start, moves, budget, part, parts, clear} in, the part's
// hintsCompute JSON out.
if (!isMainThread) {
  require(workerData.js)().then((M) => {
    parentPort.on('message', (q) => {
      if (q.clear) M.proofMemoryClear();
      parentPort.postMessage(M.hintsCompute(q.start, q.moves, q.budget, q.part, q.parts, 'moves'));
    });
    parentPort.postMessage('ready');
  });
  return;
}

// K hint workers; ask(start, moves, budget, clear) resolves to every
// part's answer text (hintsCompute's JSON, merged by hintsMerge).
async function hintWorkers(js, k) {
  const workers = await Promise.all(Array.from({ length: k }, () => new Promise((resolve, reject) => {
    const w = new Worker(__filename, { workerData: { js }, execArgv: ['--no-experimental-fetch'] });
    w.once('message', () => resolve(w));
    w.once('error', reject);
  })));
  const ask = (start, moves, budget, clear) => Promise.all(workers.map((w, part) => new Promise((resolve) => {
    w.once('message', resolve);
    w.postMessage({ start, moves, budget, part, parts: k, clear });
  })));
  return { ask, stop: () => workers.forEach((w) => w.terminate()) };
}

function usage(message) {
  console.error(`bench/hints_wasm.js: ${message}\nusage: node bench/hints_wasm.js LIST.tsv [--time MS] [--carry] [--hints [--workers K] [--keep MS]] [--window W] [zertz.js]`);
  process.exit(2);
}

(async () => {
  const args = process.argv.slice(2);
  let timeMs = 1000, carry = false, hints = false, workerCount = 0, keepMs = 0, window = 20, listFile = null, js = path.resolve(__dirname, '../build/wasm/zertz.js');
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--time') {
      timeMs = Number(args[++i]);
      if (!Number.isInteger(timeMs) || timeMs < 1 || timeMs > 3600000) usage(`--time: expected milliseconds 1..3600000, got '${args[i]}'`);
    } else if (args[i] === '--workers') {
      workerCount = Number(args[++i]);
      if (!Number.isInteger(workerCount) || workerCount < 1 || workerCount > 16) usage(`--workers: expected 1..16, got '${args[i]}'`);
    } else if (args[i] === '--keep') {
      keepMs = Number(args[++i]);
      if (!Number.isInteger(keepMs) || keepMs < 1 || keepMs > 3600000) usage(`--keep: expected milliseconds 1..3600000, got '${args[i]}'`);
    } else if (args[i] === '--window') {
      window = Number(args[++i]);
      if (![6, 12, 20].includes(window)) usage(`--window: expected 6, 12 or 20 plies, got '${args[i]}'`);
    } else if (args[i] === '--carry') carry = true;
    else if (args[i] === '--hints') hints = true;
    else if (args[i].endsWith('.js')) js = path.resolve(args[i]);
    else if (!listFile) listFile = args[i];
    else usage(`unexpected argument '${args[i]}'`);
  }
  if (!listFile) usage('give the position list (zertz solve-records --list)');
  if (workerCount && !hints) usage('--workers needs --hints');
  if (keepMs && !hints) usage('--keep needs --hints');
  if (keepMs && keepMs <= timeMs) usage(`--keep ${keepMs}: must exceed --time ${timeMs}`);
  const lines = fs.readFileSync(listFile, 'utf8').split('\n').filter((l) => l.length);
  if (!lines.length) usage(`${listFile}: no positions`);
  const M = await require(js)();
  const pool = workerCount ? await hintWorkers(js, workerCount) : null;
  const windows = [6, 12, 20];
  const blank = () => windows.map(() => ({ positions: 0, exact: 0, wins: 0, losses: 0, draws: 0, seconds: 0, kept: 0, legal: 0, valued: 0 }));
  const board = new M.Game();  // legal moves of a position (--hints: the share of them given a value)
  const all = blank(), byRules = blank();
  let lastBack = 0, workersToClear = false;  // a new game: the workers' memories too, at their next hint
  for (const [n, line] of lines.entries()) {
    const f = line.split('\t');
    if (f.length !== 4 || !/^\d+$/.test(f[0]) || !/^[01]$/.test(f[1])) usage(`${listFile} line ${n + 1}: expected back, 0|1, start, moves separated by tabs`);
    const back = Number(f[0]), rulesEnd = f[1] === '1';
    const newGame = back >= lastBack;
    if (carry && newGame) M.proofMemoryClear(), workersToClear = true;  // a new game
    lastBack = back;
    if (back > window) continue;
    let r;
    if (hints) {
      const t0 = process.hrtime.bigint();
      // One hint of the page (clear: a fresh proof memory first): the
      // position's value and how many of its moves got one.
      const hint = async (budget, clear) => {
        let text;
        if (pool) {
          text = M.hintsMerge(f[2], f[3], await pool.ask(f[2], f[3], budget, clear));
        } else {
          if (clear) M.proofMemoryClear();
          text = M.hintsCompute(f[2], f[3], budget, 0, 1, 'moves');
        }
        const h = JSON.parse(text);
        if (h.error) usage(`${listFile} line ${n + 1}: ${h.error}`);
        return { value: h.exact ? h.value : 'unknown', valued: (h.moves || []).length };
      };
      r = await hint(timeMs, !carry || (!!pool && workersToClear));
      r.seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      workersToClear = false;
      if (r.value !== 'unknown') {  // the share of moves valued counts exact positions only
        const err = board.setPosition(f[2]) || board.playMoves(f[3]);
        if (err) usage(`${listFile} line ${n + 1}: ${err}`);
        r.legal = JSON.parse(board.state()).legal.length;
      }
      // Keep proving, as web/hints/hints.js does: 2x, 4x ... the budget, memory kept.
      r.kept = r.value;
      for (let spent = timeMs, round = timeMs * 2; keepMs && r.kept === 'unknown' && spent < keepMs; spent += round, round *= 2) {
        round = Math.min(round, keepMs - spent);
        r.kept = (await hint(round, false)).value;
      }
    } else {
      r = JSON.parse(M.proveGame(f[2], f[3], timeMs, carry));
      if (r.error) usage(`${listFile} line ${n + 1}: ${r.error}`);
    }
    windows.forEach((w, i) => {
      if (back > w) return;
      for (const t of rulesEnd ? [all[i], byRules[i]] : [all[i]]) {
        t.positions++;
        t.seconds += r.seconds;
        if ((r.kept || r.value) !== 'unknown') t.kept++;
        if (r.value === 'unknown') continue;
        t.exact++;
        t.legal += r.legal || 0;
        t.valued += r.valued || 0;
        t.wins += r.value === 'win';
        t.losses += r.value === 'loss';
        t.draws += r.value === 'draw';
      }
    });
  }
  if (pool) pool.stop();
  const what = pool ? `hints in ${workerCount} parallel workers (hintsCompute parts, hintsMerge)` : hints ? 'hints (hintsCompute)' : 'proof search';
  console.log(`hints_wasm: ${lines.length} positions from ${listFile}, budget ${timeMs} ms, wasm ${what}, no tables${carry ? ', proof memory kept along each game' : ''}` +
              `${keepMs ? `, "Keep proving" up to ${keepMs} ms in all` : ''}${window < 20 ? `, last ${window} plies only` : ''}`);
  for (const [label, tallies] of [['all sampled games:', all], ['games that end by the rules:', byRules]]) {
    console.log(label);
    tallies.forEach((t, i) => {
      if (windows[i] > window) return;
      const moves = hints && t.legal ? `; ${(100 * t.valued / t.legal).toFixed(1)}% of their moves valued` : '';
      const kept = keepMs ? `; ${(t.positions ? 100 * t.kept / t.positions : 0).toFixed(1)}% with Keep proving` : '';
      const pct = t.positions ? (100 * t.exact / t.positions).toFixed(1) : '0.0';
      console.log(`  last ${String(windows[i]).padStart(2)} plies: ${String(t.positions).padStart(4)} positions, ${pct.padStart(5)}% exact (${t.wins} win ${t.losses} loss ${t.draws} draw), mean ${(t.positions ? t.seconds / t.positions : 0).toFixed(3)} s${moves}${kept}`);
    });
  }
})().catch((e) => { console.error(`bench/hints_wasm.js: ${e.message}`); process.exit(1); });
