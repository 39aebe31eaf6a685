// The puzzles page reads the puzzle file through the core (wasm puzzlesRead):
// every line of the shipped set comes back typed, moves canonical, and a
// damaged line is refused naming the line and the field. The page's rating
// (web/puzzles/rating.js) moves the right way and chooses puzzles near it;
// its hints escalate from the theme to the marble to the ring.
'use strict';
const fs = require('fs');
const path = require('path');
const { loadWasm, check, finish, sourceDir } = require('./wasm_util');

(async () => {
  const M = await loadWasm();
  const core = new (await import(path.join(sourceDir, 'web/core/wasm-core.js'))).Core(M);
  const file = ['data/puzzles/puzzles.jsonl', 'data/puzzles/mined.jsonl'].map((f) => path.join(sourceDir, f)).find((f) => fs.existsSync(f));
  const text = fs.readFileSync(file, 'utf8');
  const lines = text.split('\n').filter((l) => l);
  const read = core.readPuzzles(text);
  check(!read.error && read.puzzles.length === lines.length, `every line of ${file} is read: ${read.error || read.puzzles.length}`);
  for (const [i, p] of (read.puzzles || []).entries()) {
    const raw = JSON.parse(lines[i]);
    const same = p.id === raw.id && p.position === raw.position && p.rating === raw.rating &&
      JSON.stringify(p.solutions) === JSON.stringify(raw.solutions) && JSON.stringify(p.line) === JSON.stringify(raw.line) &&
      JSON.stringify(p.themes) === JSON.stringify(raw.themes) && JSON.stringify(p.source.players) === JSON.stringify(raw.source.players) &&
      p.source.found === raw.source.found && p.source.ply === raw.source.ply;
    check(same, `line ${i + 1} read as written: ${JSON.stringify(p)}`);
  }

  // Damage: the line and the field are named.
  const good = lines[0], raw = JSON.parse(good);
  const damaged = [
    [{ ...raw, solutions: ['Wz9,a1'] }, /^line 2: solutions: 'Wz9,a1' is not a legal move/],
    [{ ...raw, id: '000000000000' }, /^line 2: id: '000000000000' does not match the position$/],
    [{ ...raw, rating: 'hard' }, /^line 2: rating: expected a whole number$/],
    [{ ...raw, source: { ...raw.source, players: ['only one'] } }, /^line 2: source: players: expected two names$/],
  ];
  for (const [bad, re] of damaged) {
    const r = core.readPuzzles(`${good}\n${JSON.stringify(bad)}\n`);
    check(r.error && re.test(r.error), `damaged line refused: ${JSON.stringify(r).slice(0, 200)}`);
  }
  const cut = core.readPuzzles(`${good}\n${good.slice(0, 50)}\n`);
  check(cut.error && /^line 2: /.test(cut.error), `a cut line refused: ${cut.error}`);

  // The rating: a solved puzzle raises it, a miss lowers it, more against
  // an easier puzzle; the theme hint alone keeps a full score.
  const r = await import(path.join(sourceDir, 'web/puzzles/rating.js'));
  check(r.nextRating(1500, 1500, 1, 20) > 1500 && r.nextRating(1500, 1500, 0, 20) < 1500, 'a solve raises, a miss lowers');
  check(1500 - r.nextRating(1500, 1000, 0, 20) > 1500 - r.nextRating(1500, 2000, 0, 20), 'missing an easy puzzle costs more');
  check(r.tryScore(true, 1) === 1 && r.tryScore(true, 2) === 0.5 && r.tryScore(true, 3) === 0 && r.tryScore(false, 0) === 0, 'scores by hints');
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  check(r.loadProfile(storage).rating === r.START_RATING, 'a new player starts at the start rating');
  r.saveProfile(storage, { rating: 1712, tries: 3, streakBest: 2, seen: ['a'] });
  check(r.loadProfile(storage).rating === 1712, 'the rating is kept');
  store.set('zertz-puzzles', '{broken');
  check(r.loadProfile(storage).rating === r.START_RATING, 'an unreadable profile starts afresh');
  const ps = [900, 1200, 1290, 1310, 1800].map((rating, i) => ({ id: `p${i}`, rating }));
  check(r.choosePuzzle(ps, 1300, [], () => 0, 2).id === 'p2' || r.choosePuzzle(ps, 1300, [], () => 0, 2).id === 'p3', 'the closest puzzle first');
  check(r.choosePuzzle(ps, 1300, ['p2', 'p3'], () => 0, 1).id === 'p1', 'a seen puzzle is skipped');

  // Hints: the theme, then the marble, then the ring.
  const w = await import(path.join(sourceDir, 'web/puzzles/words.js'));
  const place = { t: 'Wd4,a1', k: 'place', c: 'W', to: 'd4', rm: 'a1' };
  check(/^Theme: isolation/.test(w.hintText(['isolation'], place, 1).text), 'level 1: the theme');
  check(w.hintText(['isolation'], place, 2).text === 'Place a white marble.', 'level 2: the marble');
  const ring = w.hintText(['isolation'], place, 3);
  check(ring.text === 'Place a white marble on d4.' && ring.cell === 'd4', 'level 3: the ring');
  const jump = w.hintText([], { t: 'xc3Wc5', k: 'capture', from: 'c3', path: ['c5'], over: ['c4'] }, 2);
  check(jump.cell === 'c3', 'a capture: the marble that jumps');
  finish('puzzle_file_binding');
})().catch((e) => { console.error(e); process.exit(1); });
