// The review bindings the browser's game review uses: reviewMarks judges
// moves with the core's rule (the same function as `zertz review`), and
// winProbability gives the calibrated model; bad input is an error naming
// the entry, never a crash.
'use strict';
const path = require('path');
const { nativeZertz, loadWasm, runProtocol, check, finish, sourceDir } = require('./wasm_util');

(async () => {
  nativeZertz();  // runProtocol's engine
  const M = await loadWasm();
  const marks = (values) => JSON.parse(M.reviewMarks(JSON.stringify(values)));

  // One mark per move: values.length - 1 entries.
  const line = marks(['p=0.50', 'p=0.80', 'p=0.25', 'win 2']);
  check(JSON.stringify(line) === JSON.stringify(['mistake', '', 'decisive']), `marks of a line: ${JSON.stringify(line)}`);
  check(marks(['win 5', 'draw'])[0] === 'decisive', 'a proven win thrown to a draw is decisive');
  check(marks(['win 5', 'loss 4'])[0] === '', 'a winning move is not marked');
  check(marks(['p=0.700', 'p=0.490'])[0] === 'inaccuracy', '19 points is an inaccuracy, not a mistake (three decimals accepted)');
  check(marks(['p=0.700', 'p=0.390'])[0] === '', '9 points is no mark');
  check(marks(['p=0.700', 'p=0.510'])[0] === 'mistake', '21 points is a mistake');
  check(marks([{ value: 'p=0.60', onlyMove: true }, 'win 7'])[0] === '', 'the only legal move is never marked');
  check(marks([{ value: 'p=0.60', onlyMove: false }, 'win 7'])[0] === 'decisive', 'objects with onlyMove false');
  check(marks([{ value: 'p=0.700', engineChoice: true }, 'p=0.510'])[0] === '', "the engine's own choice is never a mistake");
  check(marks([{ value: 'p=0.700', engineChoice: false }, 'p=0.510'])[0] === 'mistake', 'objects with engineChoice false');
  check(marks([{ value: 'p=0.60', engineChoice: true }, 'win 7'])[0] === 'decisive', "the engine's own choice can be decisive");

  // The page's review (web/review/marks.js, through the page's door into the
  // core) passes the same facts: the review's own best move played is no
  // mistake there either.
  const view = await import(path.join(sourceDir, 'web/review/marks.js'));
  const core = new (await import(path.join(sourceDir, 'web/core/wasm-core.js'))).Core(M);
  const drop = (best) => [{ winprob: 0.7, best, move: 'Wd4,a1' }, { winprob: 0.5 }];
  const viewMarks = (evals) => view.markMoves(core, evals).marks.map((m) => m.mark);
  check(JSON.stringify(viewMarks(drop('Wd4,a1'))) === '[]', "the page: the review's own best move is no mistake");
  check(JSON.stringify(viewMarks(drop('Bd4,a1'))) === '["mistake"]', 'the page: another move dropping 20 points is');

  // The whole line in one call: a player who already lost is not marked
  // decisive again while the opponent never gave the win back (a mistake
  // is not giving it back; the proof of the position before only came short).
  const stretch = ['p=0.60', 'win 5', 'p=0.50', 'win 3'];
  check(JSON.stringify(marks(stretch)) === '["decisive","mistake",""]', `one decisive mark per lost stretch: ${JSON.stringify(marks(stretch))}`);
  const asEvals = [{ winprob: 0.6 }, { exact: true, value: 'win', plies: 5 }, { winprob: 0.5 }, { exact: true, value: 'win', plies: 3 }]
    .map((e, i) => ({ ...e, move: `m${i}` }));
  check(JSON.stringify(viewMarks(asEvals)) === '["decisive","mistake"]', `the page judges the whole line: ${JSON.stringify(viewMarks(asEvals))}`);
  // A position without a value splits the line; each stretch is judged on its own.
  const gap = [{ winprob: 0.8, move: 'a' }, { winprob: 0.5, move: 'b' }, { error: 'no value' }, { winprob: 0.9, move: 'c' }, { winprob: 0.5 }];
  const gapMarks = view.markMoves(core, gap).marks.map((m) => `${m.ply}:${m.mark}`);
  check(JSON.stringify(gapMarks) === '["1:mistake","4:mistake"]', `marks around an unvalued position: ${JSON.stringify(gapMarks)}`);

  // Accuracy (core/proof/accuracy.h): the same JSON as the core's; the page maps sides to players.
  check(M.reviewAccuracy('["p=0.50","p=0.50","p=0.50"]') === '{"accuracy":[100.0,100.0],"moves":[1,1]}', 'accuracy of a line that loses nothing');
  check(/entry 1: expected a value text or null/.test(JSON.parse(M.reviewAccuracy('["p=0.50",7]')).error), 'a bad accuracy entry is named');
  const byPlayer = view.lineAccuracy(core, [{ turn: 1, winprob: 0.6 }, { turn: 0, winprob: 0.8 }, { turn: 1, winprob: 0.2 }]).accuracy;
  check(byPlayer[0] === 100 && byPlayer[1] < 50, `accuracy by player, player 1 moving first: ${JSON.stringify(byPlayer)}`);

  for (const [bad, re] of [['[1]', /entry 0: expected a value text/], ['["p=2"]', /entry 0: value 'p=2'/],
    [['draw', 'loss x'], /entry 1: value 'loss x'/], ['{"a":1}', /expected a JSON array/], ['[', /JSON/]]) {
    const r = JSON.parse(M.reviewMarks(typeof bad === 'string' ? bad : JSON.stringify(bad)));
    check(r.error && re.test(r.error), `bad values ${JSON.stringify(bad)}: ${JSON.stringify(r)}`);
  }

  // The calibrated model: the same numbers as the native protocol's analyze,
  // given the position analyzed (the start of 37 rings, then of 61).
  const START = 'standard 37 ..../...../....../......./....../...../.... 6,8,10 0,0,0 0,0,0 0';
  const g61 = new M.Game();
  g61.newGame('standard', '61');
  const starts = [['37', START], ['61', g61.positionString()]];
  g61.delete();
  const answers = runProtocol(['analyze nodes 20000', 'variant standard 61', 'analyze nodes 20000']);
  for (const [i, [layout, position]] of [[0, starts[0]], [2, starts[1]]]) {
    const m = /^score ([-+0-9]+) .* winprob ([01]\.[0-9]{3}) pv /.exec(answers[i].text);
    check(m, `analyze answer: ${answers[i].text}`);
    if (m) {
      const p = M.winProbability(Number(m[1]), position);
      check(p.toFixed(3) === m[2], `wasm winProbability(${m[1]}, start of ${layout}) = ${p} matches native ${m[2]}`);
    }
  }
  // The analyses the page already gets carry the same probability, of the
  // position the hints are for (the start after Wd4,a1).
  const after = new M.Game();
  after.setPosition(START);
  check(after.play('Wd4,a1') === '', 'Wd4,a1 plays');
  const position = after.positionString();
  after.delete();
  const hint = JSON.parse(M.hintsCompute(START, 'Wd4,a1', 100, 0, 1, 'moves'));
  check(typeof hint.estimate === 'number' && Math.abs(hint.winprob - M.winProbability(hint.estimate, position)) < 1e-6,
        `hints carry winprob of their estimate: ${JSON.stringify({ estimate: hint.estimate, winprob: hint.winprob })}`);
  // The position's estimate is its best estimated move's, no move is
  // estimated above it, and the moves rank by probability as by score (each
  // is mapped at the position it is played from).
  check(hint.estimates.length >= 1 && hint.estimates[0].score === hint.estimate && hint.estimates[0].winprob === hint.winprob &&
        hint.estimates.every((e, i, all) => e.score <= hint.estimate && Math.abs(e.winprob - M.winProbability(e.score, position)) < 1e-6 &&
                             (i === 0 || (e.winprob <= all[i - 1].winprob) === (e.score <= all[i - 1].score))),
        `move estimates agree with the position's: ${JSON.stringify(hint)}`);
  // A review asks for the position's estimate only: the engine's choice from the same search.
  const review = JSON.parse(M.hintsCompute(START, 'Wd4,a1', 100, 0, 1, 'position'));
  check(typeof review.estimate === 'number' && review.estimates.length === 1 && review.estimates[0].score === review.estimate,
        `a review's hint estimates the position and its best move only: ${JSON.stringify(review)}`);
  const badOption = JSON.parse(M.hintsCompute(START, 'Wd4,a1', 100, 0, 1, 'all'));
  check(badOption.error === "hint estimates 'all': expected moves or position", `bad estimates option: ${JSON.stringify(badOption)}`);
  const g = new M.Game();
  const thought = JSON.parse(g.think(2, 0));
  check(thought.winprob >= 0 && thought.winprob <= 1, `the engine's answer carries winprob: ${JSON.stringify(thought)}`);
  g.delete();
  check(M.winProbability(29990, position) === 1 && M.winProbability(-29990, position) === 0, 'proven scores are certain');
  check(M.winProbability(0, 'nonsense') === -1, 'a position string that does not read gives -1');
  check(M.winProbability(0, '37') === -1, 'a layout is not a position: -1');
  let last = 0;
  for (let s = -2000; s <= 2000; s += 100) {
    const p = M.winProbability(s, position);
    check(p >= last && p > 0 && p < 1, `the curve rises: ${s} -> ${p}`);
    last = p;
  }
  finish('review_bindings');
})().catch((e) => { console.error(e); process.exit(1); });
