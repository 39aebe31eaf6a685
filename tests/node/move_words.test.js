// The words the page uses (web/play/describe.js) for moves and results, on real
// states from the wasm core: a placement with its removal, a jump with the
// colour it took, an isolation, the players' names, and every end reason.
'use strict';
const path = require('path');
const { loadWasm, check, finish, sourceDir } = require('./wasm_util');

(async () => {
  const M = await loadWasm();
  const words = await import(path.join(sourceDir, 'web/play/describe.js'));
  const g = new M.Game();
  const st = () => JSON.parse(g.state());

  g.play('Wd4,d7');
  let s = st();
  check(words.describeMove(s.last, s, null, 'The computer') === 'The computer placed white on d4 and removed d7', 'placement with removal');
  g.playMoves('Bf2,e6 Bb4,f5 Bb2,g4 Wb1,b5');
  const before = st();
  g.play('xb1Bb3');
  s = st();
  check(words.describeMove(s.last, s, before, 'You') === 'You jumped b1 over b2 to b3, taking black', `jump with its colour: ${words.describeMove(s.last, s, before, 'You')}`);
  check(words.describeMove(s.last, s, null, 'You') === 'You jumped b1 over b2 to b3', 'without the position before, the colour is left out');
  // A move written in notation, in words (its tooltip and screen reader text), from the core's move.
  const legal = (text) => before.legal.find((l) => l.t === text);
  check(words.moveInWords(legal('xb1Bb3')) === 'jump b1 over b2 to b3', `a jump in words: ${words.moveInWords(legal('xb1Bb3'))}`);
  check(words.moveInWords({ k: 'place', c: 'W', to: 'd4', rm: 'a2' }) === 'white on d4, remove a2' && words.moveInWords({ k: 'place', c: 'G', to: 'c3' }) === 'grey on c3'
    && words.moveInWords({ k: 'pass' }) === 'pass', 'placements and a pass in words');

  // The isolation of the browser test: Bc5,b3 cuts off a2 (white).
  const iso = new M.Game();
  iso.playMoves('Bd5,d1 Ge4,f1 xd5Gf3 Be4,a1 xe4Bg2 We1,b1 Ba3,b2 Bd4,c6 Bg4,g3 Wa2,c1 xa2Ba4 Wa3,e6 xa4Wa2 ' +
    'Wc4,d7 xd4Wb4 Be5,a4 Bg1,a3 Wf4,c2 xf4Bd6 Bf2,c3 xg2Be2 xe1Be3 Bc5,b3');
  s = JSON.parse(iso.state());
  check(words.describeMove(s.last, s, null, 'Ann') === 'Ann placed black on c5 and removed b3, cutting off a2 and taking white on a2', `isolation: ${words.describeMove(s.last, s, null, 'Ann')}`);
  check(words.describeIsolation(s, 'You') === 'a2 was cut off with no free ring, so you take 1 marble', 'why the ring went');

  // Names.
  const human = { kind: 'human' }, engine = { kind: 'engine', level: 3 };
  check(words.playerNames([human, engine]).join('|') === 'You|Computer (level 3)', 'against the engine: You and Computer (level N)');
  check(words.playerNames([{ kind: 'human', name: 'Ann' }, human]).join('|') === 'Ann|Player 2', 'hotseat names, default Player N counted from 1');
  check(words.playerNames([human, { kind: 'friend' }]).join('|') === 'You|Your friend', 'a game by link: You and Your friend');
  check(words.moveSubject([human, engine], 1) === `Computer (level ${engine.level})` && words.moveSubject([human, engine], 0) === 'You', 'the subject is the name on the card');

  // Results: a real win by a set, and each other reason's words.
  const win = new M.Game();
  check(win.setPosition('standard 37 ..../...../....../...GW../....../...../.... 2,7,10 3,0,0 0,0,0 0') === '', 'near-win position loads');
  win.play('xd4Wd6');
  s = JSON.parse(win.state());
  const r = words.describeResult(s, ['You', 'Computer (level 3)']);
  check(s.over && r.title === 'You won' && r.detail === 'by completing a set: 4 white marbles', `set completed: ${JSON.stringify(r)}`);
  const like = (reason, winner) => ({ ...s, reason, winner });
  check(words.describeResult(like('board-emptied', 1), ['You', 'Bo']).title === 'Bo won' &&
    /board is empty/.test(words.describeResult(like('board-emptied', 1), ['You', 'Bo']).detail), 'board emptied');
  check(/both players passed/.test(words.describeResult(like('two-passes', -1), ['A', 'B']).detail) &&
    words.describeResult(like('two-passes', -1), ['A', 'B']).title === 'Draw', 'two passes: a draw');
  check(/third time/.test(words.describeResult(like('repetition', -1), ['A', 'B']).detail), 'repetition: a draw');

  // A record's result at the end of its main line, in the cards' names; not
  // before its end, and never for a game still going on by the record.
  const open = { ...s, over: false };
  const resigned = words.gameOutcome(open, { result: '0', resultReason: 'resign' }, true);
  check(resigned && resigned.winner === 0 && resigned.recorded, `a resignation ends the record: ${JSON.stringify(resigned)}`);
  check(words.gameOutcome(open, { result: '0', resultReason: 'resign' }, false) === null, 'not before the end of the main line');
  check(words.gameOutcome(open, { result: '', resultReason: '' }, true) === null, 'an unfinished record goes on');
  check(words.outcomeWords(resigned, open, ['Alice', 'Bob']).line === 'Bob resigned — Alice wins', 'resignation in names');
  check(words.outcomeWords({ winner: 1, reason: 'resign' }, open, ['You', 'Computer (level 3)']).line === 'You resigned — Computer (level 3) wins', 'you resigned');
  check(words.outcomeWords({ winner: 0, reason: 'time' }, open, ['You', 'Bo']).line === 'Bo ran out of time — you win', 'time in names');
  check(words.outcomeWords({ winner: -1, reason: 'repetition' }, open, ['A', 'B']).line.startsWith('Draw by repetition'), 'repetition line');
  finish('move and result words');
})();
