// The explorer tab reads the book through the core (wasm explorerShardOf and
// explorerMoves): for a book built by the native `zertz explorer` from a
// small fixture (tests/fixtures/explorer), the moves of the start position
// are exact, in the orientation shown (a mirrored opening counted once), and
// the same as `zertz explorer-show`; a damaged shard is refused naming what.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { loadWasm, nativeZertz, check, finish, sourceDir } = require('./wasm_util');

(async () => {
  const zertz = nativeZertz();
  const M = await loadWasm();
  const core = new (await import(path.join(sourceDir, 'web/core/wasm-core.js'))).Core(M);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-'));
  execFileSync(zertz, ['explorer', path.join(sourceDir, 'tests/fixtures/explorer'), '--out', dir], { stdio: 'ignore' });
  const start = core.fresh('standard', '37').position;
  const where = core.explorerShardOf(start);
  check(/^explorer-[0-9a-f]{2}\.json$/.test(where.name) && where.name === `explorer-${where.shard.toString(16).padStart(2, '0')}.json`, `the shard's name: ${JSON.stringify(where)}`);
  const text = fs.readFileSync(path.join(dir, where.name), 'utf8');
  const got = core.explorerMoves(text, where.shard, start);
  const rows = (got.moves || []).map((m) => `${m.move} ${m.people.join('/')} ${m.robots.join('/')}`);
  check(JSON.stringify(rows) === JSON.stringify(['Wd4,a1 2/1/1 1/0/1', 'Bd4,a1 1/0/0 0/0/0']), `the start's rows: ${JSON.stringify(got)}`);
  const shown = execFileSync(zertz, ['explorer-show', dir, start], { encoding: 'utf8' }).trim().split('\n').map((l) => l.trim().split(/\s+/).join(' '));
  const mine = (got.moves || []).map((m) => [m.move, ...m.people, ...m.robots].join(' '));
  check(JSON.stringify(shown) === JSON.stringify(mine), `the same as zertz explorer-show: ${JSON.stringify(shown)}`);

  // The moves of a mirrored position are its own legal moves.
  const after = core.replay(start, ['Wd4,g1']);
  const inner = core.explorerMoves(fs.readFileSync(path.join(dir, core.explorerShardOf(after.position).name), 'utf8'),
    core.explorerShardOf(after.position).shard, after.position);
  const legal = new Set(after.legal.map((m) => m.t));
  check(inner.moves && inner.moves.length === 3 && inner.moves.every((m) => legal.has(m.move)), `after a mirrored opening: ${JSON.stringify(inner)}`);

  for (const [bad, re] of [[text.slice(0, text.length / 2), /^explorer book: /], [text.replace('"version":1', '"version":7'), /version 7, expected 1/],
    ['{}', /not a zertz-explorer file/]]) {
    const r = core.explorerMoves(bad, where.shard, start);
    check(r.error && re.test(r.error), `a damaged shard is refused: ${JSON.stringify(r).slice(0, 200)}`);
  }
  check(/shard .* expected/.test(core.explorerMoves(text, (where.shard + 1) % 256, start).error || ''), 'another shard is refused');
  check(/^position: /.test(core.explorerShardOf('standard 37 nonsense').error || ''), 'a bad position is refused');
  fs.rmSync(dir, { recursive: true, force: true });
  finish('explorer_bindings');
})().catch((e) => { console.error(e); process.exit(1); });
