// Game review in wasm under node, the browser's flow (web/review/review.js): every
// position of each game's main line, from the last to the first, gets the
// page's hint (hintsCompute: proof search within the budget, the proof
// memory carried along the game, else the engine's estimate as a calibrated
// probability); then the core's reviewMarks judges each move. One hint
// worker (the page runs one per core, at most 4, each proving a part of the
// moves). A move that was the review's own best move for its position is
// never a mistake (the core's engineChoice). Prints one line per game and
// the summary: seconds per game (with the worst position's time), and the
// share of decided games in which the review finds a decisive error.
//   node bench/review_wasm.js GAMES.tsv [--time MS] [zertz.js]
// GAMES.tsv: `zertz review-games` (label, start, moves, result, reason).
'use strict';
const fs = require('fs');
const path = require('path');

function usage(message) {
  console.error(`bench/review_wasm.js: ${message}\nusage: node bench/review_wasm.js GAMES.tsv [--time MS] [zertz.js]`);
  process.exit(2);
}

(async () => {
  const args = process.argv.slice(2);
  let timeMs = 400, file = null, js = path.resolve(__dirname, '../build/wasm/zertz.js');
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === '--time') {
      timeMs = Number(args[++i]);
      if (!Number.isInteger(timeMs) || timeMs < 1 || timeMs > 600000) usage(`--time: expected 1..600000 ms, got '${args[i]}'`);
    } else if (args[i].endsWith('.js')) js = path.resolve(args[i]);
    else if (!file) file = args[i];
    else usage(`unexpected argument '${args[i]}'`);
  }
  if (!file) usage('give the games (zertz review-games)');
  const games = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.length).map((l) => l.split('\t'));
  const M = await require(js)();
  const { markMoves } = await import(path.resolve(__dirname, '../web/review/marks.js'));
  const core = { canMark: true, reviewMarks: (entries) => JSON.parse(M.reviewMarks(JSON.stringify(entries))) };
  const board = new M.Game();
  let seconds = 0, worst = 0, decided = 0, decidedWithDecisive = 0, positions = 0, exact = 0, decisiveMarks = 0, mistakeMarks = 0;
  const perGame = [];
  for (const [n, f] of games.entries()) {
    if (f.length !== 5) usage(`${file} line ${n + 1}: expected label, start, moves, result, reason`);
    const [label, start, moveText, result] = f;
    const moves = moveText ? moveText.split(' ') : [];
    const err = board.setPosition(start) || board.playMoves(moveText);
    if (err) usage(`${file} line ${n + 1}: ${err}`);
    const states = moves.concat([null]).map((_, i) => (board.gotoPly(i), JSON.parse(board.state())));
    const t0 = process.hrtime.bigint();
    M.proofMemoryClear();  // a review starts fresh workers
    const evals = new Array(moves.length + 1);
    for (let ply = moves.length; ply >= 0; --ply) {
      const st = states[ply];
      const e = { turn: st.turn, over: st.over, winner: st.winner, onlyMove: st.legal.length === 1 };
      if (!st.over) {
        const a = process.hrtime.bigint();
        const r = JSON.parse(M.hintsCompute(start, moves.slice(0, ply).join(' '), timeMs, 0, 1, 'position'));
        worst = Math.max(worst, Number(process.hrtime.bigint() - a) / 1e9);
        if (r.error) usage(`${label} ply ${ply}: ${r.error}`);
        e.best = r.best || (r.estimates && r.estimates.length ? r.estimates[0].move : '');
        e.move = ply < moves.length ? moves[ply] : '';
        e.exact = !!(r.exact && r.value && r.value !== 'unknown');
        if (e.exact) e.value = r.value, e.plies = r.plies;
        else if (r.estimate !== undefined) {
          e.winprob = M.winProbability(r.estimate, st.position);  // -1: the position did not read
          if (!(e.winprob >= 0)) usage(`${label} ply ${ply}: no win probability for position ${st.position}`);
        }
      }
      evals[ply] = e;
    }
    // The page's marks: one reviewMarks call per stretch of valued positions (web/review/marks.js).
    const res = markMoves(core, evals);
    if (res.error) usage(`${label}: ${res.error}`);
    const marks = res.marks.map((m) => m.mark);
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    seconds += s;
    positions += evals.length;
    exact += evals.filter((e) => e.over || e.exact).length;
    const d = marks.filter((m) => m === 'decisive').length, mi = marks.filter((m) => m === 'mistake').length;
    decisiveMarks += d, mistakeMarks += mi;
    if (result === '0' || result === '1') decided++, decidedWithDecisive += d > 0 ? 1 : 0;
    perGame.push(s);
    console.log(`${label.split('records/').pop()}  ${moves.length} plies  result ${result || '-'} (${f[4] || '-'})  ` +
                `${s.toFixed(1)} s  decisive ${d}  mistakes ${mi}`);
  }
  perGame.sort((a, b) => a - b);
  console.log(`review (wasm, ${timeMs} ms per position, 1 worker): ${games.length} games, ${positions} positions ` +
              `(${(100 * exact / positions).toFixed(1)}% exact); ${(seconds / games.length).toFixed(1)} s per game, ` +
              `${(seconds / positions).toFixed(3)} s per position (the slowest ${worst.toFixed(3)} s) ` +
              `(median ${perGame[Math.floor(perGame.length / 2)].toFixed(1)} s, max ${perGame[perGame.length - 1].toFixed(1)} s); ` +
              `decided games with a decisive error: ${decidedWithDecisive} of ${decided} ` +
              `(${(100 * decidedWithDecisive / Math.max(1, decided)).toFixed(1)}%); marks: ${decisiveMarks} decisive, ${mistakeMarks} mistakes`);
})().catch((e) => { console.error(e); process.exit(1); });
