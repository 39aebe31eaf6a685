// The wasm Game object the browser uses: errors leave the game unchanged,
// undo/redo and goto walk the history, the seed example's forced capture is
// reported with its path, and record import/export round-trips.
'use strict';
const { loadWasm, check, finish } = require('./wasm_util');

const SEED = 'Wd4,d7 Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5';

(async () => {
  const M = await loadWasm();
  const g = new M.Game();
  const st = () => JSON.parse(g.state());

  // A bad move list is all or nothing, and names the move.
  const before = g.positionString();
  const err = g.playMoves('Wd4,d7 Bf2,zz');
  check(/^move 2: /.test(err), `bad move list names move 2: '${err}'`);
  check(g.positionString() === before && g.ply() === 0, 'bad move list changes nothing');

  check(g.playMoves(SEED) === '', 'seed example plays');
  let s = st();
  check(s.forcedCapture && s.turn === 1, 'after the seed moves player 1 must capture');
  check(s.legal.length === 1 && s.legal[0].t === 'xb1Bb3' && s.legal[0].from === 'b1' &&
        s.legal[0].path.join() === 'b3' && s.legal[0].over.join() === 'b2', 'the only legal move is xb1Bb3 with its path');
  const e = g.play('Wa1,a2');
  check(/capture is compulsory/.test(e), `a placement during a forced capture is refused: '${e}'`);
  check(g.ply() === 5, 'the refused move changed nothing');
  check(g.play('xb1Bb3') === '', 'the capture plays');
  s = st();
  check(s.caps[1].join() === '0,0,1' && s.moves.length === 6, 'player 1 captured one black');

  // Undo/redo/goto keep the undone moves for redo until a new move.
  check(g.undo() && g.undo() && g.ply() === 4, 'two undos');
  s = st();
  check(s.future.join(' ') === 'Wb1,b5 xb1Bb3', `future holds the undone moves: ${s.future}`);
  check(g.turnAt(6) === 0 && g.turnAt(5) === 1 && g.turnAt(7) === -1, 'turnAt sees through the redo list');
  check(g.redo() && g.ply() === 5, 'redo');
  check(g.gotoPly(0) === 0 && st().future.length === 6, 'goto start keeps all moves ahead');
  check(g.gotoPly(99) === 6, 'goto past the end stops at the last move');
  g.gotoPly(2);
  check(g.play('Gc3,a1') === '' && st().future.length === 0, 'a new move from an earlier point drops the moves ahead');

  // Positions round-trip; bad position strings are refused with a message.
  const pos = g.positionString();
  const h = new M.Game();
  check(h.setPosition(pos) === '' && h.positionString() === pos, 'position string round-trips');
  const perr = h.setPosition('standard 37 nonsense');
  check(perr.length > 0 && h.positionString() === pos, `bad position string refused: '${perr}'`);
  check(h.newGame('standard', '99') !== '' && h.positionString() === pos, 'unknown layout refused');

  if (M.hasRecords()) {
    g.gotoPly(0);
    g.playMoves('Wb2,a1 Bc3,g1');
    const rec = g.exportRecord('Player0=ann\nPlayer1=bob');
    check(/\[Player0 "ann"\]/.test(rec) && /Wb2,a1/.test(rec), 'export writes tags and moves');
    const r = JSON.parse(h.importRecord(rec, false));
    check(!r.error && h.moveList() === g.moveList(), `record round-trips: ${JSON.stringify(r)}`);
    const sgf = g.exportSgf('');
    const r2 = JSON.parse(h.importRecord(sgf, false));
    check(!r2.error && h.moveList() === g.moveList(), 'sgf round-trips');
    const keep = h.positionString() + h.moveList();
    const bad = JSON.parse(h.importRecord("this is not a record", false));
    check(bad.error && /line 1/.test(bad.error), `bad record gives a message naming the line: ${bad.error}`);
    check(h.positionString() + h.moveList() === keep, 'a bad record changes nothing');
    const damagedText = '(;GM[22]SU[Zertz]\n; P0[1 RtoB 2 0 D 4]\n; P0[2 R- D 7]\n; P0[3 Done]\n; P1[4 RtoB 2 0 D 4]\n; P1[5 Done]\n)';
    const d = JSON.parse(h.importRecord(damagedText, false));
    check(d.error && d.damaged && /turn 2/.test(d.error), `a damaged record is refused, naming the turn: ${d.error}`);
    check(h.positionString() + h.moveList() === keep, 'a refused damaged record changes nothing');
    const d2 = JSON.parse(h.importRecord(damagedText, true));
    check(!d2.error && d2.damaged && h.moveList() === 'Wd4,d7', `allowed, its legal prefix loads: ${h.moveList()}`);
  }
  if (M.hasEngine()) {
    const t = JSON.parse(g.think(1, 0));
    check(s.legal !== undefined && st().legal.some((m) => m.t === t.move), `engine level 1 returns a legal move (${t.move})`);
  }
  finish('wasm Game bindings');
})().catch((e) => { console.error(e); process.exit(1); });
