// The wasm proof search (proveGame, used by bench/hints_wasm.js) agrees with
// the native `zertz solve` on the last plies of real games, answers again
// from the page's proof memory when asked to keep it, splits hints into
// parts for parallel workers and merges them (hintsCompute part, hintsMerge),
// and names bad input. Positions come from `zertz solve-records --list`, as
// in the benchmark.
'use strict';
const { spawnSync } = require('child_process');
const { nativeZertz, loadWasm, check, finish } = require('./wasm_util');

const records = process.env.ZERTZ_RECORDS_DIR;

(async () => {
  const zertz = nativeZertz();
  const M = await loadWasm();
  if (!records) throw new Error('set ZERTZ_RECORDS_DIR');
  const list = spawnSync(zertz, ['solve-records', '--list', '--games', '3', records], { maxBuffer: 1 << 26 });
  check(list.status === 0, `solve-records --list exits 0: ${list.stderr}`);
  const lines = list.stdout.toString().split('\n').filter((l) => l.length).map((l) => l.split('\t'));
  check(lines.length >= 3 * 15 && lines.every((f) => f.length === 4), `--list gives 4 tab-separated fields per position (${lines.length} lines)`);

  let compared = 0, hardest = null;
  for (const [back, rulesEnd, start, moves] of lines) {
    if (Number(back) > 3) continue;
    const w = JSON.parse(M.proveGame(start, moves, 20000, false));
    if (w.value !== 'unknown' && (!hardest || w.nodes > hardest.w.nodes)) hardest = { start, moves, w };
    const args = ['solve', '--position', start, '--time', '20000', ...moves.split(' ').filter((m) => m)];
    const n = spawnSync(zertz, args).stdout.toString().trim().split(/\s+/);
    const native = n[0] === 'win' || n[0] === 'loss' ? `${n[0]} ${n[1]}` : n[0];
    const wasm = w.value === 'win' || w.value === 'loss' ? `${w.value} ${w.plies}` : w.value;
    check(wasm === native, `back ${back} of ${start.slice(0, 20)}...: wasm '${wasm}' = native '${native}'`);
    if (back === '1' && rulesEnd === '1') check(w.value === 'win' && w.plies === 1, `one ply before a rules ending the mover wins in 1: ${wasm}`);
    check(w.nodes > 0 && w.seconds >= 0, 'nodes and seconds reported');
    ++compared;
  }
  check(compared >= 9, `compared ${compared} positions`);
  console.log(`hardest of them: ${hardest.w.value} ${hardest.w.plies}, ${hardest.w.nodes} nodes`);

  // With the memory kept, a second proof of the same position starts from
  // the first one's results: the same answer for fewer nodes.
  M.proofMemoryClear();
  const first = JSON.parse(M.proveGame(hardest.start, hardest.moves, 20000, true));
  const again = JSON.parse(M.proveGame(hardest.start, hardest.moves, 20000, true));
  check(first.value === hardest.w.value && first.plies === hardest.w.plies, `kept memory, first proof as fresh: ${JSON.stringify(first)}`);
  check(again.value === first.value && again.plies === first.plies, `kept memory, same answer again: ${JSON.stringify(again)}`);
  check(again.nodes < first.nodes, `kept memory, fewer nodes the second time: ${again.nodes} < ${first.nodes}`);

  // Bad input is named, never a value.
  const badPos = JSON.parse(M.proveGame('standard 99 ../.', '', 100, false));
  check(typeof badPos.error === 'string' && !('value' in badPos), `bad position: ${JSON.stringify(badPos)}`);
  const [, , start] = lines[0];
  const badMove = JSON.parse(M.proveGame(start, 'Zq9', 100, false));
  check(/Zq9/.test(badMove.error || '') && !('value' in badMove), `bad move named: ${JSON.stringify(badMove)}`);

  // Hints split over workers: each part (hintsCompute part i of n) proves
  // its share of the moves, hintsMerge joins them into the whole position's
  // value, and every move comes from exactly one part.
  for (const n of [2, 3]) {
    M.proofMemoryClear();
    const texts = [];
    for (let i = 0; i < n; ++i) texts.push(M.hintsCompute(hardest.start, hardest.moves, 2500, i, n, 'moves'));
    const parts = texts.map((t) => JSON.parse(t));
    const merged = JSON.parse(M.hintsMerge(hardest.start, hardest.moves, texts));
    check(merged.exact && merged.value === hardest.w.value && merged.plies === hardest.w.plies,
          `${n} parts merged: ${merged.value} ${merged.plies}, whole proof ${hardest.w.value} ${hardest.w.plies}`);
    const moves = parts.flatMap((p) => p.moves.map((m) => m.move));
    check(moves.length > 0 && new Set(moves).size === moves.length && merged.moves.length === moves.length,
          `${n} parts: ${moves.length} moves hinted, each by one part, all in the merge`);
    check(parts.filter((p) => p.value !== 'unknown' || p.emptyPart).length >= 1, `${n} parts: some part answered`);
  }
  // Bad parts are named, never merged into a value.
  const badPart = JSON.parse(M.hintsCompute(hardest.start, hardest.moves, 100, 3, 2, 'moves'));
  check(/part 3 of 2/.test(badPart.error || ''), `part out of range named: ${JSON.stringify(badPart)}`);
  // The parts are the workers' answer texts as they came; anything else is named.
  const good = M.hintsCompute(hardest.start, hardest.moves, 100, 0, 2, 'moves');
  const text = (o) => JSON.stringify(o);
  for (const [bad, what] of [[[good, text({ source: 'proof', value: 'maybe', moves: [] })], /hint part 1: value 'maybe'/],
    [[good, text({ source: 'proof', value: 'win', moves: [{ move: 'Zq9', value: 'win' }] })], /hint part 1: moves\[0\].*Zq9/],
    [[text({ error: 'worker out of memory' }), good], /hint part 0: worker out of memory/],
    [[good, '42'], /hint part 1: not an object/], [[good, '{"source"'], /hint part 1: JSON at offset/],
    [[good, JSON.parse(good)], /hint part 1: expected the part's JSON text/], [[], /non-empty array/],
    [good, /non-empty array/]]) {
    const r = JSON.parse(M.hintsMerge(hardest.start, hardest.moves, bad));
    check(what.test(r.error || '') && !('value' in r), `bad merge input named: ${JSON.stringify(r)}`);
  }
  finish('prove_bindings');
})().catch((e) => { console.error(e); process.exit(1); });
