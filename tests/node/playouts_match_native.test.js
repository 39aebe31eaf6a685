// Random playouts on every layout and marble set: at every ply the wasm
// core's legal moves (canonical text, canonical order) equal the native
// protocol's legal_moves, and after every game the position string, move
// list and status agree.
'use strict';
const { nativeZertz, loadWasm, runProtocol, rng, check, finish } = require('./wasm_util');

const LAYOUTS = ['37', '40', '43', '44', '48', '61'];
const SETS = ['blitz', 'standard'];

(async () => {
  nativeZertz();  // runProtocol's engine
  const M = await loadWasm();
  const random = rng(20261129);
  const games = [];
  for (const layout of LAYOUTS) for (const marbles of SETS) {
    const g = new M.Game();
    check(g.newGame(marbles, layout) === '', `new game ${marbles} ${layout}`);
    const lines = [`variant ${marbles} ${layout}`];
    const expected = [''];
    let state = JSON.parse(g.state());
    for (let ply = 0; ply < 300 && !state.over; ++ply) {
      lines.push('legal_moves');
      expected.push(state.legal.map((m) => m.t).join(' '));
      const move = state.legal[Math.floor(random() * state.legal.length)].t;
      check(g.play(move) === '', `${marbles} ${layout} ply ${ply + 1}: wasm accepts its own legal move ${move}`);
      lines.push(`play ${move}`);
      expected.push(null);  // the echo may carry an isolation suffix; checked below via positions
      state = JSON.parse(g.state());
      lines.push('position');
      expected.push(state.position);
    }
    lines.push('moves', 'status');
    const caps = state.caps.map((c) => c.join(' ')).join(' ');
    const result = !state.over ? 'none' : state.winner < 0 ? 'draw' : String(state.winner);
    expected.push(state.moves.join(' '), `turn ${state.turn} result ${result} pool ${state.pool.join(' ')} captures ${caps}`);
    games.push({ name: `${marbles} ${layout}`, lines, expected, plies: state.moves.length, over: state.over });
    g.delete();
  }
  for (const game of games) {
    const answers = runProtocol(game.lines);
    check(answers.length >= game.expected.length, `${game.name}: native answered every line`);
    let firstDiff = -1;
    for (let i = 0; i < game.expected.length && firstDiff < 0; ++i) {
      const a = answers[i] || { ok: false, text: '(none)' };
      if (!a.ok || (game.expected[i] !== null && a.text !== game.expected[i])) firstDiff = i;
    }
    check(firstDiff < 0, `${game.name}: native and wasm agree ply by ply` + (firstDiff < 0 ? '' :
      ` — first difference at '${game.lines[firstDiff]}': native '${(answers[firstDiff] || {}).text}'`.slice(0, 400)));
    check(game.plies > 5, `${game.name}: the playout is a real game (${game.plies} plies)`);
  }
  check(games.some((g) => g.over), 'some playouts reach the end of the game');
  finish('wasm playouts match native ply by ply');
})().catch((e) => { console.error(e); process.exit(1); });
