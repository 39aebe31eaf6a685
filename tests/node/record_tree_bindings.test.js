// The game-tree bindings the browser's move list uses: recordToTree(text)
// gives the shared tree JSON (meta, comments, marks, variations) and
// treeToRecord(json, format) writes our record or SGF; both round-trip, and
// bad input gives {"error": ...} naming what was wrong.
'use strict';
const fs = require('fs');
const path = require('path');
const { loadWasm, check, finish } = require('./wasm_util');

const recordsDir = process.env.ZERTZ_RECORDS_DIR || path.resolve(__dirname, '../../../shared/records');

const RECORD = `[Variant "standard 37"]
[Player0 "ann"]
[Player1 "bob"]
[Result "1 resign"]

; before the first move
1. Wd4,a1 ; centre first
Bg1,a2? (1... Gg2,a2 2. Wb2,a3 (2. Wb3,a3 ; the quiet one
) 2... Be5,a4??) 2. Wb2,a3
`;

(async () => {
  const M = await loadWasm();
  const tree = JSON.parse(M.recordToTree(RECORD));
  check(!tree.error, `the record reads: ${tree.error}`);
  check(tree.meta.player0 === 'ann' && tree.meta.player1 === 'bob', 'player names');
  check(tree.meta.result === '1' && tree.meta.resultReason === 'resign', `resignation: ${JSON.stringify(tree.meta)}`);
  check(tree.meta.variant.marbles === 'standard' && tree.meta.variant.layout === '37' && tree.meta.start === '',
        'variant and a standard start');
  check(tree.root.comment === 'before the first move', 'root comment');
  const w = tree.root.children[0];
  check(w.move === 'Wd4,a1' && w.comment === 'centre first' && w.mark === '', 'first move with its comment');
  check(w.children.length === 2 && w.children[0].mark === 'mistake' && w.children[1].move === 'Gg2,a2',
        'main line first, then the variation');
  check(w.children[1].children[1].comment === 'the quiet one', 'nested variation keeps its comment');
  check(w.children[1].children[0].children[0].mark === 'decisive', 'decisive mark');

  // Round trips: tree -> SGF -> tree and tree -> ours -> tree give the same tree.
  const json = JSON.stringify(tree);
  const sgf = M.treeToRecord(json, 'sgf');
  check(sgf.startsWith('(;') && /C\[centre first\]/.test(sgf) && /BM\[2\]/.test(sgf), 'SGF with C[] and BM[]');
  const viaSgf = JSON.parse(M.recordToTree(sgf));
  check(JSON.stringify(viaSgf) === json, `ours -> SGF -> ours keeps the tree:\n${JSON.stringify(viaSgf)}\n${json}`);
  const own = M.treeToRecord(json, 'record');
  check(own.includes('(1... Gg2,a2'), `our format writes the variation:\n${own}`);
  check(JSON.stringify(JSON.parse(M.recordToTree(own))) === json, 'ours -> tree keeps the tree');

  // The web edits the tree: a new variation added in JSON is exported.
  tree.root.children.push({ move: 'Bg1,a1', comment: 'edited', mark: '', children: [] });
  const edited = JSON.parse(M.recordToTree(M.treeToRecord(JSON.stringify(tree), 'sgf')));
  check(edited.root.children.length === 2 && edited.root.children[1].comment === 'edited', 'an added variation is kept');

  // A real tutorial: comments at the moves, names kept.
  const tut = JSON.parse(M.recordToTree(fs.readFileSync(path.join(recordsDir, 'tutorials/zertz_basic_tutorial_02.sgf'), 'utf8')));
  check(tut.meta.player0 === 'SmartBot' && tut.meta.player1 === 'BasicTutorial', 'tutorial players');
  check(/^Smartbot plays/.test(tut.root.comment), 'tutorial introduction at the start');
  check(/^No easy attack/.test(tut.root.children[0].children[0].comment), 'tutorial comment at its move');
  check(tut.meta.result === '1' && tut.meta.resultReason === 'set', `tutorial won by a set: ${tut.meta.result}`);

  // Bad input: an error object naming what was wrong, never a crash.
  const bad = (text, re, what) => {
    const r = JSON.parse(text);
    check(r.error && re.test(r.error), `${what}: ${JSON.stringify(r)}`);
  };
  bad(M.recordToTree(''), /empty record/, 'empty text');
  bad(M.recordToTree('(;GM[22]SU[Zertz]'), /missing '\)'/, 'truncated SGF');
  bad(M.treeToRecord('{', 'sgf'), /JSON/, 'broken JSON');
  bad(M.treeToRecord(json, 'pgn'), /unknown format 'pgn'/, 'unknown format');
  const illegal = JSON.parse(json);
  illegal.root.children[0].children[0].move = 'Wz9,a1';
  bad(M.treeToRecord(JSON.stringify(illegal), 'record'), /root\.children\[0\]\.children\[0\]: move 'Wz9,a1'/, 'illegal move');
  const damaged = JSON.parse(M.recordToTree('[Variant "standard 37"]\n1. Wd4,a1 Wd4,a2\n'));
  check(damaged.root.children.length === 1 && /damaged at turn 2/.test(damaged.damage), 'a damaged record keeps its legal part');

  finish('record_tree_bindings');
})().catch((e) => { console.error(e); process.exit(1); });
