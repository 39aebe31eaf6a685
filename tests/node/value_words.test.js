// Values in the players' unit (web/hints/values.js): the winner's turns from the
// core's plies, the position's distance equal to its best move's (the core
// counts the move itself as a move's first ply), "at most" for a distance
// not shown shortest, and a stable best-first order. The plies come from
// the native proof search of real positions, not from the test.
'use strict';
const path = require('path');
const { execFileSync } = require('child_process');
const { check, finish, sourceDir, nativeZertz } = require('./wasm_util');

(async () => {
  const zertz = nativeZertz();
  const v = await import(path.join(sourceDir, 'web/hints/values.js'));
  // A win in 1 for the side to move (a capture completes a set) and the
  // position after it, lost at once for the other side.
  const won = 'blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0';
  const [value, plies] = execFileSync(zertz, ['solve', '--position', won, '--time', '5000'], { encoding: 'utf8' }).trim().split(/\s+/);
  check(value === 'win' && plies === '1', `the native proof: ${value} ${plies}`);
  const pos = v.positionWords({ value, plies: Number(plies), shortest: true }, 0);
  check(pos.text === 'Player 1 wins in 1 turn' && pos.turns === 1, `a win in 1 ply is 1 turn: '${pos.text}'`);
  const best = v.moveWords({ move: 'xd4Wd6', value: 'win', plies: Number(plies) });
  check(best.turns === pos.turns && best.text === 'Player 1 wins in 1 turn', `the best move says the position's turns: '${best.text}'`);

  // The winner's turns: the mover wins on odd plies, loses on even ones.
  for (const [p, turns] of [[1, 1], [3, 2], [5, 3], [13, 7]]) check(v.winnerTurns(p) === turns, `win in ${p} plies = ${turns} turns`);
  for (const [p, turns] of [[2, 1], [4, 2], [8, 4]]) check(v.winnerTurns(p) === turns, `loss in ${p} plies = the opponent's ${turns} turns`);
  const lost = v.positionWords({ value: 'loss', plies: 8, shortest: true }, 1);
  check(lost.text === 'Lost for Player 2: Player 1 wins in 4 turns at best', `a loss names the winner and their turns: '${lost.text}'`);
  // The names the player cards show: "You" takes the plain verb.
  const you = ['You', 'Computer (level 3)'];
  check(v.positionWords({ value: 'win', plies: 5, shortest: true }, 0, you).text === 'You win in 3 turns', 'you win in your turns');
  check(v.positionWords({ value: 'loss', plies: 4, shortest: true }, 0, you).text === 'Lost for you: Computer (level 3) wins in 2 turns at best', 'lost for you, named winner');
  check(v.positionWords({ value: 'loss', plies: 4, shortest: true }, 1, ['Alice', 'Bob']).text === 'Lost for Bob: Alice wins in 2 turns at best', 'hotseat names');
  check(v.estimateWords(0.52, 0, you) === 'Estimate: you win 52% of such games' && v.estimateWords(0.52, 1, ['Alice', 'Bob']) === 'Estimate: Alice wins 48% of such games', 'a position\'s estimate is always the first player\'s chances, by name (as the evaluation bar)');
  const bound = v.positionWords({ value: 'win', plies: 11, shortest: false }, 0);
  check(bound.text === 'Player 1 wins in at most 6 turns' && bound.short === '≤6', `a line not shown shortest: '${bound.text}'`);
  const boundLoss = v.positionWords({ value: 'loss', plies: 8, shortest: false }, 1);
  check(boundLoss.text === 'Lost for Player 2: Player 1 wins in at most 4 turns', `a loss not shown shortest is a bound, not "at best": '${boundLoss.text}'`);
  // A move's row names who wins: the mover, or the opponent after a losing move.
  const lossRow = v.moveWords({ move: 'Wa1', value: 'loss', plies: 4, bound: true }, 0, you);
  check(lossRow.text === 'Computer (level 3) wins in at most 2 turns' && lossRow.brief === 'Computer wins in ≤2' && lossRow.short === '≤−2',
    `a losing move on a found line names the winner, at most: ${JSON.stringify(lossRow)}`);
  const winRow = v.moveWords({ move: 'Wa1', value: 'win', plies: 5 }, 1, ['Alice', 'Bob']);
  check(winRow.text === 'Bob wins in 3 turns' && winRow.brief === 'Bob wins in 3', `a winning move names its mover: ${JSON.stringify(winRow)}`);
  const est = v.estimateMoveWords(0.48, 0, you), estEngine = v.estimateMoveWords(0.48, 1, you);
  check(est.text === 'Estimate: you win 48%' && estEngine.brief === 'Est.: Computer wins 48%', `estimated moves name the mover: ${JSON.stringify([est, estEngine])}`);
  check(!/pl(y|ies)/.test(`${pos.text} ${lost.text} ${bound.text}`) && /3 plies/.test(v.pliesTip(3)), 'plies only in the tooltip');

  // A win not shown shortest reads its fastest proven move's distance when
  // that is shorter: the position and its best move say the same turns.
  const found = { source: 'proof', value: 'win', plies: 11, pliesExact: false, moves: [{ move: 'Gf4,e2', value: 'win', plies: 9, bound: true }, { move: 'Gd2,e2', value: 'win', plies: 11, bound: true }] };
  const shown = v.shownValue(found);
  check(shown.plies === 9 && !shown.shortest && v.positionWords(shown, 0).text === `Player 1 wins in at most ${v.moveWords(found.moves[0]).turns} turns`,
    `the position reads its best move's bound: ${JSON.stringify(shown)}`);
  check(v.shownValue({ source: 'tables', value: 'win', plies: 5, moves: [{ move: 'Wa1', value: 'win', plies: 5 }] }).plies === 5, 'a table distance is kept');

  // Best first, equal values by the move's text: the same list every time.
  const moves = [
    { move: 'Wb2', value: 'loss', plies: 2 }, { move: 'Wa1', value: 'win', plies: 3 }, { move: 'Gc3', value: 'draw' },
    { move: 'Wa2', value: 'win', plies: 3 }, { move: 'Bd4', value: 'loss', plies: 6 }, { move: 'Ba1', value: 'win', plies: 1 },
    { move: 'Bb1', value: 'win', plies: 3, bound: true },
  ];
  const order = (list) => [...list].sort(v.compareHints).map((m) => m.move).join(' ');
  const want = 'Ba1 Wa1 Wa2 Bb1 Gc3 Bd4 Wb2';
  check(order(moves) === want && order([...moves].reverse()) === want, `best first, stable: ${order(moves)}`);
  // One rule for proven moves and estimates: wins, then estimates and draws
  // by the mover's chances (a draw is 50%), then losses, the slowest first.
  const mixed = [...moves, { move: 'Gd1', winprob: 0.22 }, { move: 'Ge2', winprob: 0.61 }, { move: 'Gf3', winprob: 0.48 }];
  const mixedWant = 'Ba1 Wa1 Wa2 Bb1 Ge2 Gc3 Gf3 Gd1 Bd4 Wb2';
  check(order(mixed) === mixedWant && order([...mixed].reverse()) === mixedWant, `a proven loss never above an estimate: ${order(mixed)}`);
  // Only the estimates the engine told apart from its choice: the core caps
  // the others at the choice's score.
  const compared = (list) => v.comparedEstimates({ estimates: list }).map((e) => e.move).join(' ');
  check(compared([{ move: 'Wa1', winprob: 0.48 }, { move: 'Wa2', winprob: 0.48 }, { move: 'Wb1', winprob: 0.31 }]) === 'Wa1 Wb1', 'estimates at the cap are left out');
  check(compared([]) === '', 'no estimates, none listed');
  finish('value words');
})().catch((e) => { console.error(e); process.exit(1); });
