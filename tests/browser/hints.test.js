// Hints in real Chromium against the served site and its tables:
//  * a table position: the position value and every legal move's hint equal
//    the native probe (`zertz probe --tables`), and every table request is an
//    HTTP Range request (no whole-file download);
//  * a position beyond the tables: proof search in the worker shows an exact
//    win and marks the winning captures;
//  * a damaged table block: a clear message and no hint at all;
//  * parallel workers (?hintworkers=3, each proving a part of the moves):
//    the merged hints equal one worker's and the native proof search's.
// Site: build/site (make site), or ZERTZ_HINTS_SITE for a private copy.
'use strict';
const path = require('path');
const fs = require('fs');
const { execFileSync } = require('child_process');
const { prerequisites, startServer, launch, nativeZertz } = require('./browser_util');

const sourceDir = process.env.ZERTZ_SOURCE_DIR || path.resolve(__dirname, '../..');
const site = process.env.ZERTZ_HINTS_SITE || path.join(sourceDir, 'build/site');
prerequisites(site);
const zertz = nativeZertz();

let failures = 0;
function check(cond, message) {
  if (!cond) { failures++; console.error(`FAIL: ${message}`); }
  return cond;
}

// Native answers: {value, plies} for the position and per move.
function nativeProbe(pos, tables = path.join(site, 'tables')) {
  const own = execFileSync(zertz, ['probe', '--tables', tables, pos], { encoding: 'utf8' }).trim().split(/\s+/);
  const moves = new Map();
  for (const line of execFileSync(zertz, ['probe', '--tables', tables, '--moves', pos], { encoding: 'utf8' }).trim().split('\n')) {
    const [move, value, plies] = line.trim().split(/\s+/);
    moves.set(move, { value, plies });
  }
  return { value: own[0], plies: own[1], moves };
}

async function hintsOf(page) {
  await page.waitForFunction(() => {
    const v = document.querySelector('[data-testid="position-value"]');
    const note = document.querySelector('[data-testid="hints-note"]');
    return (v && v.hasAttribute('data-hint')) || (note && note.textContent.length > 0);
  }, null);
  return page.evaluate(() => {
    const v = document.querySelector('[data-testid="position-value"]');
    return {
      value: v.getAttribute('data-hint'),
      plies: v.getAttribute('data-plies'),
      text: v.textContent,
      note: document.querySelector('[data-testid="hints-note"]').textContent,
      moves: [...document.querySelectorAll('[data-hint-move]')].map((e) => ({
        move: e.getAttribute('data-hint-move'), value: e.getAttribute('data-hint'), plies: e.getAttribute('data-plies') })),
      legal: document.querySelectorAll('[data-legal]').length,
    };
  });
}

async function open(browser, url, onRequest) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });  // fresh IndexedDB
  context.on('request', onRequest || (() => {}));
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready]');
  return { context, page };
}

async function main() {
  if (!fs.existsSync(path.join(site, 'tables', 'blitz-4.dtm'))) throw new Error(`${site}/tables has no blitz tables: run 'make site'`);
  const server = await startServer(site);
  const browser = await launch();
  try {
    // 1. A 4-ring blitz position (in the site's tables) with winning and losing moves.
    const pos = 'blitz 0:3,1:1 .W./. 2,7,9 1,0,0 1,0,0 0';
    const tableRequests = [];
    const { context, page } = await open(browser, `${server.url}?hints=on&position=${encodeURIComponent(pos)}`, (req) => {
      if (req.url().includes('/tables/')) tableRequests.push({ url: req.url(), range: req.headers().range });
    });
    const got = await hintsOf(page);
    const want = nativeProbe(pos);
    check(got.note === '', `no error note for a table position (got '${got.note}')`);
    check(got.value === want.value && got.plies === want.plies, `position value ${got.value} ${got.plies} = native ${want.value} ${want.plies}`);
    check(got.moves.length === want.moves.size, `every legal move hinted: ${got.moves.length} of ${want.moves.size}`);
    for (const m of got.moves) {
      const n = want.moves.get(m.move);
      check(n && n.value === m.value && (n.plies || null) === m.plies, `move ${m.move}: browser ${m.value} ${m.plies}, native ${n && n.value} ${n && n.plies}`);
    }
    check(new Set(got.moves.map((m) => m.value)).size >= 2, 'the position mixes winning and losing moves');
    // The native client reads the same served files over HTTP Range (cli/http_source.cpp).
    const viaUrl = nativeProbe(pos, `${server.url}tables/`);
    check(viaUrl.value === want.value && viaUrl.plies === want.plies && viaUrl.moves.size === want.moves.size &&
          [...want.moves].every(([k, v]) => JSON.stringify(viaUrl.moves.get(k)) === JSON.stringify(v)),
          'zertz probe --tables <URL> answers like the local directory');
    check(tableRequests.length > 0, 'tables were fetched');
    for (const r of tableRequests) check(/^bytes=\d+-\d+$/.test(r.range || ''), `table request with a Range header: ${r.url} (${r.range})`);
    const ringMarks = await page.$$eval('[data-hint-cell]', (es) => es.length);
    check(ringMarks > 0, 'moves are marked on the board');
    await page.screenshot({ path: path.join(sourceDir, 'build/screenshots/hints-tables.png') }).catch(() => {});
    console.log(`tables: ${got.moves.length} moves hinted, ${tableRequests.length} Range requests`);
    check(page.errors.length === 0, `no page errors: ${page.errors.join('; ')}`);
    await context.close();

    // 2. Beyond the tables (37 rings): proof search proves the winning capture.
    const big = 'blitz 37 ..../...../....../...WW../....../...../.... 1,7,9 2,0,0 0,0,0 0';
    const p2 = await open(browser, `${server.url}?hints=on&position=${encodeURIComponent(big)}`);
    const g2 = await hintsOf(p2.page);
    check(g2.value === 'win' && g2.plies === '1', `37-ring position: win in 1 by proof (got ${g2.value} ${g2.plies}: ${g2.text} ${g2.note})`);
    const wins = g2.moves.filter((m) => m.value === 'win' && m.plies === '1').map((m) => m.move).sort();
    check(JSON.stringify(wins) === JSON.stringify(['xd4Wd6', 'xd5Wd3']), `both captures marked win in 1 (got ${JSON.stringify(g2.moves)})`);
    await p2.context.close();

    // 3. A damaged block: the server's bytes are flipped; the core's CRC check refuses them.
    const p3ctx = await browser.newContext();
    await p3ctx.route('**/tables/blitz-3.dtm', async (route) => {
      const res = await route.fetch();
      const body = Buffer.from(await res.body());
      const range = route.request().headers().range || '';
      const start = Number((/bytes=(\d+)-/.exec(range) || [])[1] || 0);
      if (start > 104) for (let i = 0; i < body.length; i++) body[i] ^= 0x5a;  // blocks only: the header is at 0, the index at 104
      await route.fulfill({ status: res.status(), headers: res.headers(), body });
    });
    const p3 = await p3ctx.newPage();
    p3.errors = [];
    await p3.goto(`${server.url}?hints=on&position=${encodeURIComponent(pos)}`);
    await p3.waitForSelector('body[data-ready]');
    const g3 = await hintsOf(p3);
    check(/blitz-3\.dtm/.test(g3.note) && /damaged|checksum|block/i.test(g3.note), `damaged table named in the message (got '${g3.note}')`);
    check(g3.value === null && g3.moves.length === 0, `no hint shown from a damaged table (got ${g3.value}, ${g3.moves.length} moves)`);
    await p3ctx.close();

    // 4. A real 48-ring endgame (win in 3) with 3 hint workers against 1 and
    //    against the native proof search of the position and of each move.
    const real = 'standard 48 --.../--B..-/--...--/--....--/--.G.--/-....-/..G../.... 3,3,2 1,2,5 2,1,2 0';
    const solveNative = (position, moves = []) =>
      execFileSync(zertz, ['solve', '--position', position, '--time', '20000', ...moves], { encoding: 'utf8' }).trim().split(/\s+/);
    const nativeRoot = solveNative(real);
    const byWorkers = {};
    for (const n of [1, 3]) {
      const p4 = await open(browser, `${server.url}?hints=on&p0=human&p1=human&hintworkers=${n}&position=${encodeURIComponent(real)}`);
      byWorkers[n] = await hintsOf(p4.page);
      if (n === 3) {
        // Play a winning move: the workers answer the next position too,
        // and the opponent has lost.
        const win = byWorkers[n].moves.find((m) => m.value === 'win');
        await p4.page.fill('[data-testid="move-input"]', win.move);
        await p4.page.press('[data-testid="move-input"]', 'Enter');
        await p4.page.waitForFunction((before) => {
          const v = document.querySelector('[data-testid="position-value"]');
          return v && v.getAttribute('data-hint') === 'loss' && !document.querySelector(`[data-hint-move="${before}"]`);
        }, win.move);
        const after = await hintsOf(p4.page);
        check(after.value === 'loss' && Number(after.plies) <= Number(byWorkers[n].plies) - 1,
              `after the winning move ${win.move} the opponent has lost: ${after.value} ${after.plies}`);
      }
      const workers = await p4.page.$eval('[data-hint-workers]', (e) => e.getAttribute('data-hint-workers'));
      check(workers === String(n), `${n} hint workers started (page says ${workers})`);
      check(p4.page.errors.length === 0, `no page errors with ${n} workers: ${p4.page.errors.join('; ')}`);
      await p4.context.close();
    }
    const [one, three] = [byWorkers[1], byWorkers[3]];
    check(three.value === nativeRoot[0] && three.plies === nativeRoot[1] && one.value === three.value && one.plies === three.plies,
          `48-ring endgame: 3 workers ${three.value} ${three.plies}, 1 worker ${one.value} ${one.plies}, native ${nativeRoot[0]} ${nativeRoot[1]}`);
    check(three.moves.length > 0 && new Set(three.moves.map((m) => m.move)).size === three.moves.length,
          `3 workers hint moves, each once (${three.moves.length} moves)`);
    const oneByMove = new Map(one.moves.map((m) => [m.move, m]));
    let compared = 0;
    for (const m of three.moves) {
      const o = oneByMove.get(m.move);
      if (o) check(o.value === m.value, `move ${m.move}: 3 workers ${m.value}, 1 worker ${o.value}`);
      if (compared >= 6) continue;
      // The mover's result after the move is the opposite of the successor's value.
      const after = solveNative(real, [m.move])[0];
      const want = { win: 'loss', loss: 'win', draw: 'draw' }[after];
      if (want) { compared++; check(want === m.value, `move ${m.move}: 3 workers ${m.value}, native ${want}`); }
    }
    check(compared > 0, 'moves compared with the native proof search');
    console.log(`parallel: 1 worker ${one.moves.length} moves hinted, 3 workers ${three.moves.length}`);
  } finally {
    await browser.close();
    server.stop();
  }
  if (failures) { console.error(`${failures} check(s) failed`); process.exit(1); }
  console.log('hints: all checks passed');
}

main().catch((e) => { console.error(e); process.exit(1); });
